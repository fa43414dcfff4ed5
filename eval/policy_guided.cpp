#include "eval/policy_guided.h"

namespace hex::eval {

PolicyGuidedEvaluator::PolicyGuidedEvaluator(std::unique_ptr<Evaluator> policy,
                                             std::unique_ptr<Evaluator> value)
    : policy_(std::move(policy)), value_(std::move(value)) {}

Score PolicyGuidedEvaluator::evaluate(const Board& board, Color toMove) {
    return value_->evaluate(board, toMove);
}

Score PolicyGuidedEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                               std::span<int> cellValues) {
    policy_->evaluateWithCells(board, toMove, cellValues);
    return value_->evaluate(board, toMove);
}

std::optional<GameState> PolicyGuidedEvaluator::connectionState(const Board& board,
                                                                Color toMove) const {
    if (std::optional<GameState> state = policy_->connectionState(board, toMove))
        return state;
    return value_->connectionState(board, toMove);
}

} // namespace hex::eval
