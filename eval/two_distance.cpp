#include "eval/two_distance.h"

#include "eval/index.h"
#include "eval/scoring.h"

namespace hex::eval {

std::span<const int> TwoDistanceEvaluator::potentials(const Board& board, Color color) {
    sweep_.load(board);
    return potentialsOf(board, color);
}

std::span<const int> TwoDistanceEvaluator::potentialsOf(const Board& board, Color color) {
    std::vector<int>& potential = potential_[index(color)];
    sweep_.potentials(color, unreachable(board.geometry().cellCount()), potential);
    return potential;
}

TwoDistanceEvaluator::Summary
TwoDistanceEvaluator::summarise(std::span<const int> potential) const {
    const int infinite = unreachable(static_cast<int>(potential.size()));
    Summary summary{infinite, 0};
    for (int p : potential) {
        if (p < summary.potential)
            summary = {p, 0};
        if (p == summary.potential && p < infinite)
            ++summary.count;
    }
    return summary;
}

Score TwoDistanceEvaluator::score(const Board& board, Summary own, Summary other) const {
    const int weight = board.geometry().cellCount() + 1;
    return weight * (other.potential - own.potential) + (own.count - other.count);
}

Score TwoDistanceEvaluator::evaluate(const Board& board, Color toMove) {
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    sweep_.load(board);
    const Summary own = summarise(potentialsOf(board, toMove));
    const Summary other = summarise(potentialsOf(board, opponent(toMove)));
    return score(board, own, other);
}

Score TwoDistanceEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                              std::span<int> cellValues) {
    clearCells(board, cellValues);
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    sweep_.load(board);
    const std::span<const int> own = potentialsOf(board, toMove);
    const std::span<const int> other = potentialsOf(board, opponent(toMove));
    const int infinite = unreachable(board.geometry().cellCount());
    for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
        if (board.isEmpty(c))
            cellValues[at(c)] = 2 * infinite - own[at(c)] - other[at(c)];
    }
    return score(board, summarise(own), summarise(other));
}

} // namespace hex::eval
