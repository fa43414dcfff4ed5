#include "eval/resistance.h"

#include "eval/scoring.h"

#include <cmath>

namespace hex::eval {

double ResistanceEvaluator::solve(const Board& board, Color color, LinkUse use,
                                  std::span<double> throughput) {
    links_.clear();
    if (linkProvider_)
        linkProvider_(board, color, use, links_);
    return circuit_.solve(board, color, links_, throughput);
}

double ResistanceEvaluator::resistance(const Board& board, Color color) {
    return solve(board, color, LinkUse::Node, {});
}

Score ResistanceEvaluator::score(double ownResistance, double opponentResistance) const {
    // Both infinite cannot happen without a winner (a cut-off side means the other has joined
    // its edges), but the links of a provider could make it so: call it even.
    if (std::isinf(ownResistance) && std::isinf(opponentResistance))
        return 0;
    return quantise(std::log(opponentResistance) - std::log(ownResistance), kScoreScale);
}

// The circuit's value, unless the link source proves a winner.
Score ResistanceEvaluator::valueOf(const Board& board, Color toMove, double ownResistance,
                                   double opponentResistance) const {
    if (const std::optional<GameState> state = connectionState(board, toMove);
        state && state->winner)
        return *state->winner == toMove ? kDecidedScore : -kDecidedScore;
    return score(ownResistance, opponentResistance);
}

std::optional<GameState> ResistanceEvaluator::connectionState(const Board& board,
                                                              Color toMove) const {
    return connectionState_ ? connectionState_(board, toMove) : std::nullopt;
}

Score ResistanceEvaluator::evaluate(const Board& board, Color toMove) {
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    const double own = solve(board, toMove, LinkUse::Leaf, {});
    const double other = solve(board, opponent(toMove), LinkUse::Leaf, {});
    return valueOf(board, toMove, own, other);
}

Score ResistanceEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                             std::span<int> cellValues) {
    clearCells(board, cellValues);
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    // One array per colour, added at the end: a + b == b + a exactly, so the colour-exchanged
    // position gets bit-identical cell values.
    blackThroughput_.assign(cellValues.size(), 0.0);
    whiteThroughput_.assign(cellValues.size(), 0.0);
    const double black = solve(board, Color::Black, LinkUse::Node, blackThroughput_);
    const double white = solve(board, Color::White, LinkUse::Node, whiteThroughput_);
    for (std::size_t c = 0; c < cellValues.size(); ++c)
        cellValues[c] = quantiseCell(blackThroughput_[c] + whiteThroughput_[c], kCellScale);
    return toMove == Color::Black ? valueOf(board, toMove, black, white)
                                  : valueOf(board, toMove, white, black);
}

} // namespace hex::eval
