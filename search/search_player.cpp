#include "search/search_player.h"

#include "search/opening_table.h"
#include "search/solver_beside.h"
#include "search/solver_verdicts.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <exception>

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

SearchPlayer::~SearchPlayer() { stopPondering(); }

void SearchPlayer::startPondering(const Board& board, Color toMove) {
    stopPondering();
    if (board.winner() || board.emptyCount() == 0)
        return;
    ponderStop_.store(false, std::memory_order_relaxed);
    ponder_ = std::thread([this, board, toMove] {
        SolveLimits limits;
        limits.maxSeconds = kPonderSeconds;
        limits.stop = [this] { return ponderStop_.load(std::memory_order_relaxed); };
        // Nothing may escape a thread: a solver out of memory only ends the ponder.
        try {
            logSolve(" pondering", toMove, restSolver_.solve(board, toMove, limits));
        } catch (const std::exception& e) {
            spdlog::warn("pondering stopped: {}", e.what());
        }
    });
}

void SearchPlayer::stopPondering() {
    if (!ponder_.joinable())
        return;
    ponderStop_.store(true, std::memory_order_relaxed);
    ponder_.join();
}

void SearchPlayer::clear() {
    stopPondering();
    if (table_)
        table_->clear();
    solver_.clear();
    restSolver_.clear();
    last_.reset();
    // The evaluator keeps state between positions (the vc links' recent H-search builds, from
    // which later ones derive), and a derived build can find what a fresh one misses: a new game
    // starts from a fresh evaluator, so that it plays the same whatever came before it (a
    // resumed or sharded self-play run writes the games of an uninterrupted one).
    evaluator_.reset();
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
    else if (tableQuiescence_ != settings.limits.quiescence())
        table_->clear();
    tableQuiescence_ = settings.limits.quiescence();
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

// The rest of a move is bounded in time, not nodes: there the solver's own defaults (no lookahead
// above 5x5, cheaper nodes) prove more. On 11x11 a won middlegame position took 205 nodes and
// 0.20 s without the lookahead; with it 76 nodes reached no verdict in 0.32 s.
SolverParams SearchPlayer::restSolverParams() {
    SolverParams params;
    params.tableEntries = kSolverTableEntries;
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
        const double left = secondsUntil(deadlines->hard);
        // The solver polls its clock every few hundred evaluations: only worth it, and only
        // safe, with time to spare.
        if (left < kSolverMinSeconds)
            return std::nullopt;
        limits.maxSeconds = kSolverShare * left;
    }
    SolveResult r = solver_.solve(board, toMove, limits);
    logSolve("", toMove, r);
    if (!r.winner)
        return std::nullopt;
    return r;
}

SearchResult SearchPlayer::search(const Board& board, Color toMove, const PlayerSettings& settings,
                                  const StopFn& shouldStop) {
    stopPondering();
    SearchLimits limits = settings.limits;
    const SteadyClock::time_point start = SteadyClock::now();
    limits.time = TimeManager::deadlines(settings.clock, board.emptyCount(), start);
    limits.shouldStop = shouldStop;
    const Geometry& g = board.geometry();
    // A win on the spot or a forced block needs no solver: the search plays it at once.
    const bool tactical = findWinningCells(board, toMove, 1).count > 0 ||
                          findWinningCells(board, opponent(toMove), 1).count > 0;
    // With the solver beside the search, the search has the whole move.
    const bool beside = settings.solverBeside && limits.time && !tactical;
    // The solver's check takes its share off the end of the move: the search stops earlier.
    std::optional<SteadyClock::time_point> checkDeadline;
    if (limits.time && settings.solverCheckShare > 0 && !beside) {
        checkDeadline = limits.time->hard;
        const double searchShare = 1.0 - settings.solverCheckShare;
        auto scaled = [&](SteadyClock::time_point t) {
            return start +
                   std::chrono::duration_cast<SteadyClock::duration>((t - start) * searchShare);
        };
        limits.time->soft = scaled(limits.time->soft);
        limits.time->hard = scaled(limits.time->hard);
    }

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
        spdlog::info("depth {}{} score {} nodes {} nps {} time {:.2f}s pv {}", info.depth,
                     info.quiescence ? " with quiescence" : "", scoreText(info.score), info.nodes,
                     info.nodesPerSecond, info.seconds, pvText(g, info.pv));
    };
    std::optional<SolverBeside> besideSolver;
    if (beside && !solved) {
        besideSolver.emplace(restSolver_, board, toMove, limits.time->hard, shouldStop);
        limits.shouldStop = [&shouldStop, &besideSolver] {
            return (shouldStop && shouldStop()) || besideSolver->provenWin();
        };
        callbacks.onIteration = [log = callbacks.onIteration,
                                 &besideSolver](const IterationInfo& info) {
            log(info);
            if (!info.rootOrder.empty())
                besideSolver->offer(info.rootOrder);
        };
    }
    Search search(*table_, *evaluator_);
    SearchResult result = search.run(board, toMove, limits, callbacks);
    // The search proves wins with their distance; where it saw none in its budget, the
    // solver's winning move stands.
    if (limits.knownWin && result.score <= kMaxEval)
        result = solvedWin(*solved, board);
    if (besideSolver)
        applySolverBeside(*besideSolver, board, result);
    else if (settings.solverCheckShare > 0 && result.reason == SearchResult::Reason::Searched &&
             !isProvenScore(result.score))
        checkWithSolver(solver_, board, toMove, checkDeadline, shouldStop, result);
    else if (settings.solverRest)
        spendRestOnSolver(board, toMove, limits, shouldStop, result);
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

// The solver's win after a search: its move and proof, with the search's statistics and root
// scores (for the logs and the analyze commands).
void SearchPlayer::replaceBySolvedWin(const SolveResult& solved, const Board& board,
                                      SearchResult& result) {
    SearchResult searched = std::move(result);
    result = solvedWin(solved, board);
    result.depth = searched.depth;
    result.nodes = searched.nodes;
    result.seconds = searched.seconds;
    result.rootScores = std::move(searched.rootScores);
}

// `move`, a root move the search scored, replaces its choice, with its root score.
void SearchPlayer::playInstead(Cell move, SearchResult& result) {
    result.best = move;
    result.pv = {move};
    for (const RootMoveScore& s : result.rootScores)
        if (s.cell == move)
            result.score = s.score;
}

// What the solver beside the search proved: a win replaces the search's move (unless the search
// proved its own, with its distance); a refuted choice gives way to the first root move, in the
// search's order, that the solver did not refute. An unproven search first leaves the solver the
// rest of the move.
void SearchPlayer::applySolverBeside(SolverBeside& beside, const Board& board,
                                     SearchResult& result) {
    const bool open =
        result.reason == SearchResult::Reason::Searched && !isProvenScore(result.score);
    const SolverBeside::Outcome outcome = open ? beside.finishAfterRest() : beside.finish();
    if (!open)
        return;
    if (outcome.win) {
        replaceBySolvedWin(*outcome.win, board, result);
        return;
    }
    const auto refuted = [&outcome](Cell c) {
        return std::find(outcome.refuted.begin(), outcome.refuted.end(), c) !=
               outcome.refuted.end();
    };
    if (!refuted(result.best))
        return;
    for (const RootMoveScore& s : result.rootScores) {
        if (refuted(s.cell))
            continue;
        const Geometry& g = board.geometry();
        spdlog::info("solver beside the search: {} instead of {}", g.name(s.cell),
                     g.name(result.best));
        playInstead(s.cell, result);
        return;
    }
}

// The search's value does not see every connection: on 11x11 at 1 s per move, in each of six
// games lost to Wolve, a move before the 17th ply left a position the solver proves lost for us
// in 0.3 s, although it could not prove the position before the move lost. So the chosen move
// is checked from the opponent's side; a refuted move gives way to the next root move (in the
// search's order) that the solver does not refute in its time. When every checked move is
// refuted, the search's choice stands: the loss may still be long.
void SearchPlayer::checkWithSolver(Solver& solver, const Board& board, Color toMove,
                                   const std::optional<SteadyClock::time_point>& deadline,
                                   const StopFn& shouldStop, SearchResult& result) {
    std::vector<Cell> candidates{result.best};
    for (const RootMoveScore& s : result.rootScores)
        if (static_cast<int>(candidates.size()) < kCheckedMoves && s.cell != result.best)
            candidates.push_back(s.cell);
    const Geometry& g = board.geometry();
    for (Cell move : candidates) {
        if (!solverRefutes(solver, board, toMove, move, deadline, shouldStop)) {
            if (move != result.best) {
                spdlog::info("solver check: {} instead of {}", g.name(move), g.name(result.best));
                playInstead(move, result);
            }
            return;
        }
        spdlog::info("solver check: {} loses", g.name(move));
    }
}

// At 1 s per move on 11x11 the search leaves about half the move unused, and in games lost to
// Wolve the solver proved in 0.07 s a position in which the search then chose a losing move.
// So a timed search that stopped before its maximum depth hands the rest of the move to the
// solver: a proven win is played (the solver's move), a proven loss leaves the search's choice,
// and an open position gets the check of the chosen move. The solver's table is kept between
// the moves of a game, so each move's proof starts from the work of the ones before.
void SearchPlayer::spendRestOnSolver(const Board& board, Color toMove, const SearchLimits& limits,
                                     const StopFn& shouldStop, SearchResult& result) {
    if (!limits.time || result.reason != SearchResult::Reason::Searched ||
        isProvenScore(result.score) || result.depth >= limits.maxDepth)
        return;
    const double left = secondsUntil(limits.time->hard);
    if (left < kCheckMinSeconds)
        return;
    SolveLimits proofLimits;
    proofLimits.stop = shouldStop;
    proofLimits.maxSeconds = kRestProofShare * left;
    const SolveResult proof = restSolver_.solve(board, toMove, proofLimits);
    logSolve(" after the search", toMove, proof);
    if (proof.winner == toMove && proof.winningMove != kNoCell) {
        replaceBySolvedWin(proof, board, result);
        return;
    }
    if (!proof.winner)
        checkWithSolver(restSolver_, board, toMove, limits.time->hard, shouldStop, result);
}

// Whether the solver proves that `move` loses: within its share of the time left, or without a
// clock within kCheckNodes nodes (deterministic). A move it has no time to check counts as not
// refuted.
bool SearchPlayer::solverRefutes(Solver& solver, const Board& board, Color toMove, Cell move,
                                 const std::optional<SteadyClock::time_point>& deadline,
                                 const StopFn& shouldStop) {
    SolveLimits limits;
    limits.stop = shouldStop;
    if (deadline) {
        const double left = secondsUntil(*deadline);
        if (left < kCheckMinSeconds)
            return false;
        limits.maxSeconds = kCheckShareOfLeft * left;
    } else {
        limits.maxNodes = kCheckNodes;
    }
    return winnerAfter(solver, board, toMove, move, limits) == opponent(toMove);
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
