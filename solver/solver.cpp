#include "solver/solver.h"

#include "solver/move_order.h"

#include <algorithm>

namespace hex {

Solver::Solver(SolverParams params)
    : params_(params), table_(params.tableEntries), analysis_(params_, context_) {}

SolveResult Solver::solve(const Board& board, Color toMove, const SolveLimits& limits) {
    context_.start(board, limits);
    SolveResult result;
    if (const auto w = board.winner()) {
        result.winner = *w;
    } else {
        const Outcome o = prove(toMove);
        if (!context_.aborted()) {
            result.winner = o.win ? toMove : opponent(toMove);
            result.proof = o.proof;
            if (o.win) {
                // A win found without a move (fill-in or a full VC) holds with either side to
                // move, so any empty cell keeps it; prefer one of the proof.
                result.winningMove = o.move;
                if (result.winningMove == kNoCell || !board.isEmpty(result.winningMove)) {
                    const CellSet empty = emptyCellSet(board);
                    const CellSet inProof = o.proof & empty;
                    result.winningMove = inProof.any() ? inProof.first() : empty.first();
                }
            }
        }
    }
    context_.stats().seconds = context_.elapsedSeconds();
    result.stats = context_.stats();
    return result;
}

WinningMoves Solver::winningMoves(const Board& board, Color toMove, const SolveLimits& limits) {
    context_.start(board, limits);
    WinningMoves result;
    result.complete = true;
    if (!board.winner()) {
        for (Cell m : emptyCellSet(board).cells()) {
            context_.board().play(m, toMove);
            const bool won = context_.board().winner() == toMove || !prove(opponent(toMove)).win;
            context_.board().undo();
            if (context_.aborted()) {
                result.complete = false;
                break;
            }
            if (won)
                result.moves.push_back(m);
        }
    }
    context_.stats().seconds = context_.elapsedSeconds();
    result.stats = context_.stats();
    return result;
}

Outcome Solver::prove(Color toMove) {
    context_.markRoot();
    if (!dfpnEnabled())
        return solveNode(toMove);
    constexpr std::uint32_t kAll = ~std::uint32_t{0};
    Bounds bounds;
    bool solved = false;
    Outcome o = mid(toMove, {kAll, kAll}, bounds, solved);
    if (!solved && !context_.aborted())
        context_.abort(); // cannot happen with infinite thresholds; treated as unknown
    return o;
}

Outcome Solver::solveNode(Color toMove) {
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
    const FillIn fill = analysis_.fillIn();
    const StaticVerdict s = analysis_.analyse(toMove, fill);
    Outcome o = s.win ? s.outcome() : searchMoves(toMove, s.mustPlay, s.mustPlayReason);
    analysis_.undoFillIn(fill);
    if (context_.aborted())
        return {};
    // The filled cells stay valid in every refinement, so they join the pattern.
    o.proof |= fill.cells;
    store(toMove, o);
    return o;
}

void Solver::store(Color toMove, const Outcome& o) {
    if (params_.useTable)
        table_.store(context_.board(), toMove, o.entry(toMove));
}

// Tries the candidates in order. losePattern starts as the opponent's pattern for the moves
// already excluded (the must-play reason) and collects every refutation's pattern. With
// lookahead, each child is first judged statically: decided children settle at once, the others
// are searched in increasing order of the opponent's must-play (the most forcing moves first).
Outcome Solver::searchMoves(Color toMove, CellSet candidates, CellSet losePattern) {
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
                store(them, decided);
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
        const Outcome child = connects ? Outcome{} : solveNode(them);
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
