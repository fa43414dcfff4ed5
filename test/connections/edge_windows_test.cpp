#include "connections/connections.h"
#include "connections/edge_windows.h"

#include "test/connections/brute_force.h"
#include "test/support/sanitizer_scaling.h"

#include <gtest/gtest.h>

#include <random>

namespace hex {
namespace {

Board position(int size, std::string_view moves) {
    const auto board = positionAfter(Geometry::of(size, size), moves);
    EXPECT_TRUE(board.has_value()) << moves;
    return *board;
}

// White's long group ends on h3 and h4, four columns from its east edge and beside the obtuse
// corner k1: Black can only stop it by a ladder up column j, which runs into the corner. No
// AND/OR composition of the H-search's semis proves it; the window's search does, given the
// positions it needs.
TEST(EdgeWindows, ProveAGroupBesideTheObtuseCorner) {
    const Board board = position(11, "k5 h4 g4 h3 g3 g5 f5 f6 e6 e7 d7 d8 c8 c9");
    const Geometry& g = board.geometry();
    const Cell h3 = *g.parse("h3");
    // 74,501 positions: past the default limit the evaluation's builds use.
    EdgeWindows windows({3, 2, 18, 100000});
    const auto carrier = windows.prove(board, h3, g.east());
    ASSERT_TRUE(carrier.has_value());
    testing::VcChecker checker;
    EXPECT_TRUE(checker.holds(board, Color::White, h3, g.east(), *carrier, false));
}

// A lone stone on the second and on the third row: edge template II (two cells) and the
// ziggurat (eight), the smallest carriers.
TEST(EdgeWindows, ProveTheSecondAndThirdRowTemplates) {
    for (const auto& [move, cells] : {std::pair{"e2", 2}, std::pair{"e3", 8}}) {
        const Board board = position(11, move);
        const Geometry& g = board.geometry();
        EdgeWindows windows;
        const auto carrier = windows.prove(board, *g.parse(move), g.north());
        ASSERT_TRUE(carrier.has_value()) << move;
        EXPECT_EQ(carrier->count(), cells) << move;
        testing::VcChecker checker;
        EXPECT_TRUE(checker.holds(board, Color::Black, *g.parse(move), g.north(), *carrier, false));
    }
}

// In a build, a window's proof is a full like the others: Black's b9, on the third row from
// the south edge beside White's b8, has none at the evaluation's limits, and one with them.
TEST(EdgeWindows, BuildsKeepTheirProofs) {
    const Board board = position(11, "d3 d8 d10 e6 b9 b8 e8");
    const Geometry& g = board.geometry();
    const Cell b9 = *g.parse("b9");
    VcLimits limits{2, 4, 3, false, true};
    Connections plain(limits);
    plain.build(board, Color::Black);
    EXPECT_TRUE(plain.fulls(b9, g.south()).empty());
    limits.edgeWindows = true;
    Connections windows(limits);
    windows.build(board, Color::Black);
    const auto fulls = windows.fulls(b9, g.south());
    ASSERT_FALSE(fulls.empty());
    testing::VcChecker checker;
    EXPECT_TRUE(checker.holds(board, Color::Black, b9, g.south(), fulls.front(), false));
}

// Every proof of the window's search holds by brute force, the opponent moving first and
// holding every cell outside the carrier: for every group, and for every empty cell as the
// owner's (both colours'), to both of the owner's edges.
TEST(EdgeWindows, EveryProofHoldsByBruteForce) {
    std::mt19937 rng(20261126);
    EdgeWindows windows({3, 2, 18, 1000000});
    testing::VcChecker checker;
    int proved = 0;
    int unproved = 0;
    for (int trial = 0; trial < testing::trials(120); ++trial) {
        const int size = 4 + trial % 3;
        const auto board = testing::randomPosition(size, 4 + trial % 7, rng);
        if (!board)
            continue;
        const Geometry& g = board->geometry();
        for (Cell cell = 0; cell < g.cellCount(); ++cell) {
            for (Color owner : {Color::Black, Color::White}) {
                if (board->has(cell, opponent(owner)))
                    continue;
                for (Cell edge : {g.edge1(owner), g.edge2(owner)}) {
                    const auto carrier = board->isEmpty(cell)
                                             ? windows.proveFromEmpty(*board, cell, edge)
                                             : windows.prove(*board, cell, edge);
                    if (!carrier) {
                        ++unproved;
                        continue;
                    }
                    ++proved;
                    EXPECT_FALSE(carrier->test(cell));
                    EXPECT_TRUE(checker.holds(*board, owner, cell, edge, *carrier, false))
                        << size << " " << g.name(cell);
                }
            }
        }
    }
    EXPECT_GT(proved, 500);
    EXPECT_GT(unproved, 500);
}

} // namespace
} // namespace hex
