#pragma once

#include "eval/evaluator.h"
#include "eval/y_embedding.h"

#include <vector>

namespace hex::eval {

// van Rijswijck's probabilistic Y-reduction (algorithms.md 2.3). The embedding is not invariant
// under the 180-degree rotation (the filled triangles differ), so the value is the mean of the
// reductions of the board and of its rotation: V in [-1, 1] from Black's view, scored as
// V * 100000 for the side to move. Cell values are |dV / d cell| * 100000 from the reverse pass.
class YReductionEvaluator final : public Evaluator {
public:
    static constexpr double kScoreScale = 100000.0;
    static constexpr double kCellScale = 100000.0;

    std::string_view name() const override { return "yreduction"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

    // The symmetrised reduction value in [-1, 1], Black's view, whether or not the game is over.
    double value(const Board& board);

private:
    Score score(double blackValue, Color toMove) const;

    YPyramid pyramid_;
    std::vector<double> gradient_;
};

} // namespace hex::eval
