#pragma once

#include "core/types.h"

namespace hex {

// Score scale shared by evaluators and search, always from the side to move's point of view.
// A proven win in n plies scores kWin - n (a loss -(kWin - n)), so the search prefers the fastest
// win and the slowest loss. Heuristic values stay strictly inside +-kMaxEval, far from any
// proven score.
constexpr Score kWin = 1'000'000;
constexpr Score kMaxPlies = 1'000;
constexpr Score kMaxEval = kWin - 2 * kMaxPlies;
constexpr Score kInfinity = kWin + 1;

constexpr bool isProvenScore(Score s) noexcept { return s > kMaxEval || s < -kMaxEval; }

} // namespace hex
