#pragma once

#include "core/board.h"
#include "core/score.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>
#include <span>

namespace hex::eval {

// Helpers every evaluator shares: the won-position score and the quantisation of floating-point
// values into the integer score range, so that results are exact and reproducible.

// +-kMaxEval for the winner, from toMove's view; nullopt while nobody has connected.
inline std::optional<Score> terminalScore(const Board& board, Color toMove) {
    const std::optional<Color> winner = board.winner();
    if (!winner)
        return std::nullopt;
    return *winner == toMove ? kMaxEval : -kMaxEval;
}

// Rounds value * scale to the nearest integer strictly inside (-kMaxEval, kMaxEval).
// A NaN (a learned net's overflow on extreme weights) scores 0 rather than reaching the cast,
// where it would be undefined behaviour.
inline Score quantise(double value, double scale) {
    if (std::isnan(value * scale))
        return 0;
    constexpr double kLimit = static_cast<double>(kMaxEval - 1);
    const double scaled = std::clamp(std::round(value * scale), -kLimit, kLimit);
    return static_cast<Score>(scaled);
}

// Rounds a non-negative cell importance to an integer, never negative.
// A NaN becomes 0, as in quantise.
inline int quantiseCell(double value, double scale) {
    if (std::isnan(value * scale))
        return 0;
    constexpr double kLimit = 1e9;
    return static_cast<int>(std::clamp(std::round(value * scale), 0.0, kLimit));
}

// Checks the caller's buffer and zeroes it: occupied cells, and every cell of a won position,
// keep 0.
inline void clearCells([[maybe_unused]] const Board& board, std::span<int> cellValues) {
    assert(static_cast<int>(cellValues.size()) == board.geometry().cellCount());
    std::fill(cellValues.begin(), cellValues.end(), 0);
}

} // namespace hex::eval
