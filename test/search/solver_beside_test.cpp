#include "search/solver_beside.h"

#include "search/search_player.h"

#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

namespace hex {
namespace {

SteadyClock::time_point secondsFromNow(double s) {
    return SteadyClock::now() +
           std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(s));
}

// A 5x5 position won for the side to move with at least one losing move, the winning moves by
// the solver's exhaustive list.
struct MixedPosition {
    Board board;
    Color toMove;
    std::vector<Cell> winning;
    std::vector<Cell> losing;
};

std::vector<MixedPosition> mixedPositions(int count) {
    Solver truth;
    SplitMix rng(77);
    std::vector<MixedPosition> positions;
    testing::forRandomPositions(5, count, 6, 6, rng, [&](const Board& board, Color toMove, int) {
        const WinningMoves wins = truth.winningMoves(board, toMove);
        if (!wins.complete || wins.moves.empty())
            return false;
        MixedPosition p{board, toMove, wins.moves, {}};
        for (Cell c : board.emptyCells())
            if (std::find(wins.moves.begin(), wins.moves.end(), c) == wins.moves.end())
                p.losing.push_back(c);
        if (p.losing.empty())
            return false;
        positions.push_back(std::move(p));
        return true;
    });
    return positions;
}

// The proof of the position comes first: a small won position is proven, provenWin() tells the
// search to stop, and the move is one of the winning moves.
TEST(SolverBeside, ProvesAWonPositionAndItsMove) {
    for (const MixedPosition& p : mixedPositions(20)) {
        Solver solver;
        SolverBeside beside(solver, p.board, p.toMove, secondsFromNow(30), {});
        const SolverBeside::Outcome outcome = beside.finishAfterRest();
        ASSERT_TRUE(outcome.win);
        EXPECT_TRUE(beside.provenWin());
        EXPECT_NE(std::find(p.winning.begin(), p.winning.end(), outcome.win->winningMove),
                  p.winning.end());
        EXPECT_TRUE(outcome.refuted.empty());
    }
}

// The checks: offered a losing move first and a winning one second, the thread proves the first
// losing and the second winning, whose win then stands for the position.
TEST(SolverBeside, RefutesTheSearchsLosingChoiceAndFindsTheWinningOne) {
    for (const MixedPosition& p : mixedPositions(20)) {
        Solver solver;
        SolverBeside beside(solver, p.board, p.toMove, secondsFromNow(30), {}, 0.0);
        beside.offer({p.losing.front(), p.winning.front()});
        const SolverBeside::Outcome outcome = beside.finishAfterRest();
        EXPECT_EQ(outcome.refuted, std::vector<Cell>{p.losing.front()});
        ASSERT_TRUE(outcome.win);
        EXPECT_EQ(outcome.win->winningMove, p.winning.front());
    }
}

// Every offered move losing: all are refuted, no win is claimed, and the thread ends with the
// search instead of waiting for the deadline (a hang would stop the test).
TEST(SolverBeside, RefutesEveryLosingMoveOfferedAndEndsWithTheSearch) {
    const std::vector<MixedPosition> positions = mixedPositions(10);
    for (const MixedPosition& p : positions) {
        Solver solver;
        SolverBeside beside(solver, p.board, p.toMove, secondsFromNow(600), {}, 0.0);
        beside.offer(p.losing);
        const SolverBeside::Outcome outcome = beside.finishAfterRest();
        EXPECT_FALSE(outcome.win);
        std::vector<Cell> refuted = outcome.refuted;
        std::vector<Cell> losing = p.losing;
        std::sort(refuted.begin(), refuted.end());
        std::sort(losing.begin(), losing.end());
        EXPECT_EQ(refuted, losing);
    }
}

// A later offer replaces the move being checked; finish() stops a solve that has no verdict yet
// (an open 11x11 middlegame with a deadline ten minutes away) and claims nothing.
TEST(SolverBeside, NewOffersAndFinishStopAnOpenCheck) {
    const Board board = testing::boardWith(11, "f6 d8", "e7 g4");
    Solver solver;
    SolverBeside beside(solver, board, Color::Black, secondsFromNow(600), {}, 0.0);
    const Geometry& g = board.geometry();
    beside.offer({g.parse("c7").value(), g.parse("d5").value()});
    beside.offer({g.parse("d5").value()});
    const SolverBeside::Outcome outcome = beside.finish();
    EXPECT_FALSE(outcome.win);
    EXPECT_FALSE(outcome.lost);
    EXPECT_TRUE(outcome.refuted.empty());
}

// The caller's stop function (the HTP interrupt) ends the thread as finish() does.
TEST(SolverBeside, TheCallersStopFunctionEndsTheThread) {
    const Board board = testing::boardWith(11, "f6 d8", "e7 g4");
    Solver solver;
    std::atomic<bool> interrupted{false};
    SolverBeside beside(solver, board, Color::Black, secondsFromNow(600),
                        [&interrupted] { return interrupted.load(); });
    interrupted = true;
    const SolverBeside::Outcome outcome = beside.finishAfterRest();
    EXPECT_FALSE(outcome.win);
}

// The thread beside a real timed search: the search offers its root moves from its own thread
// while the solver checks them. A 7x7 game at 0.3 s per move, both sides with the solver
// beside: every move is a legal one and the game ends (ThreadSanitizer runs this suite).
TEST(SolverBeside, BesideATimedSearchAGamePlaysToTheEnd) {
    Board board(7, 7);
    SearchPlayer players[2];
    PlayerSettings s;
    s.tableMb = 4;
    s.limits.evenDepthMoves = true;
    s.solverBeside = true;
    s.clock.perMoveLimit = 0.3;
    Color color = Color::Black;
    while (!board.winner()) {
        const Cell move = players[index(color)].chooseStone(board, color, s, {});
        ASSERT_NE(move, kNoCell);
        ASSERT_TRUE(board.isEmpty(move));
        board.play(move, color);
        color = opponent(color);
    }
}

} // namespace
} // namespace hex
