#include "eval/y_embedding.h"
#include "eval/y_orientation.h"
#include "eval/y_reduction.h"

#include "test/eval/eval_test_support.h"
#include "test/support/flood_fill.h"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>

namespace hex::eval {
namespace {

// On a full board every reduction step is an exact majority, so the Y value is exactly +-1 and
// must name the Hex winner (docs/evaluators.md, "yreduction"), for every size including rectangles,
// and for the rotated embedding as well.
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

// The embedding that gives the cell values must follow the rotation (the other one) and the
// colour symmetry (the same one) exactly, also on ties, where the stone signature decides.
TEST(YOrientation, RotationSwapsTheChoiceAndTheColourSymmetryKeepsIt) {
    std::mt19937 rng(13);
    const auto flipped = [](YOrientation o) {
        if (o == YOrientation::Both)
            return o;
        return o == YOrientation::Plain ? YOrientation::Rotated : YOrientation::Plain;
    };
    int decidedBySignature = 0;
    for (int i = 0; i < 400; ++i) {
        const int w = 1 + testing::randomBelow(rng, Geometry::kMaxSide);
        const int h =
            testing::randomBelow(rng, 2) ? w : 1 + testing::randomBelow(rng, Geometry::kMaxSide);
        const Board board =
            testing::randomPosition(w, h, testing::randomBelow(rng, w * h + 1), rng);
        const Board turned = testing::rotated(board);
        const Board mirror = testing::transposedSwapped(board);
        // Distinct values, and a tie, as the two reductions would give them.
        const double a = testing::randomBelow(rng, 2001) / 1000.0 - 1.0;
        const double b = testing::randomBelow(rng, 2001) / 1000.0 - 1.0;
        for (const auto& [plain, rotated] : {std::pair{a, b}, std::pair{a, -a}}) {
            const YOrientation o = gradientOrientation(board, plain, rotated);
            ASSERT_EQ(gradientOrientation(turned, rotated, plain), flipped(o));
            ASSERT_EQ(gradientOrientation(mirror, -plain, -rotated), o);
            if (std::abs(plain) == std::abs(rotated) && o != YOrientation::Both)
                ++decidedBySignature;
        }
    }
    EXPECT_GT(decidedBySignature, 200);
}

TEST(YOrientation, BothOnlyWhenNothingTellsTheEmbeddingsApart) {
    Board board(5, 5);
    EXPECT_EQ(gradientOrientation(board, 0.5, -0.5), YOrientation::Both);
    // A stone and its rotated image of the same colour: the board equals its rotation.
    board.play(board.geometry().cell(1, 0), Color::Black);
    board.play(board.geometry().cell(2, 2), Color::White);
    board.play(board.geometry().cell(3, 4), Color::Black);
    EXPECT_EQ(gradientOrientation(board, 0.5, -0.5), YOrientation::Both);
    EXPECT_EQ(gradientOrientation(board, 0.25, -0.5), YOrientation::Plain);
    board.play(board.geometry().cell(0, 1), Color::White);
    EXPECT_NE(gradientOrientation(board, 0.5, -0.5), YOrientation::Both);
}

} // namespace
} // namespace hex::eval
