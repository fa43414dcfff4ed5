#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <array>

namespace hex {

// Inferior cells by local patterns. Definitions used here:
//   dead:     an empty cell whose colour cannot change the winner of any completion of the board.
//             Local test: for each colour, the neighbours of the cell that are not of the other
//             colour are pairwise linked (same group, adjacent, or an empty cell touching the
//             other's group), so a path through the cell can always bypass it.
//   captured: a pair of adjacent empty cells {a, b} such that, for colour X, a is dead once X
//             holds b and b is dead once X holds a. X answers an intrusion in the pair with the
//             other cell and the intruding stone is dead, so filling both with X keeps the value
//             for either side to move.
// Both properties survive adding stones, which is why fill-in may apply them one after another
// and why a proof found after fill-in stays valid with the filled cells added to it.

// Precondition: c is an empty interior cell.
bool isDead(const Board& board, Cell c);

// A cheap necessary condition for isDead(c) once the empty neighbour `filled` of c holds a stone
// of either colour (see inferior.cpp); most cells fail it, which spares playing the stone.
bool mayDieBeside(const Board& board, Cell c, Cell filled);

struct InferiorCells {
    CellSet dead;
    std::array<CellSet, 2> captured; // by colour index; pairs may overlap between colours
};

// One pass over the current board (no fill-in). `board` is restored before returning.
InferiorCells findInferior(Board& board);

// Fills dead cells (with Black; their colour is irrelevant) and captured pairs (with their
// owner) until none is left. The stones stay on `board`; the caller undoes `stones` plays.
struct FillIn {
    CellSet cells;
    int stones = 0;
};
FillIn fillInferior(Board& board);

} // namespace hex
