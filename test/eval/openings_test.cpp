// Cross-check with ground truth: each evaluator's ranking of Black's first moves against the
// proven results of openings.txt.

#include "eval/evaluator.h"

#include "test/eval/openings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace hex::eval {
namespace {

// Rank correlation between the evaluator's view of each first move (Black's value after it,
// i.e. minus White's value with White to move) and the proven result.
double openingCorrelation(Evaluator& evaluator, const testing::OpeningTable& table, int n) {
    std::vector<double> scores;
    std::vector<double> wins;
    for (const auto& [cell, win] : table.wins.at(n)) {
        Board board(n, n);
        board.play(cell, Color::Black);
        scores.push_back(-static_cast<double>(evaluator.evaluate(board, Color::White)));
        wins.push_back(win ? 1.0 : 0.0);
    }
    return testing::rankCorrelation(scores, wins);
}

TEST(Openings, TableCoversEveryCellOfSizesOneToSix) {
    const testing::OpeningTable table = testing::OpeningTable::load();
    for (int n = 1; n <= 6; ++n) {
        ASSERT_EQ(table.wins.count(n), 1u)
            << "missing " << n << "x" << n << " in " << testing::openingsPath();
        EXPECT_EQ(static_cast<int>(table.wins.at(n).size()), n * n);
    }
}

TEST(Openings, RankCorrelationWithProvenResults) {
    const testing::OpeningTable table = testing::OpeningTable::load();
    ASSERT_EQ(table.wins.count(6), 1u);
    for (std::string_view name : evaluatorNames()) {
        if (name == "network")
            continue; // needs a trained net (docs/network.md); none is built in yet
        auto evaluator = makeEvaluator(name);
        std::printf("%-12s", std::string(name).c_str());
        for (int n = 3; n <= 6; ++n) {
            const double r = openingCorrelation(*evaluator, table, n);
            std::printf("  %dx%d %+.3f", n, n, r);
            EXPECT_FALSE(std::isnan(r));
            if (name == "resistance" && n >= 5) {
                EXPECT_GT(r, 0.0) << n << "x" << n;
            }
        }
        std::printf("\n");
    }
}

TEST(Openings, RankCorrelationSanity) {
    EXPECT_DOUBLE_EQ(testing::rankCorrelation({1, 2, 3, 4}, {0, 0, 1, 1}), 2 / std::sqrt(5.0));
    EXPECT_DOUBLE_EQ(testing::rankCorrelation({4, 3, 2, 1}, {1, 2, 3, 4}), -1.0);
    EXPECT_EQ(testing::rankCorrelation({1, 1, 1}, {0, 1, 1}), 0.0);
}

} // namespace
} // namespace hex::eval
