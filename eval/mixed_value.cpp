#include "eval/mixed_value.h"

#include "eval/network/network_evaluator.h"
#include "eval/resistance.h"
#include "eval/scoring.h"

#include <cstdlib>

namespace hex::eval {

MixedValueEvaluator::MixedValueEvaluator(std::unique_ptr<Evaluator> circuit,
                                         std::unique_ptr<Evaluator> net, double weight, int maxSize)
    : circuit_(std::move(circuit)), net_(std::move(net)), weight_(weight), maxSize_(maxSize) {}

bool netCorrects(const Board& board, int maxSize) {
    return board.geometry().width() <= maxSize && board.geometry().height() <= maxSize;
}

Score MixedValueEvaluator::evaluate(const Board& board, Color toMove) {
    return corrected(board, toMove, circuit_->evaluate(board, toMove));
}

Score MixedValueEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                             std::span<int> cellValues) {
    return corrected(board, toMove, circuit_->evaluateWithCells(board, toMove, cellValues));
}

void MixedValueEvaluator::evaluateCells(const Board& board, Color toMove,
                                        std::span<int> cellValues) {
    circuit_->evaluateWithCells(board, toMove, cellValues);
}

std::optional<GameState> MixedValueEvaluator::connectionState(const Board& board,
                                                              Color toMove) const {
    return circuit_->connectionState(board, toMove);
}

Score MixedValueEvaluator::corrected(const Board& board, Color toMove, Score circuit) {
    if (std::abs(circuit) >= ResistanceEvaluator::kDecidedScore)
        return circuit; // decided by the connections (or the board): no guess changes that
    if (!netCorrects(board, maxSize_))
        return circuit;
    const double net =
        static_cast<double>(net_->evaluate(board, toMove)) / NetworkEvaluator::kValueScale;
    return quantise(static_cast<double>(circuit) / ResistanceEvaluator::kScoreScale + weight_ * net,
                    ResistanceEvaluator::kScoreScale);
}

} // namespace hex::eval
