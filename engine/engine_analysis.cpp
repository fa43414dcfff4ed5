// The Engine's analysis of the current position (eval, solve and the HexGui displays); none of it
// changes the game.
#include "engine/engine.h"

#include "engine/player_settings.h"
#include "engine/search_display.h"

namespace hex {

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

SolveResult Engine::solve(Color toMove, double seconds, const StopFn& shouldStop) {
    return solver_.solve(game_.board(), toMove, SolveLimits{0, seconds, shouldStop});
}

WinningMoves Engine::winningMoves(Color toMove, double seconds, const StopFn& shouldStop) {
    return solver_.winningMoves(game_.board(), toMove, SolveLimits{0, seconds, shouldStop});
}

std::vector<Cell> Engine::mustPlay(Color toMove) const {
    return mustPlayCells(game_.board(), toMove);
}

std::vector<InferiorCell> Engine::inferiorCells(Color toMove) const {
    return hex::inferiorCells(game_.board(), toMove);
}

ConnectionsBetween Engine::connectionsBetween(Color color, Cell from, Cell to) const {
    return hex::connectionsBetween(game_.board(), color, from, to);
}

std::vector<Cell> Engine::principalVariation() const {
    return principalVariationFrom(searchPlayer_.last(), game_.board());
}

std::vector<RootMoveScore> Engine::rootScores() const {
    return rootScoresOn(searchPlayer_.last(), game_.board());
}

} // namespace hex
