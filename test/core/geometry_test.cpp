#include "core/geometry.h"

#include <gtest/gtest.h>

#include <utility>

namespace hex {
namespace {

TEST(Geometry, NamesRoundTripAtEverySize) {
    for (int w = 1; w <= Geometry::kMaxSide; ++w) {
        for (int h = 1; h <= Geometry::kMaxSide; ++h) {
            const Geometry& g = Geometry::of(w, h);
            for (Cell c = 0; c < g.cellCount(); ++c) {
                ASSERT_EQ(g.parse(g.name(c)), c) << w << "x" << h << " " << g.name(c);
                std::string upper = g.name(c);
                upper[0] = static_cast<char>(upper[0] - 'a' + 'A');
                ASSERT_EQ(g.parse(upper), c);
            }
        }
    }
}

TEST(Geometry, RejectsMalformedAndOffBoardNames) {
    const Geometry& g = Geometry::of(11, 11);
    for (const char* bad :
         {"", "a", "1", "a0", "a01", "z99", "l1", "a12", "aa1", "a-1", "a1x", " a1", "k 1",
          "\xff"
          "1",
          "a1000"})
        EXPECT_FALSE(g.parse(bad).has_value()) << bad;
    EXPECT_EQ(g.parse("k11"), g.cell(10, 10));
    EXPECT_EQ(g.parse("a1"), 0);
}

TEST(Geometry, NeighboursAreSymmetricWithSixDirections) {
    const Geometry& g = Geometry::of(5, 4);
    EXPECT_EQ(g.neighbours(g.cell(2, 2)).size(), 6u);
    // a1 is an acute corner: two cells plus north and west.
    EXPECT_EQ(g.neighbours(g.cell(0, 0)).size(), 4u);
    EXPECT_TRUE(g.adjacent(g.cell(4, 0), g.cell(3, 1)));  // obtuse corner e1 touches d2
    EXPECT_FALSE(g.adjacent(g.cell(0, 0), g.cell(1, 1))); // a1 does not touch b2
    for (Cell a = 0; a < g.nodeCount(); ++a)
        for (Cell b : g.neighbours(a))
            EXPECT_TRUE(g.adjacent(b, a));
    EXPECT_EQ(g.neighbours(g.north()).size(), 5u);
    EXPECT_EQ(g.neighbours(g.west()).size(), 4u);
}

TEST(Geometry, SymmetriesAreInvolutionsThatPreserveAdjacency) {
    for (int n : {1, 2, 5, 11, 19}) {
        const Geometry& g = Geometry::of(n, n);
        for (Cell a = 0; a < g.nodeCount(); ++a) {
            ASSERT_EQ(g.rotate180(g.rotate180(a)), a);
            ASSERT_EQ(g.mirror(g.mirror(a)), a);
            for (Cell b : g.neighbours(a)) {
                ASSERT_TRUE(g.adjacent(g.rotate180(a), g.rotate180(b)));
                ASSERT_TRUE(g.adjacent(g.mirror(a), g.mirror(b)));
            }
        }
        EXPECT_EQ(g.edgeOwner(g.mirror(g.north())), Color::White);
    }
    const Geometry& g = Geometry::of(11, 11);
    EXPECT_EQ(g.name(g.mirror(*g.parse("d2"))), "b4"); // HexGui mirrors across the long diagonal
}

// A cell touching an edge is one row from it, and the rows to a colour's two edges add up to
// the board's extent across them plus one; the position along an edge is the column along
// north and south and the row along west and east.
TEST(Geometry, RowsFromAndAlongAnEdge) {
    const Geometry& g = Geometry::of(4, 6);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        for (Cell edge : {g.north(), g.south(), g.west(), g.east()})
            EXPECT_EQ(g.rowsFrom(c, edge) == 1, g.adjacent(c, edge)) << g.name(c);
        EXPECT_EQ(g.rowsFrom(c, g.north()) + g.rowsFrom(c, g.south()), g.height() + 1);
        EXPECT_EQ(g.rowsFrom(c, g.west()) + g.rowsFrom(c, g.east()), g.width() + 1);
        EXPECT_EQ(g.alongEdge(c, g.north()), g.x(c));
        EXPECT_EQ(g.alongEdge(c, g.east()), g.y(c));
    }
}

// The coordinate tables and the cell ring agree with the numbering (x + width * y) on boards of
// every shape, including one-row, one-column and non-square ones.
TEST(Geometry, CoordinatesRingsAndRotationFollowTheNumbering) {
    for (const auto& [w, h] :
         {std::pair{1, 1}, {1, 7}, {7, 1}, {2, 3}, {4, 6}, {11, 11}, {19, 13}}) {
        const Geometry& g = Geometry::of(w, h);
        for (Cell c = 0; c < g.nodeCount(); ++c) {
            ASSERT_EQ(g.x(c), c % w);
            ASSERT_EQ(g.y(c), c / w);
        }
        for (Cell c = 0; c < g.cellCount(); ++c) {
            ASSERT_EQ(g.rotate180(c), g.cell(w - 1 - g.x(c), h - 1 - g.y(c)));
            const auto ring = g.ring(c);
            int onBoard = 0;
            for (int r = 0; r < Geometry::kRingSize; ++r) {
                const Cell n = ring[static_cast<std::size_t>(r)];
                const Cell next = ring[static_cast<std::size_t>((r + 1) % Geometry::kRingSize)];
                if (n == kNoCell)
                    continue;
                ++onBoard;
                ASSERT_TRUE(g.adjacent(c, n)) << g.name(c) << " " << r;
                ASSERT_EQ(Geometry::ringPosition(g.x(n) - g.x(c), g.y(n) - g.y(c)), r);
                if (next != kNoCell) {
                    ASSERT_TRUE(g.adjacent(n, next)) << g.name(c) << " " << r;
                }
            }
            int interior = 0;
            for (Cell n : g.neighbours(c))
                interior += g.isEdge(n) ? 0 : 1;
            ASSERT_EQ(onBoard, interior) << g.name(c);
        }
    }
    EXPECT_EQ(Geometry::ringPosition(0, 0), -1);
    EXPECT_EQ(Geometry::ringPosition(1, 1), -1); // not a neighbour in this numbering
}

} // namespace
} // namespace hex
