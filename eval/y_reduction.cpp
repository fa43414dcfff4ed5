#include "eval/y_reduction.h"

#include "eval/scoring.h"
#include "eval/y_orientation.h"

#include <cmath>

namespace hex::eval {

double YReductionEvaluator::value(const Board& board) {
    const double plain = plain_.reduce(board, false);
    const double rotated = rotated_.reduce(board, true);
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
    const double plain = plain_.reduce(board, false);
    const double rotated = rotated_.reduce(board, true);
    gradient_.assign(cellValues.size(), 0.0);
    const Geometry& g = board.geometry();
    // Half of dV = (dV_plain + dV_rotated) / 2, or all of it (see the header).
    const YOrientation orientation = gradientOrientation(board, plain, rotated);
    if (orientation != YOrientation::Rotated)
        plain_.addGradient(g, false, gradient_);
    if (orientation != YOrientation::Plain)
        rotated_.addGradient(g, true, gradient_);
    for (std::size_t c = 0; c < cellValues.size(); ++c) {
        if (board.isEmpty(static_cast<Cell>(c)))
            cellValues[c] = quantiseCell(0.5 * std::abs(gradient_[c]), kCellScale);
    }
    return score(0.5 * (plain + rotated), toMove);
}

} // namespace hex::eval
