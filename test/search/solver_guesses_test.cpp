#include "search/solver_guesses.h"

#include "search/opening_table.h"
#include "solver/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>

namespace hex {
namespace {

// On the 6x6 openings that Black loses (the proven table), one of the three guesses (the
// engine's count) is nearly always a winning reply: the guesses the solver favours are worth
// favouring where the truth is known (on 8x8 they turned the losing openings' proofs from
// minutes into seconds, docs/solver.md). The replies that win are 1 to 7 of the 35, so three
// cells chosen by chance would hit in about a third of the openings.
TEST(SolverGuesses, IncludeAWinningReplyToNearlyEveryLost6x6Opening) {
    const Geometry& g = Geometry::of(6, 6);
    Solver solver;
    int lost = 0;
    int hit = 0;
    for (Cell opening = 0; opening < g.cellCount(); ++opening) {
        const std::optional<bool> blackWins = OpeningTable::firstMoveWins(g, opening);
        ASSERT_TRUE(blackWins.has_value());
        if (*blackWins)
            continue;
        ++lost;
        Board board(6, 6);
        board.play(opening, Color::Black);
        const std::vector<Cell> guesses = solverGuesses(board, Color::White, 3).moves;
        ASSERT_EQ(guesses.size(), 3u) << g.name(opening);
        bool wins = false;
        for (Cell guess : guesses) {
            board.play(guess, Color::White);
            wins = wins || solver.solve(board, Color::Black).winner == Color::White;
            board.undo();
        }
        hit += wins ? 1 : 0;
    }
    EXPECT_EQ(lost, 12);
    EXPECT_GE(hit, 10);
}

// Distinct empty cells, as many as asked, the first one the move a depth-4 search plays; a
// position the search decides without searching (an immediate win) gives that move alone, and a
// finished game none.
TEST(SolverGuesses, AreDistinctEmptyCellsBestFirst) {
    Board board(5, 5);
    const Geometry& g = board.geometry();
    board.play(g.cell(2, 2), Color::Black);
    const std::vector<Cell> guesses = solverGuesses(board, Color::White, 3).moves;
    ASSERT_EQ(guesses.size(), 3u);
    EXPECT_EQ(std::set<Cell>(guesses.begin(), guesses.end()).size(), guesses.size());
    for (Cell c : guesses)
        EXPECT_TRUE(board.isEmpty(c));
    EXPECT_TRUE(solverGuesses(board, Color::White, 0).moves.empty());

    Board race(5, 5);
    for (int y = 0; y < 4; ++y) { // Black c1-c4, White a1-a4: b5 and c5 win for Black at once
        race.play(g.cell(2, y), Color::Black);
        race.play(g.cell(0, y), Color::White);
    }
    const std::vector<Cell> win = solverGuesses(race, Color::Black, 2).moves;
    ASSERT_FALSE(win.empty());
    EXPECT_TRUE(win.front() == g.cell(1, 4) || win.front() == g.cell(2, 4));
    race.play(g.cell(2, 4), Color::Black); // Black has won
    EXPECT_TRUE(solverGuesses(race, Color::White, 2).moves.empty());
}

// The score is the side to move's, the mean of the two orientations' searches: on 6x6 with
// White's stone in the centre and Black's in the corner, Black to move stands badly and White to
// move well; the same, colours swapped, with the position transposed. A finished game has no
// score.
TEST(SolverGuesses, ScoreThePositionForTheSideToMove) {
    const Geometry& g = Geometry::of(6, 6);
    const auto scoreOf = [&](Color centre, bool transposed, Color toMove) {
        Board board(6, 6);
        board.play(transposed ? g.cell(3, 2) : g.cell(2, 3), centre);
        board.play(g.cell(0, 0), opponent(centre));
        const std::optional<int> score = solverGuesses(board, toMove, 3).score;
        EXPECT_TRUE(score.has_value());
        return score.value_or(0);
    };
    EXPECT_LT(scoreOf(Color::White, false, Color::Black), -200);
    EXPECT_GT(scoreOf(Color::White, false, Color::White), 200);
    EXPECT_LT(scoreOf(Color::Black, true, Color::White), -200);
    EXPECT_GT(scoreOf(Color::Black, true, Color::Black), 200);

    Board race(5, 5);
    for (int y = 0; y < 5; ++y)
        race.play(race.geometry().cell(2, y), Color::Black);
    EXPECT_FALSE(solverGuesses(race, Color::White, 3).score.has_value());
}

} // namespace
} // namespace hex
