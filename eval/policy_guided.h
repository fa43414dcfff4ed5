#pragma once

#include "eval/evaluator.h"

#include <memory>

namespace hex::eval {

// One evaluator's value with another's cell values: the network's policy orders the moves and
// sets the width (evaluateWithCells, at interior nodes) while a classical evaluator scores the
// leaves (evaluate). For a net whose policy has learned more than its value head
// (`network_value resistance`): the leaves, most of the nodes, then cost what the classical
// evaluator costs.
class PolicyGuidedEvaluator final : public Evaluator {
public:
    PolicyGuidedEvaluator(std::unique_ptr<Evaluator> policy, std::unique_ptr<Evaluator> value);

    std::string_view name() const override { return policy_->name(); }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

private:
    std::unique_ptr<Evaluator> policy_;
    std::unique_ptr<Evaluator> value_;
};

} // namespace hex::eval
