#include "solver/node_analysis.h"

#include "connections/inferior_moves.h"

#include <cstdint>

namespace hex {

NodeAnalysis::NodeAnalysis(const SolverParams& params, SolveContext& context)
    : params_(params), context_(context), builds_(params, context),
      fills_(params.analysisMemoEntries), inferiors_(params.analysisMemoEntries) {}

void NodeAnalysis::clear() {
    builds_.clear();
    fills_.clear();
    inferiors_.clear();
}

FillIn NodeAnalysis::fillIn() {
    if (!params_.useInferior)
        return {};
    Board& board = context_.board();
    const Key key = board.key();
    if (const FillMemo* memo = fills_.find(key)) {
        ++context_.stats().memoHits;
        for (const auto& [cell, color] : memo->stones)
            board.play(cell, color);
        return {memo->cells, static_cast<int>(memo->stones.size())};
    }
    const FillIn fill = fillInferior(board);
    if (fills_.enabled()) {
        FillMemo& memo = fills_.store(key);
        memo.stones.clear();
        const auto history = board.history();
        for (std::size_t i = history.size() - static_cast<std::size_t>(fill.stones);
             i < history.size(); ++i)
            memo.stones.emplace_back(history[i].cell, history[i].color);
        memo.cells = fill.cells;
    }
    return fill;
}

void NodeAnalysis::undoFillIn(const FillIn& fill) {
    for (int i = 0; i < fill.stones; ++i)
        context_.board().undo();
}

StaticVerdict NodeAnalysis::fromGameState(const GameState& state, Color toMove) {
    StaticVerdict s;
    if (state.winner) {
        s.win = *state.winner == toMove;
        s.proof = state.proof;
        s.move = state.winningMove;
    }
    s.mustPlay = state.mustPlay;
    s.mustPlayReason = state.mustPlayReason;
    return s;
}

// Whether the mover's own edge connections can decide the node, worth an H-search of its own.
// Below the root they almost never can: the parent moved inside its must-play, the intersection
// of every edge semi the mover had there, and a stone only removes connections of the other
// colour (an H-search on the child finds no connection the parent's lacked, unless the parent's
// per-pair limits had crowded it out). Only the root, and a node whose fill-in just gave the
// mover stones, get the mover's build; a missed win is still found by the search.
bool NodeAnalysis::ownConnectionsMayDecide(Color toMove, const FillIn& fill) const {
    if (!params_.skipOwnConnections ||
        context_.board().emptyCount() + fill.stones == context_.rootEmpty())
        return true;
    for (Cell c = fill.cells.first(); c != kNoCell; c = fill.cells.nextFrom(c + 1))
        if (context_.board().has(c, toMove))
            return true;
    return false;
}

StaticVerdict NodeAnalysis::analyse(Color toMove, const FillIn& fill) {
    const Board& board = context_.board();
    StaticVerdict s;
    builds_.beginNode();
    const bool ownMayDecide = ownConnectionsMayDecide(toMove, fill);
    if (!params_.useConnections) {
        s = fromGameState(analyseThreats(board, toMove, EdgeSummary{}), toMove);
    } else if (!ownMayDecide) {
        s = fromGameState(analyseThreats(board, toMove, builds_.summary(opponent(toMove))), toMove);
    } else {
        const EdgeSummary own = builds_.summary(toMove);
        if (own.full || own.semi) { // a win: the opponent's connections cannot change that
            builds_.endNode(false);
            return fromGameState(analyseGameState(board, toMove, own, EdgeSummary{}), toMove);
        }
        s = fromGameState(analyseGameState(board, toMove, own, builds_.summary(opponent(toMove))),
                          toMove);
    }
    pruneInferiorMoves(toMove, s);
    builds_.endNode(!s.win); // a node with children keeps its builds: theirs can start from them
    return s;
}

// Vulnerable and dominated moves leave the candidates; a loss proof then needs their killers and
// dominators to stay empty, so those join the must-play reason (which starts the loss pattern).
void NodeAnalysis::pruneInferiorMoves(Color toMove, StaticVerdict& s) {
    if (!params_.useInferiorMoves || s.win)
        return;
    const InferiorMemo inferior = inferiorMoves(toMove, s.mustPlay);
    if (inferior.pruned.none())
        return;
    context_.stats().prunedMoves += static_cast<std::uint64_t>(inferior.pruned.count());
    s.mustPlay -= inferior.pruned;
    s.mustPlayReason |= inferior.support;
}

// findInferiorMoves, or what it found before on the same position and candidates.
InferiorMemo NodeAnalysis::inferiorMoves(Color toMove, const CellSet& candidates) {
    Board& board = context_.board();
    const Key key = board.positionKey(toMove);
    if (const InferiorMemo* memo = inferiors_.find(key); memo && memo->candidates == candidates)
        return *memo;
    const InferiorMoves found = findInferiorMoves(board, toMove, candidates);
    InferiorMemo result{candidates, found.pruned, found.support};
    if (inferiors_.enabled())
        inferiors_.store(key) = result;
    return result;
}

// The lookahead's judgement of a child: the opponent's connections alone. The mover's own
// rarely decide a child that is in the parent's must-play (the mover's semis all run through
// the parent's move), and they are built when the child is searched.
StaticVerdict NodeAnalysis::threats(Color toMove) {
    const Board& board = context_.board();
    const EdgeSummary opp =
        params_.useConnections ? builds_.summary(opponent(toMove)) : EdgeSummary{};
    return fromGameState(analyseThreats(board, toMove, opp), toMove);
}

StaticVerdict NodeAnalysis::judgeChild(Color them) {
    const SolveContext::DepthGuard ply(context_);
    const FillIn fill = fillIn();
    StaticVerdict child = threats(them);
    undoFillIn(fill);
    if (child.win)
        child.proof |= fill.cells;
    return child;
}

} // namespace hex
