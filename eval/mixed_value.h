#pragma once

#include "eval/evaluator.h"

#include <memory>

namespace hex::eval {

// The resistance circuit's value corrected by a learned one (`network_value mix`): the circuit's
// score plus `weight` times the net's value in the circuit's units (ResistanceEvaluator's
// kScoreScale per unit of value: a net sure of a win adds what a resistance ratio of e^weight
// does). The circuit ranks positions one stone apart smoothly and a net trained on proofs judges
// the whole board better (training/runs/r3): the sum keeps the one's order and the other's
// verdicts. A position the circuit's connections decide keeps its decided score. The cell values
// are the circuit's. On boards with a side longer than `maxSize` (larger than the boards the
// net learned) the value is the circuit's alone.
class MixedValueEvaluator final : public Evaluator {
public:
    MixedValueEvaluator(std::unique_ptr<Evaluator> circuit, std::unique_ptr<Evaluator> net,
                        double weight, int maxSize);

    std::string_view name() const override { return "network"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    // The circuit's cells, without running the net.
    void evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    // The circuit's (the net knows no connections).
    std::optional<GameState> connectionState(const Board& board, Color toMove) const override;

private:
    // The circuit's score `circuit` for the position, corrected by the net.
    Score corrected(const Board& board, Color toMove, Score circuit);

    std::unique_ptr<Evaluator> circuit_;
    std::unique_ptr<Evaluator> net_;
    double weight_;
    int maxSize_;
};

// Whether the mix adds the net's correction on `board` (its sides at most `maxSize`).
bool netCorrects(const Board& board, int maxSize);

} // namespace hex::eval
