// The pattern search inside the alpha-beta: proof patterns checked by brute force, agreement
// with the solver, the moves chosen when the result is proven, and that pruning prunes.
#include "connections/game_state.h"
#include "search/opening_table.h"
#include "search/search.h"
#include "search/search_player.h"
#include "solver/solver.h"
#include "test/support/sanitizer_scaling.h"

#include "test/search/distance_evaluator.h"
#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <unordered_map>

namespace hex {
namespace {

using testing::kSearchTestTableMb;
using testing::rotated;
using testing::searchOnce;

// Exact win/loss by exhaustive search with a memo (no draws in Hex). Small boards only.
class BruteForce {
public:
    bool toMoveWins(Board& board, Color toMove) {
        if (const auto w = board.winner())
            return *w == toMove;
        const Key key = board.key() ^ (toMove == Color::White ? kWhiteToMove : 0);
        if (const auto it = memo_.find(key); it != memo_.end())
            return it->second;
        bool wins = false;
        for (Cell c : board.emptyCells()) {
            board.play(c, toMove);
            wins = !toMoveWins(board, opponent(toMove));
            board.undo();
            if (wins)
                break;
        }
        memo_.emplace(key, wins);
        return wins;
    }

private:
    static constexpr Key kWhiteToMove = 0x5bd1e9955bd1e995ULL;
    std::unordered_map<Key, bool> memo_;
};

SearchLimits limitsOf(int depth, int width) {
    SearchLimits limits;
    limits.maxDepth = depth;
    limits.width = width;
    return limits;
}

// The winner of `board` with `toMove` to play once the loser owns every empty cell outside the
// pattern.
bool patternHolds(const Board& board, Color toMove, Color winner, const CellSet& pattern) {
    Board filled = board;
    for (Cell c : board.emptyCells()) {
        if (!pattern.test(c))
            filled.play(c, opponent(winner));
    }
    BruteForce exact;
    return exact.toMoveWins(filled, toMove) == (winner == toMove);
}

struct Case {
    Board board;
    Color toMove;
};

// Random undecided positions on 3x3 to 5x5 with 5 to 12 empty cells, either side to move.
std::vector<Case> randomCases(int count, std::uint64_t seed) {
    SplitMix rng(seed);
    std::vector<Case> cases;
    while (static_cast<int>(cases.size()) < count) {
        const int n = 3 + rng.below(3);
        const int empty = 5 + rng.below(std::min(8, n * n - 5));
        Board board(n, n);
        if (!testing::randomPosition(board, n * n - empty, rng))
            continue;
        cases.push_back({board, rng.below(2) == 0 ? Color::Black : Color::White});
    }
    return cases;
}

// A table warmed on a position answers its rotation: the patterns come back rotated and hold.
TEST(PatternSearch, PatternsFromTheRotatedPositionHold) {
    int proven = 0;
    for (const Case& c : randomCases(100, 31)) {
        TranspositionTable table(kSearchTestTableMb);
        testing::DistanceEvaluator evaluator;
        Search search(table, evaluator);
        SearchLimits limits = limitsOf(64, 3);
        limits.rootConnectionsMaxEmpty = 0; // let the search (and the table) do the work
        search.run(c.board, c.toMove, limits);
        const Board turned = rotated(c.board);
        const SearchResult r = search.run(turned, c.toMove, limits);
        if (!r.pattern)
            continue;
        ++proven;
        Board copy = turned;
        BruteForce exact;
        const Color winner = exact.toMoveWins(copy, c.toMove) ? c.toMove : opponent(c.toMove);
        ASSERT_EQ(r.score > 0, winner == c.toMove);
        ASSERT_TRUE(patternHolds(turned, c.toMove, winner, *r.pattern));
    }
    EXPECT_GT(proven, 50);
}

// Wherever the search reports a proven result, the result is right and its pattern holds with
// the loser on every empty cell outside it: at full depth and width, narrow, and depth-limited
// (where proofs come from below the horizon and from pattern pruning alone).
TEST(PatternSearch, ProvenResultsAndPatternsHoldByBruteForce) {
    int proven = 0;
    int wins = 0;
    int narrowPatterns = 0;
    for (const Case& c : randomCases(300, 515)) {
        Board copy = c.board;
        BruteForce exact;
        const bool toMoveWins = exact.toMoveWins(copy, c.toMove);
        for (const SearchLimits& limits : {limitsOf(64, 100), limitsOf(64, 2), limitsOf(3, 4)}) {
            const SearchResult r = searchOnce(c.board, c.toMove, limits);
            if (!isProvenScore(r.score))
                continue;
            ++proven;
            ASSERT_EQ(r.score > 0, toMoveWins) << "proven result is wrong";
            ASSERT_TRUE(r.pattern.has_value()) << "proven result without a pattern";
            const Color winner = toMoveWins ? c.toMove : opponent(c.toMove);
            ASSERT_TRUE(patternHolds(c.board, c.toMove, winner, *r.pattern))
                << "pattern of " << r.pattern->count() << " cells does not hold";
            wins += toMoveWins ? 1 : 0;
            narrowPatterns += r.pattern->count() < c.board.emptyCount() ? 1 : 0;
        }
    }
    // Both outcomes, and patterns smaller than the whole board, so the check has teeth.
    EXPECT_GT(proven, 500);
    EXPECT_GT(wins, 100);
    EXPECT_LT(wins, proven - 100);
    EXPECT_GT(narrowPatterns, proven / 2);
}

// The search and the solver never disagree where the search proves something.
TEST(PatternSearch, ProvenScoresAgreeWithTheSolver) {
    Solver solver;
    int proven = 0;
    for (const Case& c : randomCases(200, 2027)) {
        for (const SearchLimits& limits : {limitsOf(4, 3), limitsOf(64, 6)}) {
            const SearchResult r = searchOnce(c.board, c.toMove, limits);
            if (!isProvenScore(r.score))
                continue;
            ++proven;
            const SolveResult solved = solver.solve(c.board, c.toMove);
            ASSERT_TRUE(solved.winner.has_value());
            EXPECT_EQ(*solved.winner == c.toMove, r.score > 0);
        }
    }
    EXPECT_GT(proven, 200);
}

// Skipping the moves outside a refutation's pattern must save nodes, and never change the
// proven outcome.
TEST(PatternSearch, PatternPruningPrunes) {
    std::uint64_t withPruning = 0;
    std::uint64_t without = 0;
    for (const Case& c : randomCases(40, 99)) {
        SearchLimits limits = limitsOf(64, 100);
        limits.connectionsMaxEmpty = 0; // the patterns alone
        limits.rootConnectionsMaxEmpty = 0;
        const SearchResult pruned = searchOnce(c.board, c.toMove, limits);
        if (pruned.reason != SearchResult::Reason::Searched)
            continue;
        limits.usePatterns = false;
        const SearchResult plain = searchOnce(c.board, c.toMove, limits);
        ASSERT_TRUE(isProvenScore(pruned.score));
        ASSERT_EQ(pruned.score > 0, plain.score > 0);
        withPruning += pruned.nodes;
        without += plain.nodes;
    }
    EXPECT_LT(withPruning * 10, without * 9) << withPruning << " vs " << without;
    RecordProperty("nodes_with_pruning", std::to_string(withPruning));
    RecordProperty("nodes_without", std::to_string(without));
}

// Positions after Black's first stone, White to move, on 4x4 and 5x5 (openings.txt compiled
// in), split by who wins.
std::vector<Board> openingsWon(int n, bool whiteWins) {
    std::vector<Board> boards;
    const Geometry& g = Geometry::of(n, n);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (*OpeningTable::firstMoveWins(g, c) == whiteWins)
            continue;
        Board board(n, n);
        board.play(c, Color::Black);
        boards.push_back(board);
    }
    return boards;
}

PlayerSettings untimedSettings() {
    PlayerSettings s;
    s.evaluator = "resistance";
    s.tableMb = kSearchTestTableMb;
    s.limits.maxNodes = 20'000;
    s.limits.width = 6;
    return s;
}

// A proven win is played: the search's and the player's moves are in the solver's winning set.
TEST(PatternSearch, PlaysAProvenWin) {
    Solver solver;
    int provenBySearch = 0;
    for (int n : {4, 5}) {
        for (const Board& board : openingsWon(n, true)) {
            const WinningMoves winning = solver.winningMoves(board, Color::White);
            ASSERT_TRUE(winning.complete);
            auto isWinning = [&](Cell c) {
                return std::find(winning.moves.begin(), winning.moves.end(), c) !=
                       winning.moves.end();
            };
            SearchLimits limits;
            limits.maxNodes = 20'000;
            limits.width = 6;
            const SearchResult r = searchOnce(board, Color::White, limits);
            if (r.score > kMaxEval) {
                ++provenBySearch;
                EXPECT_TRUE(isWinning(r.best))
                    << n << "x" << n << " " << board.geometry().name(r.best);
            }
            SearchPlayer player;
            const Cell chosen = player.chooseStone(board, Color::White, untimedSettings(), {});
            ASSERT_TRUE(player.last().has_value());
            if (isProvenScore(player.last()->result.score)) {
                EXPECT_TRUE(isWinning(chosen))
                    << n << "x" << n << " " << board.geometry().name(chosen);
            }
        }
    }
    EXPECT_GT(provenBySearch, 10);
}

// When lost, the move is inside the opponent's must-play region, and it is the move whose
// refutation needed the largest pattern.
TEST(PatternSearch, WhenLostPlaysInsideTheMustPlayAndTheHardestRefutation) {
    int restricted = 0;
    int provenLost = 0;
    for (int n : {4, 5}) {
        for (const Board& board : openingsWon(n, false)) {
            Connections own;
            Connections opp;
            own.build(board, Color::White);
            opp.build(board, Color::Black);
            const GameState state = analyseGameState(board, Color::White, own, opp);
            SearchLimits limits;
            limits.maxNodes = 20'000;
            limits.width = 6;
            const SearchResult r = searchOnce(board, Color::White, limits);
            ASSERT_NE(r.best, kNoCell);
            if (!state.winner && state.mustPlay != emptyCellSet(board)) {
                ++restricted;
                EXPECT_TRUE(state.mustPlay.test(r.best)) << board.geometry().name(r.best);
            }
            if (r.score >= -kMaxEval)
                continue;
            ++provenLost;
            int largest = 0;
            int chosen = 0;
            for (const RootMoveScore& s : r.rootScores) {
                largest = std::max(largest, s.proofSize);
                chosen = s.cell == r.best ? s.proofSize : chosen;
            }
            EXPECT_GT(largest, 0);
            EXPECT_EQ(chosen, largest);
        }
    }
    EXPECT_GT(restricted, 3);
    EXPECT_GT(provenLost, 5);
}

// When the player's solver proves a loss, the move lies inside the opponent's proof pattern
// (every move outside it loses to the same strategy).
TEST(PatternSearch, PlayerWhenSolvedLostPlaysInsideTheProof) {
    int checked = 0;
    for (const Case& c : randomCases(60, 4242)) {
        Solver solver;
        const SolveResult solved = solver.solve(c.board, c.toMove);
        if (solved.winner == c.toMove || solved.proof.count() >= c.board.emptyCount())
            continue;
        ++checked;
        SearchPlayer player;
        const Cell chosen = player.chooseStone(c.board, c.toMove, untimedSettings(), {});
        EXPECT_TRUE(solved.proof.test(chosen)) << c.board.geometry().name(chosen);
    }
    EXPECT_GT(checked, 5);
}

std::string movesText(const Board& board) {
    std::string text;
    for (const Board::Played& p : board.history())
        text += (p.color == Color::Black ? " b:" : " w:") + board.geometry().name(p.cell);
    return text;
}

// The root's inferior-cell pruning never leaves out every winning move: on random small
// positions the solver's complete list of winning moves meets the moves the root searched. The
// root's H-search is off, so every move left out was left out by the inferior cells.
TEST(PatternSearch, RootInferiorPruningKeepsAWinningMove) {
    int pruned = 0;
    int wins = 0;
    for (const Case& c : randomCases(testing::trials(600), 31)) {
        Solver solver;
        const WinningMoves winning = solver.winningMoves(c.board, c.toMove);
        ASSERT_TRUE(winning.complete);
        TranspositionTable table(1);
        testing::DistanceEvaluator evaluator;
        Search search(table, evaluator);
        SearchLimits limits;
        limits.maxDepth = 1;
        limits.rootConnectionsMaxEmpty = 0;
        const SearchResult r = search.run(c.board, c.toMove, limits);
        if (r.reason != SearchResult::Reason::Searched)
            continue;
        if (static_cast<int>(r.rootScores.size()) < c.board.emptyCount())
            ++pruned;
        if (winning.moves.empty())
            continue;
        ++wins;
        const bool kept =
            std::any_of(r.rootScores.begin(), r.rootScores.end(), [&](const RootMoveScore& s) {
                return std::find(winning.moves.begin(), winning.moves.end(), s.cell) !=
                       winning.moves.end();
            });
        EXPECT_TRUE(kept) << movesText(c.board);
    }
    EXPECT_GT(pruned, testing::trials(100)); // the pruning is exercised
    EXPECT_GT(wins, testing::trials(100));
}

} // namespace
} // namespace hex
