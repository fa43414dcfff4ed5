#include "solver/regions.h"

#include "test/connections/brute_force.h"
#include "test/support/board_with.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace hex {
namespace {

// The position with every empty cell outside `region` given to the opponent of `toMove`.
Board regionPosition(const Board& board, Color toMove, const CellSet& region) {
    Board out = board;
    for (Cell c : board.emptyCells())
        if (!region.test(c))
            out.play(c, opponent(toMove));
    return out;
}

CellSet cellsNamed(const Board& board, std::initializer_list<const char*> names) {
    CellSet s;
    for (const char* n : names)
        s.set(*board.geometry().parse(n));
    return s;
}

// White on c2 c3 c4 splits 5x5 for Black: the first-row cells c1 and d1 are not a step (both
// touch the north edge), nor are c5 and d5, so c1 joins the west side and c5 the east side.
TEST(Regions, AWallBetweenTheSecondRowsSplitsTheBoard) {
    const Board board = testing::boardWith(5, "", "c2 c3 c4");
    const std::vector<CellSet> regions = regionsOf(board, Color::Black);
    ASSERT_EQ(regions.size(), 2U);
    EXPECT_EQ(regions[0], cellsNamed(board, {"a1", "b1", "c1", "a2", "b2", "a3", "b3", "a4", "b4",
                                             "a5", "b5"}));
    EXPECT_EQ(regions[1], cellsNamed(board, {"d1", "e1", "d2", "e2", "d3", "e3", "d4", "e4", "c5",
                                             "d5", "e5"}));
    // For White the wall is its own: one region, every free cell.
    EXPECT_EQ(regionsOf(board, Color::White).size(), 1U);
}

// Black stones joined to the north edge count as the edge: White on c3 c4 leaves c2 between
// b2 and d2, a step between the two sides, until Black's c1 c2 join the north edge; then b2 and
// d2 both touch the edge group and the board splits for Black.
TEST(Regions, StonesJoinedToAnEdgeCountAsTheEdge) {
    EXPECT_EQ(regionsOf(testing::boardWith(5, "", "c3 c4"), Color::Black).size(), 1U);
    EXPECT_EQ(regionsOf(testing::boardWith(5, "c1 c2", "c3 c4"), Color::Black).size(), 2U);
    EXPECT_EQ(regionsOf(testing::boardWith(5, "c2", "c3 c4"), Color::Black).size(), 1U);
}

// The claim the decomposition rests on, on every completion of random positions (exhaustive up
// to 12 empty cells, sampled beyond): whenever X wins a completion, it still wins it with the
// cells that were empty outside one of the regions turned to the opponent.
TEST(Regions, EveryWinningChainLiesInOneRegion) {
    std::mt19937 rng(7);
    int positions = 0;
    int split = 0;
    while (positions < 2000) {
        const int size = 3 + static_cast<int>(rng() % 4);
        const int stones = static_cast<int>(rng() % static_cast<unsigned>(size * size));
        const auto board = testing::randomPosition(size, stones, rng);
        if (!board)
            continue;
        ++positions;
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        const std::vector<CellSet> regions = regionsOf(*board, toMove);
        split += regions.size() >= 2 ? 1 : 0;
        const std::vector<Cell> empty = board->emptyCells();
        const int n = static_cast<int>(empty.size());
        const bool exhaustive = n <= 12;
        const std::uint32_t rounds = exhaustive ? (1U << n) : 512;
        for (std::uint32_t r = 0; r < rounds; ++r) {
            const std::uint32_t bits = exhaustive ? r : static_cast<std::uint32_t>(rng());
            const auto colourOf = [&](int i) {
                return (bits >> (i % 32)) & 1U ? toMove : opponent(toMove);
            };
            Board full = *board;
            for (int i = 0; i < n; ++i)
                full.play(empty[static_cast<std::size_t>(i)], colourOf(i));
            if (full.winner() != toMove)
                continue;
            bool inOne = false;
            for (const CellSet& region : regions) {
                Board confined = *board;
                for (int i = 0; i < n; ++i) {
                    const Cell c = empty[static_cast<std::size_t>(i)];
                    confined.play(c, region.test(c) ? colourOf(i) : opponent(toMove));
                }
                inOne = inOne || confined.winner() == toMove;
            }
            ASSERT_TRUE(inOne) << "a winning chain outside every region, " << size << "x" << size;
        }
    }
    EXPECT_GT(split, 100); // the claim must be tested where it matters
}

// Solving the regions separately agrees with solving the whole: a split position is won for the
// side to move exactly when one of its region positions is (exact minimax on both sides).
TEST(Regions, TheWholeIsWonIfAndOnlyIfOneRegionIs) {
    std::mt19937 rng(11);
    testing::Minimax minimax;
    int split = 0;
    int tried = 0;
    while (split < 2000) {
        ASSERT_LT(++tried, 400000) << "too few split positions among the random ones";
        Board board = testing::randomSmallPosition(rng, 12);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        const std::vector<CellSet> regions = regionsOf(board, toMove);
        if (regions.size() < 2)
            continue;
        ++split;
        bool oneWon = false;
        for (const CellSet& region : regions) {
            Board part = regionPosition(board, toMove, region);
            ASSERT_LT(part.emptyCount(), board.emptyCount());
            oneWon = oneWon || minimax.wins(part, toMove);
        }
        ASSERT_EQ(minimax.wins(board, toMove), oneWon);
    }
}

} // namespace
} // namespace hex
