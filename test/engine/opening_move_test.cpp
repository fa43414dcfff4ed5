// The first move of a game without the swap rule.
#include "engine/engine.h"
#include "search/opening_table.h"
#include "test/support/openings_file.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

Cell firstMove(int width, int height, bool allowSwap, Color color = Color::Black) {
    Engine engine;
    EXPECT_FALSE(engine.setOption("allow_swap", allowSwap ? "1" : "0"));
    EXPECT_FALSE(engine.setOption("max_time", "0.05"));
    engine.game() = Game(width, height);
    const std::optional<Move> move = engine.chooseMove(color, {});
    EXPECT_TRUE(move && !move->isSwap());
    return move && !move->isSwap() ? move->cell : kNoCell;
}

// Without swap the engine opens in the centre, and on every proven size that is a winning
// first move (data/openings.txt).
TEST(OpeningMove, CentreWithoutSwapWinsOnEveryProvenSize) {
    const auto proven = testing::provenOpenings();
    ASSERT_FALSE(proven.empty());
    for (const auto& [n, cells] : proven) {
        const Geometry& g = Geometry::of(n, n);
        const Cell move = firstMove(n, n, false);
        ASSERT_NE(move, kNoCell) << n;
        EXPECT_TRUE(cells.at(g.name(move))) << n << "x" << n << " " << g.name(move);
    }
    for (int n : {9, 11, 13, 19})
        EXPECT_EQ(firstMove(n, n, false), Geometry::of(n, n).cell(n / 2, n / 2)) << n;
}

// With swap a winning opening would simply be swapped: on every proven size the engine opens
// with a losing move, the one nearest the centre.
TEST(OpeningMove, WithSwapALosingMoveOnEveryProvenSize) {
    const auto proven = testing::provenOpenings();
    for (int n = 2; n <= OpeningTable::kMaxSide; ++n) {
        const Geometry& g = Geometry::of(n, n);
        const Cell move = firstMove(n, n, true);
        ASSERT_NE(move, kNoCell) << n;
        EXPECT_FALSE(proven.at(n).at(g.name(move))) << n << "x" << n << " " << g.name(move);
    }
    EXPECT_EQ(Geometry::of(7, 7).name(firstMove(7, 7, true)), "d2");
    // White moving first: the mirror image, which is as bad for White as d2 is for Black.
    EXPECT_EQ(Geometry::of(7, 7).name(firstMove(7, 7, true, Color::White)), "b4");
}

// The first stone is a legal cell on every board, square or not, for either colour; White's is
// Black's choice on the transposed board, transposed back (the fuzzer found the reflection
// within the board used before leaving an 11x1 board). With swap, where the proven tables
// choose, likewise.
TEST(OpeningMove, WhiteTransposesBlacksChoiceOnEveryRectangle) {
    auto expectTransposed = [](int width, int height, bool swap) {
        const Geometry& g = Geometry::of(width, height);
        const Geometry& t = Geometry::of(height, width);
        const Cell white = firstMove(width, height, swap, Color::White);
        const Cell black = firstMove(height, width, swap, Color::Black);
        ASSERT_TRUE(white >= 0 && white < g.cellCount()) << width << "x" << height;
        ASSERT_TRUE(black >= 0 && black < t.cellCount()) << height << "x" << width;
        EXPECT_EQ(g.x(white), t.y(black)) << width << "x" << height << " swap " << swap;
        EXPECT_EQ(g.y(white), t.x(black)) << width << "x" << height << " swap " << swap;
    };
    for (int width = 1; width <= 19; ++width)
        for (int height = 1; height <= 19; ++height)
            expectTransposed(width, height, false);
    for (int n = 2; n <= OpeningTable::kMaxSide; ++n)
        expectTransposed(n, n, true);
}

} // namespace
} // namespace hex
