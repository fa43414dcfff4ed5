#include "connections/inferior.h"

#include "test/connections/brute_force.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>

namespace hex {
namespace {

TEST(Inferior, FourNeighboursOfOneColourMakeACellDead) {
    Board board(4, 4);
    const Geometry& g = board.geometry();
    // Around b2 = (1,1): neighbours (2,1), (2,0), (1,0), (0,1) are consecutive.
    for (Cell c : {g.cell(2, 1), g.cell(2, 0), g.cell(1, 0), g.cell(0, 1)})
        board.play(c, Color::Black);
    EXPECT_TRUE(isDead(board, g.cell(1, 1)));
    EXPECT_FALSE(isDead(board, g.cell(3, 3)));
}

// Two empty neighbours of a cell that touch one group of a colour are linked for that colour
// through the group: a path through the cell could go round it.
TEST(Inferior, NeighboursSharingAGroupOfEachColourMakeACellDead) {
    Board board(4, 4);
    const Geometry& g = board.geometry();
    board.play(g.cell(2, 0), Color::Black); // c1, on Black's north edge
    board.play(g.cell(0, 1), Color::White); // a2
    // b1's empty neighbours a1 and b2 are not adjacent, but both touch Black's north edge group
    // (a1 the edge, b2 the stone c1) and White's a2.
    EXPECT_TRUE(isDead(board, g.cell(1, 0)));
    std::mt19937 rng(1);
    EXPECT_FALSE(testing::colourMatters(board, g.cell(1, 0), rng));
    // Without a2 White has no group beside both: b1 joins a1 to b2 for White.
    Board open(4, 4);
    open.play(g.cell(2, 0), Color::Black);
    EXPECT_FALSE(isDead(open, g.cell(1, 0)));
}

TEST(Inferior, BridgeToEdgeIsCaptured) {
    Board board(4, 4);
    const Geometry& g = board.geometry();
    board.play(g.cell(1, 1), Color::Black); // b2: template II to the north edge over b1, c1
    const InferiorCells inf = findInferior(board);
    EXPECT_TRUE(inf.captured[index(Color::Black)].test(g.cell(1, 0)));
    EXPECT_TRUE(inf.captured[index(Color::Black)].test(g.cell(2, 0)));
}

TEST(Inferior, DeadClaimsHoldInEveryCompletion) {
    std::mt19937 rng(99);
    int claims = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const int size = 3 + static_cast<int>(rng() % 3);
        auto board = testing::randomPosition(size, static_cast<int>(rng() % 20), rng);
        if (!board)
            continue;
        const InferiorCells inf = findInferior(*board);
        for (Cell c : inf.dead.cells()) {
            ++claims;
            ASSERT_FALSE(testing::colourMatters(*board, c, rng)) << board->geometry().name(c);
        }
    }
    EXPECT_GT(claims, 300);
}

// Filling a captured pair, or running the whole fill-in, keeps the value for both sides.
TEST(Inferior, CapturedPairsAndFillInKeepTheValue) {
    std::mt19937 rng(4242);
    int pairs = 0;
    int fills = 0;
    testing::Minimax minimax;
    for (int trial = 0; trial < 1500; ++trial) {
        auto board = std::optional<Board>(testing::randomSmallPosition(rng, 11));
        const bool blackWins = minimax.wins(*board, Color::Black);
        const bool whiteWins = minimax.wins(*board, Color::White);
        const InferiorCells inf = findInferior(*board);
        const Geometry& g = board->geometry();
        for (Color color : {Color::Black, Color::White}) {
            const CellSet& captured = inf.captured[index(color)];
            for (Cell a : captured.cells()) {
                for (Cell b : g.neighbours(a)) {
                    if (b <= a || g.isEdge(b) || !captured.test(b))
                        continue;
                    Board filled = *board;
                    filled.play(a, color);
                    filled.play(b, color);
                    // Only adjacent members of one colour's set are guaranteed to be a pair;
                    // check every such pair is at least value-preserving when it is one.
                    Board probe = *board;
                    probe.play(b, color);
                    const bool aDead = isDead(probe, a);
                    probe.undo();
                    probe.play(a, color);
                    const bool bDead = isDead(probe, b);
                    if (!aDead || !bDead)
                        continue;
                    ++pairs;
                    ASSERT_EQ(minimax.wins(filled, Color::Black), blackWins);
                    ASSERT_EQ(minimax.wins(filled, Color::White), whiteWins);
                }
            }
        }
        Board filled = *board;
        const FillIn fill = fillInferior(filled);
        ASSERT_EQ(fill.stones, fill.cells.count());
        if (fill.stones > 0)
            ++fills;
        ASSERT_EQ(minimax.wins(filled, Color::Black), blackWins);
        ASSERT_EQ(minimax.wins(filled, Color::White), whiteWins);
        for (int i = 0; i < fill.stones; ++i)
            filled.undo();
        ASSERT_EQ(filled.key(), board->key());
    }
    EXPECT_GT(pairs, 100);
    EXPECT_GT(fills, 300);
}

} // namespace
} // namespace hex
