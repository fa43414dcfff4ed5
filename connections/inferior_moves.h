#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <vector>

namespace hex {

// Moves the side to move (X; Y is the opponent) never needs to try, by local tests built on
// isDead and captured pairs (docs/connections.md has the proofs):
//   vulnerable: an empty cell c that a Y stone on a neighbour k (the killer) makes dead. X's
//               move c is reversible: after Y's answer k, X's stone is dead and Y is a stone up,
//               so if c wins, some other move wins too, and winning moves can be followed to one
//               that is not vulnerable. All vulnerable cells are pruned together.
//   dominated:  a cell c, not vulnerable, that an X stone on a neighbour d (the dominator) makes
//               dead, or one of a pair {c, e} captured by X (e the partner): either way
//               P + X@d equals P + X@d + X@c (a dead cell takes any colour, a captured pair is
//               filled with X's), which is at least as good for X as P + X@c.
//               A dominator is never vulnerable and never pruned when c is pruned (cells are
//               taken in order), so following dominators ends at a move that is kept.
// The tests survive any stones added elsewhere (isDead is monotone), which is what a loss
// proof needs: a proof that prunes these moves must keep their killers, dominators and partners
// empty, so they are its `support`.
struct InferiorMove {
    Cell cell = kNoCell;
    Cell by = kNoCell; // the killer (vulnerable) or the dominator
    bool vulnerable = false;
    Cell partner = kNoCell; // dominated: the other cell of the captured pair, if any
};

struct InferiorMoves {
    CellSet pruned;  // vulnerable and dominated cells among the candidates
    CellSet support; // their killers, dominators and partners
    std::vector<InferiorMove> moves;
};

// Looks at the empty `candidates` of `toMove` on `board` (restored before returning). Cells
// outside the candidates are neither pruned nor used as killers' victims, but may dominate.
InferiorMoves findInferiorMoves(Board& board, Color toMove, const CellSet& candidates);

} // namespace hex
