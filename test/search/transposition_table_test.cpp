#include "search/transposition_table.h"

#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

using testing::boardWith;
using testing::rotated;

TEST(TranspositionTable, StoresAndFindsAnEntry) {
    TranspositionTable table(1);
    table.store(12345, -77, 9, 5, Bound::Lower);
    const auto hit = table.probe(12345);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->score, -77);
    EXPECT_EQ(hit->move, 9);
    EXPECT_EQ(hit->depth, 5);
    EXPECT_EQ(hit->bound, Bound::Lower);
    EXPECT_FALSE(table.probe(54321));
}

TEST(TranspositionTable, ClearForgetsEverything) {
    TranspositionTable table(1);
    table.store(42, 1, 2, 3, Bound::Exact);
    table.clear();
    EXPECT_FALSE(table.probe(42));
}

TEST(TranspositionTable, DeeperCurrentEntrySurvivesAShallowBound) {
    TranspositionTable table(1);
    table.store(42, 10, 3, 9, Bound::Exact);
    table.store(42, 20, 4, 2, Bound::Upper);
    const auto hit = table.probe(42);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->depth, 9);
    EXPECT_EQ(hit->score, 10);
    EXPECT_EQ(hit->move, 4); // the newer move is still remembered
}

TEST(TranspositionTable, KeepsTheMoveWhenTheNewResultHasNone) {
    TranspositionTable table(1);
    table.store(42, 10, 3, 2, Bound::Exact);
    table.store(42, -5, kNoCell, 4, Bound::Upper);
    const auto hit = table.probe(42);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->depth, 4);
    EXPECT_EQ(hit->move, 3);
}

// One bucket (the smallest table) holds four entries; a fifth key evicts the shallowest, and
// after enough searches an old deep entry gives way to new shallow ones.
TEST(TranspositionTable, ReplacesShallowThenStaleEntries) {
    TranspositionTable table(0);
    for (Key k = 1; k <= 4; ++k)
        table.store(k, 0, kNoCell, static_cast<int>(k) * 10, Bound::Exact);
    table.store(5, 0, kNoCell, 1, Bound::Exact);
    EXPECT_FALSE(table.probe(1));
    EXPECT_TRUE(table.probe(4));
    for (int i = 0; i < 10; ++i)
        table.newSearch();
    for (Key k = 6; k <= 9; ++k)
        table.store(k, 0, kNoCell, 1, Bound::Exact);
    EXPECT_FALSE(table.probe(4));
    EXPECT_TRUE(table.probe(9));
}

TEST(TranspositionTable, RotatedPositionsShareAKeyAndMapMovesBack) {
    const Board board = boardWith(6, "b2 c5 f1", "a3 d4");
    const Board turned = rotated(board);
    const Geometry& g = board.geometry();
    const CanonicalKey a = canonicalKey(board, Color::White);
    const CanonicalKey b = canonicalKey(turned, Color::White);
    EXPECT_EQ(a.key, b.key);
    EXPECT_NE(a.rotated, b.rotated);
    const Cell move = *g.parse("e2");
    const Cell stored = toCanonical(g, a, move);
    EXPECT_EQ(fromCanonical(g, a, stored), move);
    EXPECT_EQ(fromCanonical(g, b, stored), g.rotate180(move));
    EXPECT_NE(canonicalKey(board, Color::Black).key, a.key);
}

TEST(TranspositionTable, SizeFollowsMegabytes) {
    TranspositionTable table(2);
    EXPECT_EQ(table.megabytes(), 2u);
    EXPECT_EQ(table.hashfull(), 0);
    for (Key k = 0; k < 100000; ++k)
        table.store(k * 7919, 0, kNoCell, 1, Bound::Exact);
    EXPECT_GT(table.hashfull(), 0);
}

} // namespace
} // namespace hex
