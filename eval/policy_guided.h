#pragma once

#include "eval/evaluator.h"

#include <memory>

namespace hex::eval {

// One evaluator's value with another's cell values: `policy` orders the moves and sets the width
// (the cell values of evaluateWithCells, at interior nodes) while `value` scores every position.
// The network evaluator's two halves, each from the net or the resistance circuit: the net's
// policy with the circuit's value for a net whose policy has learned more than its value head
// (`network_value resistance`; the leaves, most of the nodes, then cost what the circuit
// costs), the circuit's order with the net's value for a value head trained on proofs
// (`network_policy resistance`).
class PolicyGuidedEvaluator final : public Evaluator {
public:
    PolicyGuidedEvaluator(std::unique_ptr<Evaluator> policy, std::unique_ptr<Evaluator> value);

    // Only the network evaluator is made of two halves.
    std::string_view name() const override { return "network"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    // Either half's, whichever built its connections on `board` last (both check that).
    std::optional<GameState> connectionState(const Board& board, Color toMove) const override;

private:
    std::unique_ptr<Evaluator> policy_;
    std::unique_ptr<Evaluator> value_;
};

} // namespace hex::eval
