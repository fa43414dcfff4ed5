#include "solver/depth_first_search.h"

#include "solver/move_order.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace hex {

DepthFirstSearch::DepthFirstSearch(const SolverParams& params, SolveContext& context,
                                   NodeAnalysis& analysis, ProofTable& table)
    : params_(params), context_(context), analysis_(analysis), table_(table) {}

Outcome DepthFirstSearch::solve(Color toMove) {
    const SolveContext::DepthGuard ply(context_);
    ++context_.stats().nodes;
    if (context_.outOfBudget())
        return {};
    Board& board = context_.board();
    if (const auto w = board.winner())
        return {*w == toMove, {}, kNoCell};
    if (params_.useTable) {
        ++context_.stats().tableLookups;
        if (const auto e = table_.find(board, toMove)) {
            ++context_.stats().tableHits;
            return Outcome::fromEntry(*e, toMove);
        }
    }
    const std::uint64_t nodesBefore = context_.stats().nodes;
    const FillIn fill = analysis_.fillIn();
    const StaticVerdict s = analysis_.analyse(toMove, fill);
    Outcome o = s.win ? s.outcome() : searchMoves(toMove, s.mustPlay, s.mustPlayReason);
    analysis_.undoFillIn(fill);
    if (context_.aborted())
        return {};
    // The filled cells stay valid in every refinement, so they join the pattern.
    o.proof |= fill.cells;
    store(toMove, o, context_.stats().nodes - nodesBefore + 1);
    return o;
}

void DepthFirstSearch::store(Color toMove, const Outcome& o, std::uint64_t work) {
    if (params_.useTable)
        table_.store(context_.board(), toMove, o.entry(toMove), work);
}

// Tries the candidates in order. losePattern starts as the opponent's pattern for the moves
// already excluded (the must-play reason) and collects every refutation's pattern. With
// lookahead, each child is first judged statically: decided children settle at once, the others
// are searched in increasing order of the opponent's must-play (the most forcing moves first).
Outcome DepthFirstSearch::searchMoves(Color toMove, CellSet candidates, CellSet losePattern) {
    Board& board = context_.board();
    const Color them = opponent(toMove);
    std::vector<Candidate> order;
    for (Cell m : orderMoves(board, candidates))
        order.push_back({m, 0});
    if (params_.useLookahead && params_.useConnections) {
        std::vector<Candidate> open;
        for (const Candidate& c : order) {
            if (!candidates.test(c.move))
                continue;
            ++context_.stats().lookaheads;
            if (context_.outOfBudget())
                return {};
            board.play(c.move, toMove);
            const StaticVerdict child = analysis_.judgeChild(them);
            if (child.win) {
                Outcome decided = child.outcome();
                store(them, decided, 1);
                board.undo();
                if (!decided.win) {
                    decided.proof.set(c.move);
                    return {true, decided.proof, c.move};
                }
                if (params_.usePatternPruning)
                    candidates &= decided.proof;
                losePattern |= decided.proof;
                continue;
            }
            board.undo();
            open.push_back({c.move, child.mustPlay.count()});
        }
        std::stable_sort(open.begin(), open.end(), [](const Candidate& a, const Candidate& b) {
            return a.childMustPlay < b.childMustPlay;
        });
        order = std::move(open);
    }
    for (const Candidate& c : order) {
        const Cell m = c.move;
        if (!candidates.test(m))
            continue; // refuted by an earlier refutation's pattern
        board.play(m, toMove);
        const bool connects = board.winner() == toMove;
        const Outcome child = connects ? Outcome{} : solve(them);
        board.undo();
        if (context_.aborted())
            return {};
        if (connects || !child.win) {
            CellSet proof = child.proof;
            proof.set(m);
            return {true, proof, m};
        }
        if (params_.usePatternPruning)
            candidates &= child.proof;
        losePattern |= child.proof;
    }
    return {false, losePattern, kNoCell};
}

} // namespace hex
