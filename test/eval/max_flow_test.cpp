#include "eval/max_flow.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

namespace hex::eval {
namespace {

TEST(MaxFlow, EmptyBoardFlowIsTheCrossingWidth) {
    MaxFlowEvaluator evaluator;
    for (int w = 1; w <= 7; ++w) {
        for (int h = 1; h <= 7; ++h) {
            const Board board(w, h);
            // Black crosses the rows: as many disjoint paths as columns; White the other way.
            EXPECT_EQ(evaluator.flow(board, Color::Black, {}).flow, w);
            EXPECT_EQ(evaluator.flow(board, Color::White, {}).flow, h);
            // Every cell lies on a minimum cut of both colours: the tie-break cancels.
            EXPECT_EQ(evaluator.evaluate(board, Color::Black), (w * h + 1) * (w - h));
        }
    }
}

TEST(MaxFlow, EveryCellOfAnEmptyBoardLiesOnAMinimumCut) {
    // Any row is a minimum cut for Black and any column for White, and every cell is on one.
    MaxFlowEvaluator evaluator;
    const Board board(4, 4);
    std::vector<int> cells(16);
    evaluator.evaluateWithCells(board, Color::Black, cells);
    EXPECT_EQ(cells, std::vector<int>(16, 4));
}

TEST(MaxFlow, CellValuesFollowTheSlack) {
    // 3x3 with White b2: Black's cuts are White's chains through b2 (a2-b2-c2 or
    // a2-b2-c1 or a3-b2-c2 ...); the corner a1 needs a longer chain.
    MaxFlowEvaluator evaluator;
    Board board(3, 3);
    const Geometry& g = board.geometry();
    board.play(g.cell(1, 1), Color::White);
    std::vector<int> cut(9, 0);
    EXPECT_EQ(evaluator.flow(board, Color::Black, cut).flow, 2);
    EXPECT_EQ(cut[static_cast<std::size_t>(g.cell(0, 1))], 2);
    EXPECT_EQ(cut[static_cast<std::size_t>(g.cell(0, 0))], 1);
    EXPECT_EQ(cut[static_cast<std::size_t>(g.cell(1, 1))], 0);
}

TEST(MaxFlow, PlanarDualAgreesWithAugmentingPaths) {
    std::mt19937 rng(31);
    MaxFlowEvaluator evaluator;
    for (int i = 0; i < 400; ++i) {
        const int w = 1 + testing::randomBelow(rng, 13);
        const int h = 1 + testing::randomBelow(rng, 13);
        const Board board = testing::randomOpenPosition(w, h, rng);
        for (Color color : {Color::Black, Color::White})
            ASSERT_EQ(evaluator.flow(board, color, {}).flow,
                      evaluator.flowByAugmentingPaths(board, color))
                << w << "x" << h << " " << colorName(color);
    }
}

TEST(MaxFlow, OwnStonesWidenAndOpponentStonesNarrow) {
    MaxFlowEvaluator evaluator;
    Board board(5, 5);
    const Geometry& g = board.geometry();
    board.play(g.cell(2, 2), Color::White);
    EXPECT_EQ(evaluator.flow(board, Color::Black, {}).flow, 4);
    EXPECT_EQ(evaluator.flow(board, Color::White, {}).flow, 5);
    // A bridge pair of own stones does not add paths, a wall of opponent stones removes them.
    board.play(g.cell(0, 2), Color::White);
    board.play(g.cell(1, 2), Color::White);
    EXPECT_EQ(evaluator.flow(board, Color::Black, {}).flow, 2);
}

} // namespace
} // namespace hex::eval
