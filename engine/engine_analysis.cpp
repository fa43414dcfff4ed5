// The Engine's analysis of the current position (eval, solve and the HexGui displays); none of it
// changes the game.
#include "engine/engine.h"

#include "engine/player_settings.h"
#include "engine/search_display.h"
#include "search/solver_guesses.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace hex {
namespace {

// The solve commands' limits, with a progress line in the log every few seconds: a long proof
// shows that it is alive and how it stands.
SolveLimits solveLimits(double seconds, const StopFn& shouldStop) {
    SolveLimits limits;
    limits.maxSeconds = seconds;
    limits.stop = shouldStop;
    limits.progress = [](const SolveProgress& p) {
        spdlog::info("solver: {}", describeProgress(p));
    };
    return limits;
}

// solve-state's guesses of the winning moves, for a proof that runs long (SolveLimits::guess):
// three, the first moves of a depth-4 search of the position and of its rotation in turn. Fewer
// missed the winning reply of some 8x8 openings that Black loses (docs/solver.md, "The root's
// guesses").
constexpr int kSolveGuesses = 3;

Guesses guessWinningMoves(const Board& board, Color toMove, const StopFn& stop) {
    Guesses guesses = solverGuesses(board, toMove, kSolveGuesses, stop);
    std::string names;
    for (Cell c : guesses.moves)
        names += " " + board.geometry().name(c);
    spdlog::info("solver: {} tries first{} (scored {})", colorName(toMove), names,
                 guesses.score.value_or(0));
    return guesses;
}

} // namespace

std::optional<CellValues> Engine::evaluate(std::string_view evaluator) {
    const std::string_view name = evaluator.empty() ? options_.getString("evaluator") : evaluator;
    eval::Evaluator* made = evaluators_.get(name, evaluatorConfig(options_, network_));
    if (!made)
        return std::nullopt;
    return evaluateCells(*made, game_.board(), game_.toMove());
}

std::string Engine::whyNoEvaluator(std::string_view evaluator) const {
    const std::string_view name = evaluator.empty() ? options_.getString("evaluator") : evaluator;
    return eval::whyNoEvaluator(name, evaluatorConfig(options_, network_))
        .value_or("evaluator " + std::string(name) + " is available");
}

// The solver's threads follow solver_threads, its root solver_children_in_turn and
// solver_in_turn_when_lost, and its tables solver_mb; resizing only when it changed keeps the
// proven results.
void Engine::configureSolver() {
    solver_.setThreads(static_cast<int>(options_.getInt("solver_threads")));
    solver_.setChildrenInTurn(options_.getBool("solver_children_in_turn"));
    solver_.setInTurnWhenLost(options_.getBool("solver_in_turn_when_lost"));
    const std::size_t bytes = static_cast<std::size_t>(options_.getInt("solver_mb")) << 20;
    if (bytes != solverBytes_) {
        solver_.setMemory(bytes);
        solverBytes_ = bytes;
    }
}

SolveResult Engine::solve(Color toMove, double seconds, const StopFn& shouldStop) {
    configureSolver();
    SolveLimits limits = solveLimits(seconds, shouldStop);
    limits.guess = guessWinningMoves;
    return solver_.solve(game_.board(), toMove, limits);
}

WinningMoves Engine::winningMoves(Color toMove, double seconds, const StopFn& shouldStop) {
    configureSolver();
    const WinningMoves result =
        solver_.winningMoves(game_.board(), toMove, solveLimits(seconds, shouldStop));
    spdlog::info("solve-winning: {} winning move(s){}, {} losing without a proof of their own "
                 "(outside an earlier refutation's pattern), {} nodes, {:.2f} s",
                 result.moves.size(), result.complete ? "" : " so far (stopped)",
                 result.refutedByPatterns, result.stats.nodes, result.stats.seconds);
    return result;
}

std::vector<Cell> Engine::mustPlay(Color toMove) const {
    return mustPlayCells(game_.board(), toMove);
}

std::vector<InferiorCell> Engine::inferiorCells(Color toMove) const {
    return hex::inferiorCells(game_.board(), toMove);
}

ConnectionsBetween Engine::connectionsBetween(Color color, Cell from, Cell to,
                                              bool evaluation) const {
    return hex::connectionsBetween(game_.board(), color, from, to,
                                   evaluation ? vcLinkLimits(options_) : VcLimits{});
}

// The search that describes the current position: genmove's or reg_genmove's last one when it
// was of this very position, else the analysis player's, searching it now when its last search
// was of another position. The analysis search is the search alone (no solver before it, no
// check after it), so that every root move gets its score.
const LastSearch* Engine::searchOfPosition(Color toMove, const StopFn& shouldStop) {
    const Board& board = game_.board();
    for (const std::optional<LastSearch>* last : {&searchPlayer_.last(), &analysisSearch()})
        if (searchedPosition(*last, board, toMove))
            return &**last;
    if (board.winner() || board.emptyCount() == 0)
        return nullptr;
    // No game clock (time_left is genmove's), but max_time and max_nodes bound it as they bound
    // genmove: with the default vc links 20,000 nodes take some 15 s on 11x11.
    PlayerSettings settings = playerSettings(options_, network_, GameClock{}, toMove);
    settings.limits.maxNodes = settings.limits.maxNodes > 0
                                   ? std::min(settings.limits.maxNodes, kAnalysisNodes)
                                   : kAnalysisNodes;
    settings.tableMb = std::min(settings.tableMb, kAnalysisTableMb);
    settings.solverMaxEmpty = 0;
    settings.solverCheckShare = 0;
    settings.solverRest = false;
    if (!analysisPlayer_)
        analysisPlayer_.emplace();
    analysisPlayer_->clear(); // the same answer whatever was analysed before
    analysisPlayer_->chooseStone(board, toMove, settings, shouldStop);
    const std::optional<LastSearch>& made = analysisSearch();
    return searchedPosition(made, board, toMove) ? &*made : nullptr;
}

std::vector<Cell> Engine::principalVariation(Color toMove, const StopFn& shouldStop) {
    const LastSearch* search = searchOfPosition(toMove, shouldStop);
    return search ? search->result.pv : std::vector<Cell>{};
}

std::vector<RootMoveScore> Engine::rootScores(Color toMove, const StopFn& shouldStop) {
    const LastSearch* search = searchOfPosition(toMove, shouldStop);
    return search ? rootScoresOf(search->result) : std::vector<RootMoveScore>{};
}

} // namespace hex
