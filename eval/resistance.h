#pragma once

#include "eval/circuit.h"
#include "eval/evaluator.h"

#include <functional>
#include <vector>

namespace hex::eval {

// Supplies the extra links (virtual connections) of a colour's circuit for a position. The
// provider appends to the vector it is given; it is called once per colour and evaluation.
using LinkProvider = std::function<void(const Board&, Color, std::vector<Link>&)>;

// Shannon's and Anshelevich's electric circuit (docs/evaluators.md, "resistance"): value
// ln(R_opponent / R_own) for the side to move, in thousandths; cell values are the current through
// each empty cell, summed over both colours' circuits, in units of 1/10000 of the total current.
// The registry installs the virtual-connection links the `resistance_links` option names
// (bridge_links.h).
class ResistanceEvaluator final : public Evaluator {
public:
    static constexpr double kScoreScale = 1000.0;
    static constexpr double kCellScale = 10000.0;

    std::string_view name() const override { return "resistance"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

    // Installs (or, with an empty function, removes) the virtual-connection hook.
    void setLinkProvider(LinkProvider provider) { linkProvider_ = std::move(provider); }

    // Effective resistance between color's edges (0 joined, +infinity cut off).
    double resistance(const Board& board, Color color);

private:
    double solve(const Board& board, Color color, std::span<double> throughput);
    Score score(double ownResistance, double opponentResistance) const;

    Circuit circuit_;
    LinkProvider linkProvider_;
    std::vector<Link> links_;
    std::vector<double> blackThroughput_;
    std::vector<double> whiteThroughput_;
};

} // namespace hex::eval
