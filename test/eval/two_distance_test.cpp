#include "eval/two_distance.h"

#include <gtest/gtest.h>

namespace hex::eval {
namespace {

int potentialAt(TwoDistanceEvaluator& evaluator, const Board& board, Color color, int x, int y) {
    return evaluator.potentials(board,
                                color)[static_cast<std::size_t>(board.geometry().cell(x, y))];
}

TEST(TwoDistance, EmptyThreeByThreeByHand) {
    // Black, from the north: row 1 is at 1; b2 sees a1/b1... second best 1, so 2; c2 sees only
    // c1 at 1 in row 1 and b2 at 2, so 3. From the south by symmetry. Potentials are the sums.
    TwoDistanceEvaluator evaluator;
    const Board board(3, 3);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 1, 1), 4);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 1), 5);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 2, 1), 5);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 0), 1 + 4);
    EXPECT_EQ(evaluator.evaluate(board, Color::Black), 0);
}

TEST(TwoDistance, OwnGroupsCarryDistance) {
    // A black stone at b2 on 3x5: the cells around it neighbour each other through it.
    TwoDistanceEvaluator evaluator;
    Board board(3, 5);
    const Board empty(3, 5);
    board.play(board.geometry().cell(1, 2), Color::Black);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 3; ++x)
            if (board.isEmpty(board.geometry().cell(x, y))) {
                EXPECT_LE(potentialAt(evaluator, board, Color::Black, x, y),
                          potentialAt(evaluator, empty, Color::Black, x, y));
            }
    EXPECT_LT(potentialAt(evaluator, board, Color::Black, 1, 1),
              potentialAt(evaluator, empty, Color::Black, 1, 1));
}

TEST(TwoDistance, OpponentWallMakesUnreachable) {
    TwoDistanceEvaluator evaluator;
    Board board(3, 3);
    const Geometry& g = board.geometry();
    board.play(g.cell(0, 1), Color::White);
    board.play(g.cell(1, 1), Color::White);
    // Black's only way is c2, a single neighbour: the opponent blocks it.
    const int unreachable = TwoDistanceEvaluator::unreachable(g.cellCount());
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 2, 1), unreachable);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 0), unreachable);
    EXPECT_GT(evaluator.evaluate(board, Color::White), 0);
}

TEST(TwoDistance, SmallBoardByHand) {
    // Empty 2x2: both colours have minimum potential 3 on the short diagonal (a2, b1), two cells
    // each, so the value is even. A black stone on b1 brings a2 and b2 to potential 2.
    TwoDistanceEvaluator evaluator;
    const Board board(2, 2);
    EXPECT_EQ(evaluator.evaluate(board, Color::Black), 0);
    Board played = board;
    played.play(played.geometry().cell(1, 0), Color::Black);
    EXPECT_GT(evaluator.evaluate(played, Color::Black), 0);
}

} // namespace
} // namespace hex::eval
