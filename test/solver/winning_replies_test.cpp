#include "solver/winning_replies.h"

#include <gtest/gtest.h>

#include <vector>

namespace hex {
namespace {

std::vector<Cell> movesOf(const std::vector<ScoredMove>& order) {
    std::vector<Cell> moves;
    for (const ScoredMove& s : order)
        moves.push_back(s.move);
    return moves;
}

std::vector<ScoredMove> staticOrder() { return {{10, 3}, {11, 4}, {12, 4}, {13, 6}, {14, 9}}; }

TEST(WinningReplies, NothingRememberedKeepsTheOrder) {
    WinningReplies replies;
    auto order = staticOrder();
    replies.promote(3, Color::Black, 7, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{10, 11, 12, 13, 14}));
}

TEST(WinningReplies, LatestKillerFirstThenThePreviousThenTheCountermove) {
    WinningReplies replies;
    replies.note(3, Color::Black, 5, 12); // the countermove to 5, and a killer at depth 3
    replies.note(3, Color::White, 6, 13); // another colour's countermove, a killer at depth 3
    replies.note(3, Color::Black, 8, 14); // the latest killer at depth 3
    auto order = staticOrder();
    replies.promote(3, Color::Black, 5, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{14, 13, 12, 10, 11}));
    // Promoted moves take the best score, so the scores stay sorted.
    for (std::size_t i = 0; i + 1 < order.size(); ++i)
        EXPECT_LE(order[i].score, order[i + 1].score);
    EXPECT_EQ(order.front().score, 3);
}

TEST(WinningReplies, OnlyCandidatesAreMovedAndOtherDepthsDoNotCount) {
    WinningReplies replies;
    replies.note(2, Color::Black, kNoCell, 13);
    replies.note(4, Color::Black, kNoCell, 99); // not among the candidates
    auto order = staticOrder();
    replies.promote(3, Color::Black, kNoCell, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{10, 11, 12, 13, 14}));
    replies.promote(4, Color::Black, kNoCell, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{10, 11, 12, 13, 14}));
    replies.promote(2, Color::Black, kNoCell, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{13, 10, 11, 12, 14}));
}

TEST(WinningReplies, ARepeatedWinnerKeepsTheOtherKiller) {
    WinningReplies replies;
    replies.note(1, Color::White, kNoCell, 11);
    replies.note(1, Color::White, kNoCell, 14);
    replies.note(1, Color::White, kNoCell, 14);
    auto order = staticOrder();
    replies.promote(1, Color::White, kNoCell, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{14, 11, 10, 12, 13}));
}

TEST(WinningReplies, ClearForgetsEverything) {
    WinningReplies replies;
    replies.note(1, Color::White, 3, 14);
    replies.clear();
    auto order = staticOrder();
    replies.promote(1, Color::White, 3, order);
    EXPECT_EQ(movesOf(order), (std::vector<Cell>{10, 11, 12, 13, 14}));
}

} // namespace
} // namespace hex
