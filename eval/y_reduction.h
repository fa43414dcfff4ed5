#pragma once

#include "eval/evaluator.h"
#include "eval/y_embedding.h"

#include <vector>

namespace hex::eval {

// van Rijswijck's probabilistic Y-reduction (docs/evaluators.md, "yreduction"). The embedding is
// not invariant under the 180-degree rotation (the filled triangles differ), so the value is the
// mean of the reductions of the board and of its rotation: V in [-1, 1] from Black's view, scored
// as V * 100000 for the side to move. Both forward passes are needed for the value: a value from
// one orientation chosen per position would not be monotone (adding a stone could switch the
// orientation to one that likes the stone's owner less).
//
// Cell values were |dV / d cell| * 100000, V the mean; now the reverse pass (about as costly as
// both forward passes) runs for one orientation only (gradientOrientation, y_orientation.h),
// usually the one whose reduction is closer to 0, and the other's half of dV is dropped. That
// half is usually the small one: the more decided reduction saturates near +-1, where its
// derivatives are tiny. The choice is carried along exactly by the rotation and the colour
// symmetry; when it cannot be made (e.g. a board equal to its rotation) both halves are kept.
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

    YPyramid plain_;
    YPyramid rotated_;
    std::vector<double> gradient_;
};

} // namespace hex::eval
