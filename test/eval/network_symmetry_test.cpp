// The network evaluator's symmetries, exact by construction (docs/network.md): the colour
// exchange with the transpose always, the 180-degree rotation with network_rotation.

#include "eval/network/network.h"
#include "eval/network/network_evaluator.h"
#include "eval/network/random_weights.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

namespace hex::eval::network {
namespace {

struct Result {
    Score value;
    std::vector<int> cells;
};

Result evaluateAll(Evaluator& evaluator, const Board& board, Color toMove) {
    Result r{0, std::vector<int>(static_cast<std::size_t>(board.geometry().cellCount()))};
    r.value = evaluator.evaluateWithCells(board, toMove, r.cells);
    return r;
}

const std::shared_ptr<const Network>& net() {
    static const auto shared = std::make_shared<const Network>(randomWeights(16, 2, 16, 8));
    return shared;
}

TEST(NetworkSymmetry, ColourTransposeImageGivesTheSameValueAndTransposedCells) {
    std::mt19937 rng(31);
    for (bool rotation : {false, true}) {
        NetworkEvaluator evaluator(net(), rotation);
        for (const auto& [w, h] : {std::pair{11, 11}, {4, 7}, {1, 1}, {19, 19}, {9, 13}})
            for (int i = 0; i < 6; ++i) {
                const Board board = testing::randomOpenPosition(w, h, rng);
                const Board image = testing::transposedSwapped(board);
                const Color toMove = i % 2 ? Color::White : Color::Black;
                const Result a = evaluateAll(evaluator, board, toMove);
                const Result b = evaluateAll(evaluator, image, opponent(toMove));
                ASSERT_EQ(a.value, b.value) << w << "x" << h;
                for (Cell c = 0; c < board.geometry().cellCount(); ++c)
                    ASSERT_EQ(a.cells[std::size_t(c)],
                              b.cells[std::size_t(
                                  testing::transposedCell(board.geometry(), image.geometry(), c))]);
            }
    }
}

TEST(NetworkSymmetry, RotationOptionMakesTheRotatedPositionAlike) {
    std::mt19937 rng(32);
    NetworkEvaluator plain(net(), false);
    NetworkEvaluator averaged(net(), true);
    int plainDiffers = 0;
    for (const auto& [w, h] : {std::pair{11, 11}, {4, 7}, {6, 2}})
        for (int i = 0; i < 8; ++i) {
            const Board board = testing::randomOpenPosition(w, h, rng);
            const Board turned = testing::rotated(board);
            const Color toMove = i % 2 ? Color::White : Color::Black;
            const Result a = evaluateAll(averaged, board, toMove);
            const Result b = evaluateAll(averaged, turned, toMove);
            ASSERT_EQ(a.value, b.value);
            for (Cell c = 0; c < board.geometry().cellCount(); ++c)
                ASSERT_EQ(a.cells[std::size_t(c)],
                          b.cells[std::size_t(board.geometry().rotate180(c))]);
            plainDiffers += plain.evaluate(board, toMove) != plain.evaluate(turned, toMove);
        }
    // Without the option the net is not symmetric: the test would not notice a no-op.
    EXPECT_GT(plainDiffers, 0);
}

} // namespace
} // namespace hex::eval::network
