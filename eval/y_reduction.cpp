#include "eval/y_reduction.h"

#include "eval/scoring.h"

#include <cmath>

namespace hex::eval {

double YReductionEvaluator::value(const Board& board) {
    const double plain = pyramid_.reduce(board, false);
    const double rotated = pyramid_.reduce(board, true);
    return 0.5 * (plain + rotated);
}

Score YReductionEvaluator::score(double blackValue, Color toMove) const {
    return quantise(toMove == Color::Black ? blackValue : -blackValue, kScoreScale);
}

Score YReductionEvaluator::evaluate(const Board& board, Color toMove) {
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    return score(value(board), toMove);
}

Score YReductionEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                             std::span<int> cellValues) {
    clearCells(board, cellValues);
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    gradient_.assign(cellValues.size(), 0.0);
    const double plain = pyramid_.reduce(board, false);
    pyramid_.addGradient(board.geometry(), false, gradient_);
    const double rotated = pyramid_.reduce(board, true);
    pyramid_.addGradient(board.geometry(), true, gradient_);
    for (std::size_t c = 0; c < cellValues.size(); ++c) {
        if (board.isEmpty(static_cast<Cell>(c)))
            cellValues[c] = quantiseCell(0.5 * std::abs(gradient_[c]), kCellScale);
    }
    return score(0.5 * (plain + rotated), toMove);
}

} // namespace hex::eval
