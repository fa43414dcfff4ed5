#include "connections/connections.h"
#include "connections/ladders.h"

#include "test/connections/brute_force.h"
#include "test/support/sanitizer_scaling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace hex {
namespace {

// The limits of a fast evaluation build, with or without ladders.
VcLimits fastLimits(bool ladders) {
    VcLimits limits{2, 4, 3, false};
    limits.ladders = ladders;
    return limits;
}

// Every step joins two adjacent cells off the edge's first row through a first-row cell that
// touches both.
TEST(LadderSteps, JoinNeighboursThroughAFirstRowCell) {
    for (int size : {3, 5, 11}) {
        const Geometry& g = Geometry::of(size, size);
        for (Cell edge : {g.north(), g.south(), g.west(), g.east()}) {
            const auto steps = ladderSteps(g, edge);
            // Along an edge of n cells: n - 1 pairs of second-row neighbours, both directions.
            EXPECT_EQ(steps.size(), 2U * static_cast<std::size_t>(size - 1)) << size;
            for (const LadderStep& s : steps) {
                EXPECT_TRUE(g.adjacent(s.from, s.to));
                EXPECT_TRUE(g.adjacent(s.shared, edge));
                EXPECT_TRUE(g.adjacent(s.shared, s.from) && g.adjacent(s.shared, s.to));
                EXPECT_FALSE(g.adjacent(s.from, edge) || g.adjacent(s.to, edge));
            }
        }
    }
}

// Black c2 with White on c1 can only run east along the second row, to its stone on h2.
Board ladderToSecondRowStone() {
    Board board(11, 11);
    const Geometry& g = board.geometry();
    board.play(g.cell(2, 1), Color::Black); // c2
    board.play(g.cell(2, 0), Color::White); // c1
    board.play(g.cell(7, 1), Color::Black); // h2, the escape
    return board;
}

TEST(Ladders, SecondRowLadderReachesItsEscape) {
    const Board board = ladderToSecondRowStone();
    const Geometry& g = board.geometry();
    const Cell start = g.cell(2, 1);
    Connections vcs(fastLimits(true));
    vcs.build(board, Color::Black);
    const auto fulls = vcs.fulls(start, g.north());
    ASSERT_FALSE(fulls.empty());
    // d1..g1 and d2..g2, the ladder's strip, and h1 i1, the escape's template.
    EXPECT_EQ(fulls.front().count(), 10);
    testing::VcChecker checker;
    EXPECT_TRUE(checker.holds(board, Color::Black, start, g.north(), fulls.front(), false));
}

// Without the ladder steps the fast build's per-pair limits lose the ladder.
TEST(Ladders, FastBuildWithoutThemMissesTheLadder) {
    const Board board = ladderToSecondRowStone();
    const Geometry& g = board.geometry();
    Connections vcs(fastLimits(false));
    vcs.build(board, Color::Black);
    EXPECT_TRUE(vcs.fulls(g.cell(2, 1), g.north()).empty());
}

// A White stone on the strip stops the ladder: no connection, with or without the steps.
TEST(Ladders, ABlockedStripIsNoLadder) {
    Board board = ladderToSecondRowStone();
    const Geometry& g = board.geometry();
    board.play(g.cell(5, 0), Color::White); // f1
    Connections vcs(fastLimits(true));
    vcs.build(board, Color::Black);
    EXPECT_TRUE(vcs.fulls(g.cell(2, 1), g.north()).empty());
}

// Brute force cost grows exponentially with the carrier; larger ones are skipped.
constexpr int kMaxLadderCarrier = 12;

// Every full connection a fast build with ladders reports holds against every defence.
TEST(Ladders, EveryFullHoldsByBruteForce) {
    std::mt19937 rng(2026);
    testing::VcChecker checker;
    Connections vcs(fastLimits(true));
    int positions = 0;
    int checked = 0;
    while (positions < testing::trials(300)) {
        const int size = 4 + static_cast<int>(rng() % 3);
        auto board = testing::randomPosition(size, static_cast<int>(rng() % 12), rng);
        if (!board)
            continue;
        ++positions;
        const Geometry& g = board->geometry();
        for (Color color : {Color::Black, Color::White}) {
            vcs.build(*board, color);
            for (Cell edge : {g.edge1(color), g.edge2(color)}) {
                for (Cell c = 0; c < g.cellCount(); ++c) {
                    for (const CellSet& carrier : vcs.fulls(c, edge)) {
                        if (carrier.count() > kMaxLadderCarrier)
                            continue;
                        ASSERT_TRUE(checker.holds(*board, color, c, edge, carrier, false))
                            << g.name(c) << "-" << g.name(edge);
                        ++checked;
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, testing::trials(3000));
}

} // namespace
} // namespace hex
