#include "eval/network/network_evaluator.h"

#include "eval/scoring.h"

#include <algorithm>

namespace hex::eval {

NetworkEvaluator::NetworkEvaluator(std::shared_ptr<const network::Network> network, bool rotation)
    : network_(std::move(network)), rotation_(rotation) {}

Score NetworkEvaluator::evaluate(const Board& board, Color toMove) {
    return run(board, toMove, {});
}

Score NetworkEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                          std::span<int> cellValues) {
    clearCells(board, cellValues);
    return run(board, toMove, cellValues);
}

Score NetworkEvaluator::run(const Board& board, Color toMove, std::span<int> cellValues) {
    if (const std::optional<Score> won = terminalScore(board, toMove))
        return *won;
    const bool withCells = !cellValues.empty();
    const auto cells = static_cast<std::size_t>(board.geometry().cellCount());
    policy_.resize(withCells ? cells : 0);
    cellSums_.assign(withCells ? cells : 0, 0.0);
    const int orientations = rotation_ ? 2 : 1;
    // The sum of the two orientations' values is the same whichever comes first (float
    // addition commutes), so a position and its rotation score exactly alike.
    float valueSum = 0;
    for (int o = 0; o < orientations; ++o) {
        const network::CanonicalBoard canonical(board, toMove, o == 1);
        valueSum += network_->run(canonical, workspace_, policy_);
        if (!withCells)
            continue;
        for (int y = 0; y < canonical.height(); ++y)
            for (int x = 0; x < canonical.width(); ++x)
                cellSums_[static_cast<std::size_t>(canonical.originalCell(x, y))] +=
                    policy_[static_cast<std::size_t>(y * canonical.width() + x)];
    }
    for (std::size_t c = 0; c < cellSums_.size(); ++c)
        cellValues[c] = quantiseCell(cellSums_[c] / orientations, kCellScale);
    return quantise(static_cast<double>(valueSum) / orientations, kValueScale);
}

} // namespace hex::eval
