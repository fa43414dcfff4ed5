#pragma once

#include "core/types.h"

#include <optional>
#include <string_view>

namespace hex::eval {

// The chance that the side to move wins, estimated from an evaluator's position value (what
// `eval` answers): 1 / (1 + exp(-value / scale)), with one scale per evaluator fitted on
// OhmHex's own self-play games (bench/calibrate_chance.py; the figures in docs/evaluators.md).
// A finished game (|value| >= kMaxEval) gives exactly 1 or 0. The mapping is increasing in the
// value and symmetric: the chance of -value is one minus the chance of value, so a position and
// its colour-swapped image get complementary chances. nullopt for an unknown evaluator.
std::optional<double> winChance(std::string_view evaluator, Score value);

// The fitted scale of an evaluator, or nullopt.
std::optional<double> winChanceScale(std::string_view evaluator);

// The calibration the values of `evaluator` are read with: its name, but for network the
// source of its values (`network_value`): "network" (the net's own value), "mix" (the
// resistance circuit corrected by the net, on its own calibration) or "resistance".
std::string_view chanceCalibration(std::string_view evaluator, std::string_view networkValue);

} // namespace hex::eval
