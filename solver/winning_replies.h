#pragma once

#include "core/geometry.h"
#include "core/types.h"
#include "solver/move_order.h"

#include <array>
#include <cstddef>
#include <vector>

namespace hex {

// Moves that won elsewhere in the same proof, tried first among a node's candidates: the two
// latest winning moves found at the node's depth (killer moves: one answer often refutes many of
// the opponent's moves, and pattern pruning drops only the moves outside a refutation's proof)
// and the latest winning answer to the move that led to the node (a countermove: bridge saves,
// ladder blocks and other local answers follow the move they answer). Only the order changes,
// so the proofs stay sound. Measured on 7x7 (docs/solver.md): about a fifth fewer nodes.
class WinningReplies {
public:
    WinningReplies();

    // Forgets every move, so that a solve does not depend on the ones before it.
    void clear();
    // `toMove`, at `depth`, won by `winning` (the node was reached by `arriving`, kNoCell at the
    // root).
    void note(int depth, Color toMove, Cell arriving, Cell winning);
    // Moves the remembered winners among `order` to its front (the latest killer first, then the
    // one before it, then the countermove), each taking the score of the move it displaces, so
    // that the scores stay sorted and a promoted move counts as the best one.
    void promote(int depth, Color toMove, Cell arriving, std::vector<ScoredMove>& order) const;

private:
    struct Killers {
        Cell latest = kNoCell;
        Cell previous = kNoCell;
    };

    Cell counterOf(Color toMove, Cell arriving) const;

    std::vector<Killers> killers_; // by depth
    // By the colour to move and the cell of the move that led to the node.
    std::array<std::array<Cell, Geometry::kMaxCells>, 2> counters_{};
};

} // namespace hex
