#include "eval/policy_guided.h"

namespace hex::eval {

PolicyGuidedEvaluator::PolicyGuidedEvaluator(std::unique_ptr<Evaluator> policy,
                                             std::unique_ptr<Evaluator> value,
                                             std::string_view name)
    : policy_(std::move(policy)), value_(std::move(value)), name_(name) {}

Score PolicyGuidedEvaluator::evaluate(const Board& board, Color toMove) {
    return value_->evaluate(board, toMove);
}

Score PolicyGuidedEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                               std::span<int> cellValues) {
    policy_->evaluateWithCells(board, toMove, cellValues);
    return value_->evaluate(board, toMove);
}

} // namespace hex::eval
