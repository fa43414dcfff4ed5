#include "engine/engine.h"
#include "engine/first_player.h"

#include "test/support/board_with.h"

#include <gtest/gtest.h>

#include <random>

namespace hex {
namespace {

// Plays one game on an empty board; returns the winner.
Color playOut(int size, Color firstPlayerColor, std::mt19937& rng) {
    Board board(size, size);
    Color toMove = Color::Black;
    while (!board.winner()) {
        Cell move = kNoCell;
        if (toMove == firstPlayerColor) {
            move = firstPlayerMove(board, toMove);
        } else {
            const auto empty = board.emptyCells();
            move = empty[std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(rng)];
        }
        EXPECT_TRUE(board.isEmpty(move));
        board.play(move, toMove);
        toMove = opponent(toMove);
    }
    return *board.winner();
}

TEST(FirstPlayer, BeatsARandomPlayerOn7x7) {
    std::mt19937 rng(2026);
    int wins = 0;
    for (int game = 0; game < 100; ++game) {
        const Color us = game % 2 ? Color::White : Color::Black;
        wins += playOut(7, us, rng) == us;
    }
    EXPECT_GE(wins, 95);
}

TEST(FirstPlayer, WinsInOneAndBlocksInOne) {
    const Board board = testing::boardWith(3, "b1 b2", "a3");
    const Geometry& g = board.geometry();
    // b3 is Black's only winning cell: Black takes it, White must block it.
    EXPECT_EQ(firstPlayerMove(board, Color::Black), *g.parse("b3"));
    EXPECT_EQ(firstPlayerMove(board, Color::White), *g.parse("b3"));
}

TEST(FirstPlayer, AlwaysLegalOnRandomPositionsOfAllSizes) {
    std::mt19937 rng(5);
    for (int w = 1; w <= 19; w += 2) {
        for (int h = 1; h <= 19; h += 3) {
            Board board(w, h);
            auto cells = board.emptyCells();
            std::shuffle(cells.begin(), cells.end(), rng);
            for (std::size_t i = 0; i + 1 < cells.size(); ++i) {
                const Color color = i % 2 ? Color::White : Color::Black;
                if (i % 7 == 0) {
                    const Cell move = firstPlayerMove(board, color);
                    ASSERT_TRUE(move >= 0 && move < board.geometry().cellCount());
                    ASSERT_TRUE(board.isEmpty(move));
                }
                board.play(cells[i], color);
            }
            // One empty cell left: the only legal move.
            ASSERT_EQ(firstPlayerMove(board, Color::Black), cells.back());
        }
    }
}

} // namespace
} // namespace hex
