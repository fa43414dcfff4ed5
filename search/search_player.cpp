#include "search/search_player.h"

#include "search/opening_table.h"

#include <spdlog/spdlog.h>

#include <chrono>

namespace hex {

namespace {

const char* reasonText(SearchResult::Reason reason) {
    switch (reason) {
    case SearchResult::Reason::Searched:
        return "searched";
    case SearchResult::Reason::ConnectionWin:
        return "connection";
    case SearchResult::Reason::Solved:
        return "solved";
    default:
        return "tactical";
    }
}

std::string pvText(const Geometry& geometry, const std::vector<Cell>& pv) {
    std::string text;
    for (Cell c : pv)
        text += (text.empty() ? "" : " ") + geometry.name(c);
    return text;
}

} // namespace

void SearchPlayer::clear() {
    if (table_)
        table_->clear();
    solver_.clearTable();
    last_.reset();
}

// (Re)creates the table and evaluator when the settings changed; false for an unknown evaluator.
bool SearchPlayer::prepare(const PlayerSettings& settings) {
    if (!evaluator_ || evaluator_->name() != settings.evaluator ||
        evaluatorConfig_ != settings.evaluatorConfig) {
        evaluator_ = eval::makeEvaluator(settings.evaluator, settings.evaluatorConfig);
        evaluatorConfig_ = settings.evaluatorConfig;
        if (!evaluator_)
            return false;
        if (table_)
            table_->clear(); // the stored scores came from another evaluator
    }
    if (!table_)
        table_ = std::make_unique<TranspositionTable>(settings.tableMb);
    else if (table_->megabytes() != settings.tableMb)
        table_->resize(settings.tableMb);
    return true;
}

SolverParams SearchPlayer::solverParams() {
    SolverParams params;
    params.tableEntries = kSolverTableEntries;
    // The player's solve is capped in nodes, and with the lookahead a proof needs about half as
    // many nodes, so it keeps the lookahead on every board size.
    params.dfpnLookaheadMaxSize = Geometry::kMaxSide;
    return params;
}

// The solver's verdict within its share of the move, or nullopt (too many empty cells, too
// little time, or not solved in time).
std::optional<SolveResult> SearchPlayer::solve(const Board& board, Color toMove,
                                               const PlayerSettings& settings,
                                               const std::optional<Deadlines>& deadlines,
                                               const StopFn& shouldStop) {
    if (board.emptyCount() > settings.solverMaxEmpty)
        return std::nullopt;
    SolveLimits limits;
    limits.stop = shouldStop;
    limits.maxNodes = kSolverNodes;
    if (deadlines) {
        const double left =
            std::chrono::duration<double>(deadlines->hard - SteadyClock::now()).count();
        // The solver polls its clock every few hundred evaluations: only worth it, and only
        // safe, with time to spare.
        if (left < kSolverMinSeconds)
            return std::nullopt;
        limits.maxSeconds = kSolverShare * left;
    }
    SolveResult r = solver_.solve(board, toMove, limits);
    spdlog::info("solver {}: {} in {} nodes, {:.2f}s", colorName(toMove),
                 r.winner ? (*r.winner == toMove ? "win" : "loss") : "unknown", r.stats.nodes,
                 r.stats.seconds);
    if (!r.winner)
        return std::nullopt;
    return r;
}

SearchResult SearchPlayer::search(const Board& board, Color toMove, const PlayerSettings& settings,
                                  const StopFn& shouldStop) {
    SearchLimits limits = settings.limits;
    limits.time = TimeManager::deadlines(settings.clock, board.emptyCount(), SteadyClock::now());
    limits.shouldStop = shouldStop;

    const Geometry& g = board.geometry();
    // A win on the spot or a forced block needs no solver: the search plays it at once.
    const bool tactical = findWinningCells(board, toMove, 1).count > 0 ||
                          findWinningCells(board, opponent(toMove), 1).count > 0;
    std::optional<SolveResult> solved;
    if (!tactical)
        solved = solve(board, toMove, settings, limits.time, shouldStop);
    if (solved && *solved->winner == toMove) {
        limits.knownWin = true;
        limits.pruneInferiorAtRoot = false; // it keeps a win, but not always the shortest
        limits.maxNodes =
            limits.maxNodes == 0 ? kShortestWinNodes : std::min(limits.maxNodes, kShortestWinNodes);
    } else if (solved) {
        limits.knownLossPattern = solved->proof;
    }

    SearchCallbacks callbacks;
    callbacks.onIteration = [&g](const IterationInfo& info) {
        spdlog::info("depth {} score {} nodes {} nps {} time {:.2f}s pv {}", info.depth,
                     scoreText(info.score), info.nodes, info.nodesPerSecond, info.seconds,
                     pvText(g, info.pv));
    };
    Search search(*table_, *evaluator_);
    SearchResult result = search.run(board, toMove, limits, callbacks);
    // The search proves wins with their distance; where it saw none in its budget, the
    // solver's winning move stands.
    if (limits.knownWin && result.score <= kMaxEval)
        result = solvedWin(*solved, board);
    spdlog::info("search {} {}: best {} score {} depth {} nodes {} in {:.2f}s", colorName(toMove),
                 reasonText(result.reason), result.best == kNoCell ? "none" : g.name(result.best),
                 scoreText(result.score), result.depth, result.nodes, result.seconds);
    last_ = LastSearch{board, toMove, result};
    return result;
}

SearchResult SearchPlayer::solvedWin(const SolveResult& solved, const Board& board) {
    SearchResult result;
    result.reason = SearchResult::Reason::Solved;
    result.best = solved.winningMove;
    result.score = kWin - board.emptyCount(); // the solver gives no distance
    result.pv = {result.best};
    result.pattern = solved.proof;
    return result;
}

Cell SearchPlayer::chooseStone(const Board& board, Color toMove, const PlayerSettings& settings,
                               const StopFn& shouldStop) {
    if (!prepare(settings))
        return kNoCell;
    return search(board, toMove, settings, shouldStop).best;
}

bool SearchPlayer::shouldSwap(const Board& board, Color toMove, const PlayerSettings& settings,
                              const StopFn& shouldStop) {
    if (const std::optional<bool> proven = OpeningTable::shouldSwap(board)) {
        spdlog::info("swap decision from the proven openings: {}", *proven ? "swap" : "no swap");
        return *proven;
    }
    if (!prepare(settings))
        return false;
    const SearchResult r = search(board, toMove, settings, shouldStop);
    return r.reason == SearchResult::Reason::Searched && r.score < 0;
}

} // namespace hex
