#pragma once

#include "connections/cell_set.h"
#include "core/types.h"
#include "solver/proof_table.h"

namespace hex {

// A proven result of a node, for its side to move, as the searches pass it up the tree.
struct Outcome {
    bool win = false; // for the side to move
    CellSet proof;    // the winner's threat pattern
    Cell move = kNoCell;

    static Outcome fromEntry(const ProofTable::Entry& e, Color toMove) {
        return {e.winner == toMove, e.proof, e.move};
    }
    ProofTable::Entry entry(Color toMove) const {
        return {win ? toMove : opponent(toMove), proof, move};
    }
};

} // namespace hex
