#include "connections/game_state.h"

#include "test/connections/brute_force.h"

#include <gtest/gtest.h>

#include <random>

namespace hex {
namespace {

using testing::proofHolds;

// Every move outside the must-play loses (by exact minimax); returns how many were checked.
int expectOutsideMustPlayLoses(Board& board, Color toMove, const GameState& state,
                               testing::Minimax& minimax) {
    int checked = 0;
    for (Cell c : board.emptyCells()) {
        if (state.mustPlay.test(c))
            continue;
        ++checked;
        board.play(c, toMove);
        EXPECT_TRUE(minimax.wins(board, opponent(toMove)))
            << "move outside must-play does not lose: " << board.geometry().name(c);
        board.undo();
    }
    return checked;
}

TEST(GameState, ClaimsAgreeWithMinimax) {
    std::mt19937 rng(2024);
    Connections own;
    Connections opp;
    int positions = 0;
    int proven = 0;
    int pruned = 0;
    testing::Minimax minimax;
    while (positions < 2000) {
        auto board = std::optional<Board>(testing::randomSmallPosition(rng, 11));
        ++positions;
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        own.build(*board, toMove);
        opp.build(*board, opponent(toMove));
        const GameState state = analyseGameState(*board, toMove, own, opp);
        const bool toMoveWins = minimax.wins(*board, toMove);
        if (state.winner) {
            ++proven;
            ASSERT_EQ(*state.winner == toMove, toMoveWins);
            ASSERT_TRUE(proofHolds(*board, toMove, *state.winner, state.proof));
            if (*state.winner == toMove) {
                ASSERT_TRUE(board->isEmpty(state.winningMove));
                board->play(state.winningMove, toMove);
                ASSERT_FALSE(minimax.wins(*board, opponent(toMove)));
                board->undo();
            }
            continue;
        }
        pruned += expectOutsideMustPlayLoses(*board, toMove, state, minimax);
    }
    EXPECT_GT(proven, 500);
    EXPECT_GT(pruned, 10);
}

// Open 4x4 positions, where must-play prunes without deciding the game.
TEST(GameState, MovesOutsideMustPlayLose) {
    std::mt19937 rng(31);
    Connections own;
    Connections opp;
    testing::Minimax minimax;
    int pruned = 0;
    for (int trial = 0; trial < 400; ++trial) {
        auto board = testing::randomPosition(4, 2 + static_cast<int>(rng() % 5), rng);
        if (!board)
            continue;
        const Color toMove = board->stoneCount() % 2 == 0 ? Color::Black : Color::White;
        own.build(*board, toMove);
        opp.build(*board, opponent(toMove));
        const GameState state = analyseGameState(*board, toMove, own, opp);
        if (state.winner)
            continue;
        pruned += expectOutsideMustPlayLoses(*board, toMove, state, minimax);
    }
    EXPECT_GT(pruned, 200);
}

TEST(GameState, SecondRowBridgeLadderIsWon) {
    // 3x3, Black b2: Black's semi (b2 joined to both edges by template II) wins with the move.
    Board board(3, 3);
    const Geometry& g = board.geometry();
    board.play(g.cell(1, 1), Color::Black);
    Connections own;
    Connections opp;
    own.build(board, Color::Black);
    opp.build(board, Color::White);
    const GameState blackToMove = analyseGameState(board, Color::Black, own, opp);
    ASSERT_TRUE(blackToMove.winner);
    EXPECT_EQ(*blackToMove.winner, Color::Black);
}

// The solver's lookahead reads the opponent's connections only: whenever the mover has no edge
// connection of its own, that gives the full analysis, and it never claims a win for the mover.
TEST(GameState, ThreatsAloneAgreeWithTheFullAnalysis) {
    std::mt19937 rng(404);
    Connections own;
    Connections opp;
    int compared = 0;
    for (int round = 0; round < 1000; ++round) {
        const Board board = testing::randomSmallPosition(rng, 14);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        own.build(board, toMove);
        opp.build(board, opponent(toMove));
        const GameState threats = analyseThreats(board, toMove, summariseEdges(opp));
        ASSERT_NE(threats.winner, std::optional<Color>(toMove));
        const EdgeSummary ownEdges = summariseEdges(own);
        if (board.winner() || ownEdges.full || ownEdges.semi)
            continue;
        const GameState full = analyseGameState(board, toMove, own, opp);
        ++compared;
        ASSERT_EQ(threats.winner, full.winner);
        ASSERT_EQ(threats.proof, full.proof);
        ASSERT_EQ(threats.mustPlay, full.mustPlay);
        ASSERT_EQ(threats.mustPlayReason, full.mustPlayReason);
    }
    EXPECT_GT(compared, 200);
}

// A build ended early by its stop function (the search stops the root's H-search at a share of
// the move's time) keeps what it found, which stays sound: every claim agrees with minimax, and
// the must-play region contains the complete build's.
TEST(GameState, StoppedBuildsStaySound) {
    std::mt19937 rng(77);
    Connections own;
    Connections opp;
    Connections ownFull;
    Connections oppFull;
    testing::Minimax minimax;
    int stopped = 0;
    for (int trial = 0; trial < 600; ++trial) {
        Board board = testing::randomSmallPosition(rng, 12);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        int polls = 0;
        const int allowed = static_cast<int>(rng() % 3);
        const StopFn stop = [&polls, allowed] { return ++polls > allowed; };
        own.setStop(stop);
        opp.setStop(stop);
        own.build(board, toMove);
        opp.build(board, opponent(toMove));
        stopped += own.stopped() || opp.stopped();
        const GameState state = analyseGameState(board, toMove, own, opp);
        ownFull.build(board, toMove);
        oppFull.build(board, opponent(toMove));
        ASSERT_FALSE(ownFull.stopped());
        const GameState full = analyseGameState(board, toMove, ownFull, oppFull);
        if (state.winner) {
            ASSERT_EQ(*state.winner == toMove, minimax.wins(board, toMove));
            continue;
        }
        expectOutsideMustPlayLoses(board, toMove, state, minimax);
        if (!full.winner) {
            ASSERT_TRUE(full.mustPlay.isSubsetOf(state.mustPlay));
        }
    }
    EXPECT_GT(stopped, 100);
}

} // namespace
} // namespace hex
