#include "eval/y_embedding.h"
#include "eval/y_reduction.h"

#include "test/eval/eval_test_support.h"
#include "test/support/flood_fill.h"

#include <gtest/gtest.h>

namespace hex::eval {
namespace {

// On a full board every reduction step is an exact majority, so the Y value is exactly +-1 and
// must name the Hex winner (algorithms.md 2.3), for every size including rectangles, and for
// the rotated embedding as well.
TEST(YEmbedding, FullBoardReducesToTheHexWinnerAtEverySize) {
    std::mt19937 rng(11);
    YPyramid pyramid;
    for (int w = 1; w <= Geometry::kMaxSide; ++w) {
        for (int h = 1; h <= Geometry::kMaxSide; ++h) {
            for (int game = 0; game < 3; ++game) {
                // Random colours, not alternating, so unbalanced fills are covered too.
                Board board(w, h);
                for (Cell c = 0; c < board.geometry().cellCount(); ++c)
                    board.play(c, testing::randomBelow(rng, 2) ? Color::Black : Color::White);
                const std::optional<Color> winner = testing::floodWinner(board);
                ASSERT_TRUE(winner.has_value());
                const double expected = *winner == Color::Black ? 1.0 : -1.0;
                ASSERT_EQ(pyramid.reduce(board, false), expected) << w << "x" << h;
                ASSERT_EQ(pyramid.reduce(board, true), expected) << w << "x" << h;
            }
        }
    }
}

TEST(YEmbedding, EmptySquareBoardIsEven) {
    YReductionEvaluator evaluator;
    for (int n = 1; n <= Geometry::kMaxSide; ++n)
        EXPECT_EQ(evaluator.value(Board(n, n)), 0.0) << n;
}

TEST(YEmbedding, ShorterCrossingIsFavoured) {
    // On a board 3 wide and 5 high Black must cross 5 rows and White 3 columns.
    YReductionEvaluator evaluator;
    EXPECT_LT(evaluator.value(Board(3, 5)), 0.0);
    EXPECT_GT(evaluator.value(Board(5, 3)), 0.0);
}

// The reverse pass must agree with central finite differences of the reduction.
TEST(YEmbedding, GradientMatchesFiniteDifferences) {
    std::mt19937 rng(12);
    YPyramid pyramid;
    for (int n : {1, 2, 4, 7}) {
        const Geometry& g = Geometry::of(n, n + 1);
        std::vector<double> values(static_cast<std::size_t>(g.cellCount()));
        for (double& v : values)
            v = testing::randomBelow(rng, 2001) / 1000.0 - 1.0;
        std::vector<double> gradient(values.size());
        pyramid.reduce(g, values);
        pyramid.addGradient(g, false, gradient);
        constexpr double kStep = 1e-6;
        for (std::size_t c = 0; c < values.size(); ++c) {
            std::vector<double> plus = values;
            std::vector<double> minus = values;
            plus[c] += kStep;
            minus[c] -= kStep;
            const double slope = (pyramid.reduce(g, plus) - pyramid.reduce(g, minus)) / (2 * kStep);
            EXPECT_NEAR(gradient[c], slope, 1e-7) << n << " " << c;
        }
    }
}

} // namespace
} // namespace hex::eval
