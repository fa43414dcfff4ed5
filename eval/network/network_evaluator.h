#pragma once

#include "eval/evaluator.h"
#include "eval/network/network.h"

#include <memory>
#include <vector>

namespace hex::eval {

// The learned evaluator (`network`, docs/network.md): the value head's tanh value for the side
// to move times kValueScale, and each empty cell's policy probability times kCellScale.
// Symmetric under the colour exchange with the transpose by construction (the encoding is);
// with `rotation`, also under the 180-degree rotation (the mean of both orientations, two
// passes).
class NetworkEvaluator final : public Evaluator {
public:
    // 10000 per unit of tanh value: a value in (-1, 1) becomes a score in (-10000, 10000), the
    // order of resistance's scores.
    static constexpr double kValueScale = 10'000;
    // Probabilities of 1e-6 and above stay distinct.
    static constexpr double kCellScale = 1'000'000;

    NetworkEvaluator(std::shared_ptr<const network::Network> network, bool rotation);

    std::string_view name() const override { return "network"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

private:
    // The mean value of the orientations; with cellValues non-empty, the mean policy into it.
    Score run(const Board& board, Color toMove, std::span<int> cellValues);

    std::shared_ptr<const network::Network> network_;
    bool rotation_;
    network::Network::Workspace workspace_;
    std::vector<float> policy_;    // one orientation's, canonical order
    std::vector<double> cellSums_; // the orientations' sum, original order
};

} // namespace hex::eval
