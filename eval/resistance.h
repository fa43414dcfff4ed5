#pragma once

#include "eval/circuit.h"
#include "eval/evaluator.h"

#include <functional>
#include <optional>
#include <vector>

namespace hex::eval {

// What an evaluation is for, as far as the link source's work goes: a value alone (`Leaf`: a
// search's leaves, whose positions no other evaluation starts from) or a position whose children
// may be evaluated next (`Node`: the cell values order its moves). A source that keeps its work
// for later positions (VcLinks) keeps only a node's.
enum class LinkUse { Leaf, Node };

// Supplies the extra links (virtual connections) of a colour's circuit for a position. The
// provider appends to the vector it is given; it is called once per colour and evaluation.
using LinkProvider = std::function<void(const Board&, Color, LinkUse, std::vector<Link>&)>;
// What the link source's own connections prove about a position it made the links of both
// colours for (e.g. an edge-to-edge virtual connection wins), with the given side to move: the
// game state (winner, or must-play cells), or nullopt when it did not build on that position.
using ConnectionStateSource = std::function<std::optional<GameState>(const Board&, Color toMove)>;

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
    // Installs (or removes) the hook that analyses what the links were made of: it answers
    // connectionState, and a winner it proves scores kDecidedScore: above every circuit value,
    // but a heuristic value all the same (a proof is the search's and the solver's business).
    static constexpr Score kDecidedScore = kMaxEval - 1;
    void setConnectionState(ConnectionStateSource source) { connectionState_ = std::move(source); }
    std::optional<GameState> connectionState(const Board& board, Color toMove) const override;

    // Effective resistance between color's edges (0 joined, +infinity cut off).
    double resistance(const Board& board, Color color);

private:
    double solve(const Board& board, Color color, LinkUse use, std::span<double> throughput);
    Score score(double ownResistance, double opponentResistance) const;
    Score valueOf(const Board& board, Color toMove, double ownResistance,
                  double opponentResistance) const;

    Circuit circuit_;
    LinkProvider linkProvider_;
    ConnectionStateSource connectionState_;
    std::vector<Link> links_;
    std::vector<double> blackThroughput_;
    std::vector<double> whiteThroughput_;
};

} // namespace hex::eval
