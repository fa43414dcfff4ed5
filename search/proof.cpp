#include "search/proof.h"

#include "core/score.h"

namespace hex {

ProofRecord MoveLoopProof::result(Score best, Score originalAlpha, Score beta,
                                  const CellSet& allEmpty) const {
    // The child records always match the score (both follow the bound rule), so the fallbacks
    // only guard against a missing record; "every empty cell" is a sound pattern for any
    // proven result.
    if (best > kMaxEval && best > originalAlpha)
        return {Proven::Win, bestWins_ ? winPattern_ : allEmpty};
    if (best < -kMaxEval && best < beta)
        return {Proven::Loss, allSearchedRefuted_ ? losePattern_ : allEmpty};
    return {};
}

} // namespace hex
