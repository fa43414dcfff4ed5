#pragma once

#include "core/board.h"
#include "core/types.h"
#include "eval/evaluator.h"

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

// The calibration the values of `evaluator` with `config` are read with on `board`: its name,
// but for network the source of its values (`network_value`): "network" (the net's own
// value), "mix" (the resistance circuit corrected by the net, on its own calibration) or
// "resistance" (also the mix beyond networkMixMaxSize, where its value is the circuit's). The
// view may point into `config`.
std::string_view chanceCalibration(std::string_view evaluator, const EvaluatorConfig& config,
                                   const Board& board);

} // namespace hex::eval
