#include "connections/inferior.h"

#include "test/connections/brute_force.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>
#include <utility>
#include <vector>

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

// The colour-blind filter straight from its definition (NeighbourRings in inferior.h), by
// coordinates and adjacency: the ring cells that are empty, those touching both colours or a
// filled cell outside the ring, and the filled ones in the ring.
bool mayBeDeadByDefinition(const Board& board, Cell c, Cell filledA, Cell filledB) {
    const Geometry& g = board.geometry();
    std::vector<Cell> ring;
    for (const auto& [dx, dy] : Geometry::kRingOffsets)
        ring.push_back(g.onBoard(g.x(c) + dx, g.y(c) + dy) ? g.cell(g.x(c) + dx, g.y(c) + dy)
                                                           : kNoCell);
    const auto inRing = [&](Cell f) {
        return std::find(ring.begin(), ring.end(), f) != ring.end();
    };
    unsigned empty = 0;
    unsigned both = 0;
    unsigned filled = 0;
    for (std::size_t r = 0; r < ring.size(); ++r) {
        const Cell n = ring[r];
        if (n == kNoCell)
            continue;
        const unsigned bit = 1U << r;
        if (n == filledA || n == filledB)
            filled |= bit;
        bool black = false;
        bool white = false;
        for (Cell m : g.neighbours(n)) {
            black = black || board.has(m, Color::Black);
            white = white || board.has(m, Color::White);
        }
        if (board.isEmpty(n) && board.isEmpty(c)) {
            empty |= bit;
            if (black && white)
                both |= bit;
        }
        for (Cell f : {filledA, filledB})
            if (f != kNoCell && !inRing(f) && g.adjacent(n, f))
                both |= bit;
    }
    return NeighbourRings::ringMayBeDead(empty, both, filled);
}

// NeighbourRings' tables (ring positions, offsets two steps out, edges) give the definition's
// answer for every empty cell and every pair of cells it may be asked about, on boards of
// several shapes.
TEST(Inferior, NeighbourRingsFollowTheirDefinition) {
    std::mt19937 rng(2024);
    int maybe = 0;
    int checks = 0;
    for (const auto& [w, h] : {std::pair{1, 5}, {3, 3}, {4, 6}, {6, 6}, {7, 5}, {8, 8}}) {
        for (int trial = 0; trial < 40; ++trial) {
            Board board(w, h);
            std::vector<Cell> cells = board.emptyCells();
            std::shuffle(cells.begin(), cells.end(), rng);
            const auto stones = rng() % (cells.size() + 1);
            for (std::size_t i = 0; i < stones; ++i)
                board.play(cells[i], rng() % 2 == 0 ? Color::Black : Color::White);
            const Geometry& g = board.geometry();
            const NeighbourRings rings(board);
            for (Cell c = 0; c < g.cellCount(); ++c) {
                if (!board.isEmpty(c))
                    continue;
                std::vector<Cell> asked{kNoCell, g.north(), g.south(), g.west(), g.east()};
                for (Cell f = 0; f < g.cellCount(); ++f)
                    if (f != c && board.isEmpty(f) && std::abs(g.x(f) - g.x(c)) <= 3 &&
                        std::abs(g.y(f) - g.y(c)) <= 3)
                        asked.push_back(f);
                for (Cell a : asked)
                    for (Cell b : asked) {
                        const bool expected = mayBeDeadByDefinition(board, c, a, b);
                        ASSERT_EQ(rings.mayBeDead(c, a, b), expected)
                            << w << "x" << h << " " << g.name(c) << " " << a << " " << b;
                        maybe += expected ? 1 : 0;
                        ++checks;
                    }
            }
        }
    }
    EXPECT_GT(maybe, checks / 100); // both answers are exercised
    EXPECT_LT(maybe, checks);
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
