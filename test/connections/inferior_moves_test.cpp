#include "connections/inferior_moves.h"

#include "connections/game_state.h"
#include "connections/inferior.h"
#include "test/connections/brute_force.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace hex {
namespace {

// The stone that justifies a pruned move: the opponent's killer or the mover's dominator.
Color justifyingColor(const InferiorMove& m, Color toMove) {
    return m.vulnerable ? opponent(toMove) : toMove;
}

struct Counts {
    int vulnerable = 0;
    int dominated = 0;
};

Counts count(const InferiorMoves& inferior) {
    Counts counts;
    for (const InferiorMove& m : inferior.moves)
        ++(m.vulnerable ? counts.vulnerable : counts.dominated);
    return counts;
}

TEST(InferiorMoves, CellBesideThreeEnemyStonesIsVulnerable) {
    // Around b2 = (1,1) the neighbours (2,1), (2,0), (1,0) are White; a fourth White stone
    // next to them, on (0,1) or (1,2), makes b2 dead, so Black's move there is vulnerable.
    Board board(4, 4);
    const Geometry& g = board.geometry();
    for (Cell c : {g.cell(2, 1), g.cell(2, 0), g.cell(1, 0)})
        board.play(c, Color::White);
    const InferiorMoves inferior = findInferiorMoves(board, Color::Black, emptyCellSet(board));
    ASSERT_TRUE(inferior.pruned.test(g.cell(1, 1)));
    bool found = false;
    for (const InferiorMove& m : inferior.moves)
        found |= m.cell == g.cell(1, 1) && m.vulnerable && inferior.support.test(m.by);
    EXPECT_TRUE(found);
    EXPECT_FALSE(inferior.pruned.test(g.cell(2, 2))); // four empty neighbours: alive
}

// Whether filling the pair {a, b} with `owner` keeps the value for both sides to move.
bool fillingKeepsTheValue(Board& board, Color owner, Cell a, Cell b, testing::Minimax& minimax) {
    const bool blackWins = minimax.wins(board, Color::Black);
    const bool whiteWins = minimax.wins(board, Color::White);
    board.play(a, owner);
    board.play(b, owner);
    const bool same = minimax.wins(board, Color::Black) == blackWins &&
                      minimax.wins(board, Color::White) == whiteWins;
    board.undo();
    board.undo();
    return same;
}

// Each claim by brute force: the justifying stone makes the cell dead in every completion (or,
// for a dominator with a partner, makes the cell and its partner a captured pair whose filling
// keeps the value), and it stays so whatever stones are added elsewhere (the proofs rely on
// that).
TEST(InferiorMoves, KillersAndDominatorsJustifyThePruningForGood) {
    std::mt19937 rng(2024);
    testing::Minimax minimax;
    Counts total;
    int byCapture = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const int size = 3 + static_cast<int>(rng() % 3);
        auto position = testing::randomPosition(size, static_cast<int>(rng() % 16), rng);
        if (!position)
            continue;
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        Board board = *position;
        const InferiorMoves inferior = findInferiorMoves(board, toMove, emptyCellSet(board));
        ASSERT_EQ(board.key(), position->key());
        const Counts c = count(inferior);
        total.vulnerable += c.vulnerable;
        total.dominated += c.dominated;
        for (const InferiorMove& m : inferior.moves) {
            ASSERT_TRUE(inferior.pruned.test(m.cell));
            ASSERT_TRUE(inferior.support.test(m.by));
            ASSERT_TRUE(board.geometry().adjacent(m.cell, m.by));
            const std::string name = board.geometry().name(m.cell);
            board.play(m.by, justifyingColor(m, toMove));
            const bool captured = m.partner != kNoCell;
            if (captured) {
                ++byCapture;
                ASSERT_FALSE(m.vulnerable);
                ASSERT_TRUE(inferior.support.test(m.partner));
                if (board.emptyCount() <= 12) {
                    ASSERT_TRUE(fillingKeepsTheValue(board, toMove, m.cell, m.partner, minimax))
                        << name;
                }
            } else {
                ASSERT_FALSE(testing::colourMatters(board, m.cell, rng)) << name;
            }
            // More stones anywhere else keep the claim (isDead and captured pairs are monotone).
            int added = 0;
            for (Cell e : board.emptyCells()) {
                if (e == m.cell || e == m.partner || rng() % 3 != 0)
                    continue;
                board.play(e, rng() % 2 == 0 ? Color::Black : Color::White);
                ++added;
                if (board.winner())
                    break;
                if (captured)
                    ASSERT_TRUE(isCapturedPair(board, toMove, m.cell, m.partner)) << name;
                else
                    ASSERT_TRUE(isDead(board, m.cell)) << name;
            }
            for (int i = 0; i <= added; ++i)
                board.undo();
        }
    }
    EXPECT_GT(total.vulnerable, 300);
    EXPECT_GT(total.dominated, 100);
    EXPECT_GT(byCapture, 50);
}

// The point of pruning, by exact minimax: a dominated move never wins where its dominator loses,
// and the side to move wins exactly when one of the moves left wins (none left: a loss).
TEST(InferiorMoves, PruningKeepsTheValue) {
    std::mt19937 rng(77);
    testing::Minimax minimax;
    Counts total;
    int prunedAWin = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        Board board = testing::randomSmallPosition(rng, 11);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        const InferiorMoves inferior = findInferiorMoves(board, toMove, emptyCellSet(board));
        const Counts c = count(inferior);
        total.vulnerable += c.vulnerable;
        total.dominated += c.dominated;
        auto moveWins = [&](Cell m) {
            board.play(m, toMove);
            const bool w = board.winner() == toMove || !minimax.wins(board, opponent(toMove));
            board.undo();
            return w;
        };
        for (const InferiorMove& m : inferior.moves) {
            const bool wins = moveWins(m.cell);
            prunedAWin += wins ? 1 : 0;
            if (!m.vulnerable && wins) {
                ASSERT_TRUE(moveWins(m.by)) << board.geometry().name(m.cell);
            }
        }
        bool keptWins = false;
        for (Cell m : (emptyCellSet(board) - inferior.pruned).cells())
            keptWins = keptWins || moveWins(m);
        ASSERT_EQ(keptWins, minimax.wins(board, toMove));
    }
    EXPECT_GT(total.vulnerable, 300);
    EXPECT_GT(total.dominated, 100);
    EXPECT_GT(prunedAWin, 20); // pruned moves that win too: the kept ones must cover them
}

} // namespace
} // namespace hex
