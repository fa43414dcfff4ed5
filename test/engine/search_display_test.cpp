#include "engine/search_display.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

RootMoveScore scored(Score score, bool exact) { return RootMoveScore{0, score, exact, 0}; }

TEST(SearchDisplay, LabelsFitAHexGuiCell) {
    EXPECT_EQ(scoreLabel(scored(kWin - 3, true)), "W3");
    EXPECT_EQ(scoreLabel(scored(-(kWin - 4), true)), "L4");
    EXPECT_EQ(scoreLabel(scored(-(kWin - 4), false)), "<L4");
    EXPECT_EQ(scoreLabel(scored(-244, false)), "<-244");
    EXPECT_EQ(scoreLabel(scored(0, true)), "0");
    EXPECT_EQ(scoreLabel(scored(999, true)), "999");
    EXPECT_EQ(scoreLabel(scored(-999, true)), "-999");
    EXPECT_EQ(scoreLabel(scored(1000, true)), "1k");
    EXPECT_EQ(scoreLabel(scored(12'999, true)), "12k");
    EXPECT_EQ(scoreLabel(scored(-100'000, true)), "-100k");
    EXPECT_EQ(scoreLabel(scored(kMaxEval - 1, true)), "997k");
}

TEST(SearchDisplay, OnlyASearchOfThisPositionAndColourDescribesIt) {
    Board board(5, 5);
    board.play(board.geometry().cell(2, 2), Color::Black);
    const LastSearch searched{board, Color::White, {}};
    EXPECT_TRUE(searchedPosition(searched, board, Color::White));
    EXPECT_FALSE(searchedPosition(searched, board, Color::Black)) << "the other side to move";
    EXPECT_FALSE(searchedPosition(std::nullopt, board, Color::White));
    Board after = board;
    after.play(after.geometry().cell(1, 1), Color::White);
    EXPECT_FALSE(searchedPosition(searched, after, Color::White)) << "a move since";
    EXPECT_FALSE(searchedPosition(searched, Board(6, 5), Color::White)) << "another board";
}

TEST(SearchDisplay, ADecisionWithoutSearchShowsItsMove) {
    SearchResult result;
    result.reason = SearchResult::Reason::ConnectionWin;
    result.best = 7;
    result.score = kWin - 5;
    const std::vector<RootMoveScore> shown = rootScoresOf(result);
    ASSERT_EQ(shown.size(), 1u);
    EXPECT_EQ(shown[0].cell, 7);
    EXPECT_EQ(scoreLabel(shown[0]), "W5");
    result.reason = SearchResult::Reason::Solved; // no distance: no label
    EXPECT_TRUE(rootScoresOf(result).empty());
    result.reason = SearchResult::Reason::Searched;
    result.rootScores = {RootMoveScore{3, 10, true, 0}, RootMoveScore{4, 5, false, 0}};
    EXPECT_EQ(rootScoresOf(result).size(), 2u);
}

} // namespace
} // namespace hex
