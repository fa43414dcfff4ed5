#include "eval/win_chance.h"

#include "core/score.h"
#include "eval/mixed_value.h"

#include <array>
#include <cmath>

namespace hex::eval {
namespace {

// P(the side to move wins) = 1 / (1 + exp(-(value - even) / scale)), fitted by
// bench/calibrate_chance.py on the self-play games of training/runs/r1 (games-iter0.jsonl, sizes
// 9 to 11) and checked on its held-out games; docs/evaluators.md has the figures. `even` is the
// value of an even game: below 0 where the evaluator sees the side that has just moved ahead.
// Where the values say nothing significant about the winner (yreduction, maxflow) the script
// gives even 0 and a scale a hundred times their spread: a chance within about half a percent of
// 50%, which is what those values are worth on these games. "network" and "mix" are the
// network evaluator's values with the built-in net (chanceCalibration): its own value
// (network_value network) and the circuit corrected by it (mix, network_mix_weight 1).
struct Calibration {
    std::string_view evaluator;
    double even;
    double scale;
};

constexpr std::array kCalibrations{
    Calibration{"resistance", -571.6, 6473.1}, Calibration{"twodistance", -276.3, 3412.8},
    Calibration{"yreduction", 0.0, 7882873.2}, Calibration{"maxflow", 0.0, 16635.1},
    Calibration{"network", -5400.7, 83044.1},  Calibration{"mix", -911.1, 10824.7},
};

const Calibration* calibrationOf(std::string_view evaluator) {
    for (const Calibration& c : kCalibrations)
        if (c.evaluator == evaluator)
            return &c;
    return nullptr;
}

} // namespace

std::optional<double> winChance(std::string_view evaluator, Score value) {
    const Calibration* c = calibrationOf(evaluator);
    if (c == nullptr)
        return std::nullopt;
    if (value >= kMaxEval)
        return 1.0;
    if (value <= -kMaxEval)
        return 0.0;
    return 1.0 / (1.0 + std::exp(-(static_cast<double>(value) - c->even) / c->scale));
}

std::string_view chanceCalibration(std::string_view evaluator, const EvaluatorConfig& config,
                                   const Board& board) {
    if (evaluator != "network")
        return evaluator;
    if (config.networkValue == "mix" && !netCorrects(board, config.networkMixMaxSize))
        return "resistance";
    return config.networkValue;
}

std::optional<double> winChanceScale(std::string_view evaluator) {
    const Calibration* c = calibrationOf(evaluator);
    return c == nullptr ? std::nullopt : std::optional<double>(c->scale);
}

} // namespace hex::eval
