#include "solver/root_helper.h"

#include "solver/move_order.h"
#include "solver/move_proof.h"

#include <algorithm>
#include <vector>

namespace hex {

RootHelper::RootHelper(const SolverParams& params, ProofTable& table)
    : params_(params), analysis_(params_, context_), search_(params_, context_, analysis_, table) {}

std::optional<RootHelper::Win> RootHelper::run(const Board& root, Color toMove, Share share,
                                               double maxSeconds, const std::atomic<bool>& stop) {
    SolveLimits limits;
    limits.maxSeconds = maxSeconds;
    limits.stop = [&stop] { return stop.load(std::memory_order_relaxed); };
    context_.start(root, limits);
    if (root.winner())
        return std::nullopt;
    // The root at depth 1 and its children at 2, as in the main search, so that the children's
    // connection builds derive from the root's.
    const SolveContext::DepthGuard ply(context_);
    context_.markRoot();
    const FillIn fill = analysis_.fillIn();
    const StaticVerdict s = analysis_.analyse(toMove, fill);
    std::optional<Win> win;
    if (!s.win && !context_.aborted())
        win = proveChildren(toMove, s.mustPlay, share);
    analysis_.undoFillIn(fill);
    if (win)
        win->proof |= fill.cells; // as at the main search's root
    return win;
}

// The children in the root's static order, each proven as the root of a search of its own (the
// opponent to move): the helper's proofs reach the main search through the shared table only.
std::optional<RootHelper::Win> RootHelper::proveChildren(Color toMove, CellSet candidates,
                                                         Share share) {
    Board& board = context_.board();
    const std::vector<ScoredMove> order = scoreMoves(board, candidates);
    const auto step = static_cast<std::size_t>(std::max(share.count, 1));
    for (auto i = static_cast<std::size_t>(1 + share.index); i < order.size(); i += step) {
        const Cell m = order[i].move;
        if (!candidates.test(m))
            continue; // refuted by the pattern of a child proven before
        const Outcome child = proveMove(board, m, toMove, [this](Color them) {
            context_.markRoot();
            return search_.solve(them);
        });
        if (context_.aborted())
            return std::nullopt;
        if (child.win)
            return Win{m, child.proof};
        if (params_.usePatternPruning)
            candidates &= child.proof;
        candidates.reset(m);
    }
    return std::nullopt;
}

} // namespace hex
