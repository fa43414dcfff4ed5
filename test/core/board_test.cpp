#include "core/board.h"

#include "test/support/flood_fill.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace hex {
namespace {

struct Snapshot {
    std::vector<Stone> stones;
    std::vector<bool> sameGroup; // pairwise connectivity of all nodes
    Key key;
    Key rotatedKey;
    int stones_black;
    std::optional<Color> winner;

    static Snapshot of(const Board& b) {
        Snapshot s{{}, {}, b.key(), b.rotatedKey(), b.stoneCount(Color::Black), b.winner()};
        const int n = b.geometry().nodeCount();
        for (Cell c = 0; c < n; ++c) {
            s.stones.push_back(b.at(c));
            for (Cell d = 0; d < n; ++d)
                s.sameGroup.push_back(b.connected(c, d));
        }
        return s;
    }
    bool operator==(const Snapshot&) const = default;
};

std::vector<Cell> shuffledCells(const Geometry& g, std::mt19937& rng) {
    std::vector<Cell> cells(static_cast<std::size_t>(g.cellCount()));
    for (Cell c = 0; c < g.cellCount(); ++c)
        cells[static_cast<std::size_t>(c)] = c;
    std::shuffle(cells.begin(), cells.end(), rng);
    return cells;
}

TEST(Board, WinnerAgreesWithFloodFillOnRandomFillsOfEverySize) {
    std::mt19937 rng(12345);
    for (int w = 1; w <= Geometry::kMaxSide; ++w) {
        for (int h = 1; h <= Geometry::kMaxSide; ++h) {
            for (int game = 0; game < 8; ++game) {
                Board board(w, h);
                Color color = game % 2 ? Color::White : Color::Black;
                for (Cell c : shuffledCells(board.geometry(), rng)) {
                    board.play(c, color);
                    color = opponent(color);
                    ASSERT_EQ(board.winner(), testing::floodWinner(board)) << w << "x" << h;
                }
                // A full board always has exactly one winner.
                ASSERT_TRUE(board.winner().has_value());
            }
        }
    }
}

TEST(Board, UndoRestoresEverythingAtEverySize) {
    std::mt19937 rng(777);
    for (int n = 1; n <= Geometry::kMaxSide; n += 3) {
        for (int m : {n, std::max(1, n - 2)}) {
            Board board(n, m);
            std::vector<Snapshot> before;
            Color color = Color::Black;
            for (Cell c : shuffledCells(board.geometry(), rng)) {
                before.push_back(Snapshot::of(board));
                board.play(c, color);
                color = opponent(color);
            }
            while (!before.empty()) {
                board.undo();
                ASSERT_EQ(Snapshot::of(board), before.back());
                before.pop_back();
            }
            EXPECT_EQ(board.stoneCount(), 0);
        }
    }
}

TEST(Board, KeyDependsOnStonesNotOrder) {
    Board a(9, 9);
    Board b(9, 9);
    a.play(10, Color::Black);
    a.play(20, Color::White);
    b.play(20, Color::White);
    b.play(10, Color::Black);
    EXPECT_EQ(a.key(), b.key());
    Board c(9, 9);
    c.play(10, Color::White);
    c.play(20, Color::Black);
    EXPECT_NE(a.key(), c.key());
    EXPECT_NE(Board(9, 9).key(), Board(9, 8).key());
}

TEST(Board, PositionKeyTellsTheSidesToMoveApartAndFollowsTheStones) {
    Board a(9, 9);
    Board b(9, 9);
    EXPECT_NE(a.positionKey(Color::Black), a.positionKey(Color::White));
    a.play(10, Color::Black);
    a.play(20, Color::White);
    b.play(20, Color::White);
    b.play(10, Color::Black);
    for (Color toMove : {Color::Black, Color::White})
        EXPECT_EQ(a.positionKey(toMove), b.positionKey(toMove));
    const Key before = a.positionKey(Color::Black);
    a.play(30, Color::Black);
    EXPECT_NE(a.positionKey(Color::Black), before);
    a.undo();
    EXPECT_EQ(a.positionKey(Color::Black), before);
    EXPECT_NE(Board(9, 9).positionKey(Color::Black), Board(9, 8).positionKey(Color::Black));
}

TEST(Board, RotatedKeyIsTheKeyOfTheRotatedPosition) {
    std::mt19937 rng(99);
    for (int n : {3, 7, 11}) {
        Board board(n, n + 1);
        Board rotated(n, n + 1);
        const Geometry& g = board.geometry();
        Color color = Color::Black;
        for (Cell c : shuffledCells(g, rng)) {
            board.play(c, color);
            rotated.play(g.rotate180(c), color);
            color = opponent(color);
            ASSERT_EQ(board.rotatedKey(), rotated.key());
            ASSERT_EQ(rotated.rotatedKey(), board.key());
        }
    }
}

TEST(Board, EdgesCountAsStonesOfTheirOwner) {
    Board board(1, 1);
    board.play(0, Color::White);
    EXPECT_EQ(board.winner(), Color::White);
    board.undo();
    board.play(0, Color::Black);
    EXPECT_EQ(board.winner(), Color::Black);
    Board three(3, 3);
    for (int y = 0; y < 3; ++y)
        three.play(three.geometry().cell(1, y), Color::Black);
    EXPECT_EQ(three.winner(), Color::Black);
    EXPECT_TRUE(three.connected(three.geometry().north(), three.geometry().cell(1, 2)));
}

// A line of moves alternates colours from Black, whatever spaces separate the cells; a cell
// that is not on the board, a repeated one and a move after the game is won give no position.
TEST(Board, PositionAfterAMoveLine) {
    const Geometry& g = Geometry::of(3, 3);
    const std::optional<Board> board = positionAfter(g, " a1\tb2  c3\r\n");
    ASSERT_TRUE(board.has_value());
    EXPECT_EQ(board->stoneCount(), 3);
    EXPECT_TRUE(board->has(*g.parse("a1"), Color::Black));
    EXPECT_TRUE(board->has(*g.parse("b2"), Color::White));
    EXPECT_TRUE(board->has(*g.parse("c3"), Color::Black));
    EXPECT_EQ(positionAfter(g, "")->stoneCount(), 0);
    EXPECT_FALSE(positionAfter(g, "a1 d4").has_value());
    EXPECT_FALSE(positionAfter(g, "a1 b2 a1").has_value());
    EXPECT_FALSE(positionAfter(g, "a1 b1 a2 b2 a3 c3").has_value()); // Black won at a3
    EXPECT_TRUE(positionAfter(g, "a1 b1 a2 b2 a3").has_value());
}

} // namespace
} // namespace hex
