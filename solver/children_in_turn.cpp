#include "solver/children_in_turn.h"

#include "solver/move_order.h"
#include "solver/move_proof.h"
#include "solver/regions.h"

#include <algorithm>

namespace hex {

ChildrenInTurn::ChildrenInTurn(const SolverParams& params, SolveContext& context,
                               NodeAnalysis& analysis, ProofTable& table, ProofNumberSearch& search)
    : params_(params), context_(context), analysis_(analysis), table_(table), search_(search) {}

// The root is analysed as the plain search's root would be (at depth 1, its fill-in on the
// board while its children are proven, its result in the table under the position before the
// fill-in); a child is played on the filled board, so the fill-in's cells join every proof.
Outcome ChildrenInTurn::solve(Color toMove, bool childrenGuess) {
    Board& board = context_.board();
    if (const auto w = board.winner())
        return {*w == toMove, {}, kNoCell};
    ++context_.stats().tableLookups;
    if (const auto e = table_.find(board, toMove)) {
        ++context_.stats().tableHits;
        return Outcome::fromEntry(*e, toMove);
    }
    const std::uint64_t nodesBefore = context_.stats().nodes;
    const RootAnalysis root = analyseRoot(toMove);
    if (root.split) { // the plain search's decomposition
        analysis_.undoFillIn(root.fill);
        return search_.solve(toMove);
    }
    Outcome o = root.verdict.win ? root.verdict.outcome()
                                 : proveChildren(toMove, root.verdict.mustPlay,
                                                 root.verdict.mustPlayReason, childrenGuess);
    context_.noteChildrenInTurn(0, 0);
    analysis_.undoFillIn(root.fill);
    if (context_.aborted())
        return {};
    o.proof |= root.fill.cells;
    table_.store(board, toMove, o.entry(toMove), context_.stats().nodes - nodesBefore);
    return o;
}

ChildrenInTurn::RootAnalysis ChildrenInTurn::analyseRoot(Color toMove) {
    const SolveContext::DepthGuard ply(context_);
    ++context_.stats().nodes;
    context_.noteExpanded(toMove);
    RootAnalysis root;
    root.fill = analysis_.fillIn();
    root.verdict = analysis_.analyse(toMove, root.fill);
    root.split = !root.verdict.win && params_.useDecomposition &&
                 regionsOf(context_.board(), toMove).size() >= 2;
    return root;
}

// Each child a root of its own (SolveContext::markRoot: its own connections built, its own node
// count for the guesser); the first child the mover wins proves the root. The children search
// from depth 1, where RootHelper's start at 2 so that their builds derive from the root's: here
// each must be a root for the guesser (SolverParams::guessPlies), and only its first build is
// fresh for it.
Outcome ChildrenInTurn::proveChildren(Color toMove, CellSet candidates, CellSet losePattern,
                                      bool childrenGuess) {
    Board& board = context_.board();
    if (!childrenGuess)
        context_.allowGuesses(false); // for the rest of this solve: the static order, no asking
    const std::vector<Cell> moves = order(toMove, candidates);
    ++context_.stats().rootsInTurn;
    const int count = static_cast<int>(moves.size());
    for (int done = 0; done < count; ++done) {
        const Cell m = moves[static_cast<std::size_t>(done)];
        if (!candidates.test(m))
            continue; // refuted by an earlier child's pattern
        context_.noteChildrenInTurn(done, count - done);
        const Outcome child = proveMove(board, m, toMove, [this](Color them) {
            context_.markRoot();
            return search_.solve(them);
        });
        if (context_.aborted())
            return {};
        if (child.win)
            return child;
        if (params_.usePatternPruning)
            candidates &= child.proof;
        candidates.reset(m);
        losePattern |= child.proof;
    }
    return {false, losePattern, kNoCell};
}

std::vector<Cell> ChildrenInTurn::order(Color toMove, const CellSet& candidates) {
    const std::vector<Cell>& guesses =
        context_.guessesAt(ProofTable::keyOf(context_.board(), toMove), toMove, 0, 0).moves;
    std::vector<Cell> moves;
    for (const Cell g : guesses)
        if (candidates.test(g) && std::find(moves.begin(), moves.end(), g) == moves.end())
            moves.push_back(g);
    for (const ScoredMove& s : scoreMoves(context_.board(), candidates))
        if (std::find(moves.begin(), moves.end(), s.move) == moves.end())
            moves.push_back(s.move);
    return moves;
}

} // namespace hex
