#include "search/opening_table.h"
#include "search/search.h"

#include "test/search/distance_evaluator.h"

#include "test/support/openings_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace hex {
namespace {

TEST(Openings, CompiledTableMatchesTheDataFile) {
    const auto openings = testing::provenOpenings();
    for (int n = 1; n <= OpeningTable::kMaxSide; ++n) {
        ASSERT_TRUE(openings.contains(n)) << testing::openingsPath();
        const auto& cells = openings.at(n);
        const Geometry& g = Geometry::of(n, n);
        ASSERT_EQ(static_cast<int>(cells.size()), g.cellCount());
        for (const auto& [name, wins] : cells)
            EXPECT_EQ(OpeningTable::firstMoveWins(g, *g.parse(name)), wins) << n << " " << name;
    }
    EXPECT_FALSE(OpeningTable::firstMoveWins(Geometry::of(9, 9), 0));
    EXPECT_FALSE(OpeningTable::firstMoveWins(Geometry::of(4, 5), 0));
}

TEST(Openings, SwapExactlyTheWinningOpeningsOfEitherColour) {
    Board black(5, 5);
    black.play(*black.geometry().parse("c3"), Color::Black);
    EXPECT_EQ(OpeningTable::shouldSwap(black), true);
    Board corner(5, 5);
    corner.play(*corner.geometry().parse("a1"), Color::Black);
    EXPECT_EQ(OpeningTable::shouldSwap(corner), false);
    // A White stone on b4 is the transpose of Black's d2, a winning opening; a White a2 is
    // Black's b1, a losing one.
    Board white(5, 5);
    white.play(*white.geometry().parse("b4"), Color::White);
    EXPECT_EQ(OpeningTable::shouldSwap(white), true);
    Board whiteLoss(5, 5);
    whiteLoss.play(*whiteLoss.geometry().parse("a2"), Color::White);
    EXPECT_EQ(OpeningTable::shouldSwap(whiteLoss), false);
    EXPECT_FALSE(OpeningTable::shouldSwap(Board(5, 5)));
    // 8x8, proven through White's replies: a7 on White's edge wins, a4 loses.
    for (const auto& [name, swap] : {std::pair{"a7", true}, std::pair{"a4", false}}) {
        Board eight(8, 8);
        eight.play(*eight.geometry().parse(name), Color::Black);
        EXPECT_EQ(OpeningTable::shouldSwap(eight), swap) << name;
    }
    Board big(9, 9);
    big.play(40, Color::Black);
    EXPECT_FALSE(OpeningTable::shouldSwap(big));
}

// Every first move on boards up to 4x4, and those of 5x5 the search proves within its node
// budget, must get the known result: White to move after Black's stone wins exactly when the
// opening loses.
TEST(Openings, SearchAgreesWhereverItProves) {
    const auto openings = testing::provenOpenings();
    // Enough to prove every opening up to 4x4; 5x5 mostly needs connection knowledge.
    constexpr std::uint64_t kSmallBudget = 200'000;
    constexpr std::uint64_t kFiveBudget = 20'000;
    int provenOnFive = 0;
    for (int n = 1; n <= 5; ++n) {
        for (const auto& [name, wins] : openings.at(n)) {
            Board board(n, n);
            board.play(*board.geometry().parse(name), Color::Black);
            TranspositionTable table(4);
            testing::DistanceEvaluator evaluator;
            Search search(table, evaluator);
            SearchLimits limits;
            limits.maxNodes = n <= 4 ? kSmallBudget : kFiveBudget;
            limits.width = 6;
            const SearchResult r = search.run(board, Color::White, limits);
            if (r.reason == SearchResult::Reason::GameOver) {
                EXPECT_TRUE(wins) << n << " " << name; // 1x1: the stone has already won
                continue;
            }
            const bool proven =
                isProvenScore(r.score) || r.reason != SearchResult::Reason::Searched;
            if (n <= 4) {
                ASSERT_TRUE(proven) << n << "x" << n << " " << name;
            }
            if (!proven || r.reason == SearchResult::Reason::ForcedBlock)
                continue;
            provenOnFive += n == 5 ? 1 : 0;
            EXPECT_EQ(r.score < 0, wins) << n << "x" << n << " " << name;
        }
    }
    RecordProperty("proven_5x5", provenOnFive);
    std::cout << "5x5 openings proven: " << provenOnFive << "/25\n";
}

} // namespace
} // namespace hex
