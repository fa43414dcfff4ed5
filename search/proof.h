#pragma once

#include "connections/cell_set.h"
#include "core/types.h"

#include <cstdint>

namespace hex {

// What a node proved, from the side to move's view, with its proof pattern: the empty cells the
// result depends on. The loser may own every other empty cell and the result still stands (the
// solver's definition, docs/solver.md).
enum class Proven : std::uint8_t { None, Win, Loss };

struct ProofRecord {
    Proven kind = Proven::None;
    CellSet pattern;
};

// The pattern bookkeeping of one node's move loop (van Rijswijck's pattern search):
// - a child proven lost for the opponent makes the move a win, with the child's pattern plus the
//   move;
// - a child proven won by the opponent refutes the move, and with the same strategy every move
//   outside its pattern (the opponent never needs those cells, so a stone there changes
//   nothing): the candidates are intersected with the pattern and the node's loss pattern
//   collects it.
// The node is a proven loss when every move was refuted, by its own search or by a pattern.
class MoveLoopProof {
public:
    // candidates: the moves not refuted yet; reason: the opponent's pattern for the moves already
    // excluded from them (empty when none are).
    MoveLoopProof(const CellSet& candidates, const CellSet& reason)
        : candidates_(candidates), losePattern_(reason) {}

    bool refuted(Cell move) const noexcept { return !candidates_.test(move); }
    bool allRefuted() const noexcept { return allSearchedRefuted_; }

    // After searching `move`; `newBest` when its score became the node's best.
    void onChild(Cell move, const ProofRecord& child, bool newBest, bool prune) {
        if (child.kind == Proven::Win) {
            if (prune)
                candidates_ &= child.pattern;
            losePattern_ |= child.pattern;
        } else {
            allSearchedRefuted_ = false;
        }
        if (newBest) {
            bestWins_ = child.kind == Proven::Loss;
            winPattern_ = child.pattern;
            winPattern_.set(move);
        }
    }

    // The node's record for a score `best` searched in (originalAlpha, beta), fail-soft: a win
    // is proven when best is a win and a lower bound or exact, a loss when best is a loss and an
    // upper bound or exact. `allEmpty` is the sound fallback when a pattern is missing.
    ProofRecord result(Score best, Score originalAlpha, Score beta, const CellSet& allEmpty) const;

private:
    CellSet candidates_;
    CellSet losePattern_;
    CellSet winPattern_;
    bool bestWins_ = false;
    bool allSearchedRefuted_ = true;
};

} // namespace hex
