#include "search/search.h"

#include "test/search/distance_evaluator.h"
#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <span>
#include <string>
#include <thread>

namespace hex {
namespace {

using testing::boardWith;
using testing::DistanceEvaluator;

using testing::kSearchTestTableMb;
using testing::searchOnce;

// The search's value of a position, following forced blocks (which the search plays without
// scoring them) with one more search each.
Score searchValue(const Board& board, Color toMove, const SearchLimits& limits) {
    const SearchResult r = searchOnce(board, toMove, limits);
    if (r.reason != SearchResult::Reason::ForcedBlock)
        return r.score;
    Board next = board;
    next.play(r.best, toMove);
    const Score child = searchValue(next, opponent(toMove), limits);
    if (child > kMaxEval)
        return -(child - 1);
    if (child < -kMaxEval)
        return -child - 1;
    return -child;
}

// The plain alpha-beta: no pattern pruning and no H-search, whose proven results come without
// exact distances. These tests pin the distances and the fixed-depth values; the pattern search
// is tested in pattern_search_test.cpp.
SearchLimits depthLimits(int depth, int width, bool useTT) {
    SearchLimits limits;
    limits.maxDepth = depth;
    limits.width = width;
    limits.useTT = useTT;
    limits.usePatterns = false;
    limits.connectionsMaxEmpty = 0;
    limits.rootConnectionsMaxEmpty = 0;
    // Inferior cells keep the winner but not the distance: a captured cell can be on the
    // fastest win.
    limits.pruneInferiorAtRoot = false;
    return limits;
}

SearchLimits withPatternSearch(SearchLimits limits) {
    const SearchLimits defaults;
    limits.usePatterns = defaults.usePatterns;
    limits.connectionsMaxEmpty = defaults.connectionsMaxEmpty;
    limits.pruneInferiorAtRoot = defaults.pruneInferiorAtRoot;
    limits.rootConnectionsMaxEmpty = defaults.rootConnectionsMaxEmpty;
    return limits;
}

TEST(Search, TakesAnImmediateWinWithoutSearching) {
    const Board board = boardWith(4, "b1 b2 b3", "a1 a2");
    const SearchResult r = searchOnce(board, Color::Black, depthLimits(5, 15, true));
    EXPECT_EQ(r.reason, SearchResult::Reason::ImmediateWin);
    EXPECT_EQ(board.geometry().y(r.best), 3);
    EXPECT_EQ(r.score, kWin - 1);
    EXPECT_EQ(r.nodes, 0u);
}

TEST(Search, BlocksTheOnlyThreatWithoutSearching) {
    // White needs only d2 to join a2-b2-c2 to the east edge (d1 is taken).
    const Board board = boardWith(4, "a1 d1", "a2 b2 c2");
    const SearchResult r = searchOnce(board, Color::Black, depthLimits(5, 15, true));
    EXPECT_EQ(r.reason, SearchResult::Reason::ForcedBlock);
    EXPECT_EQ(board.geometry().name(r.best), "d2");
}

TEST(Search, ReportsGameOver) {
    const Board board = boardWith(3, "a1 a2 a3", "b1");
    const SearchResult r = searchOnce(board, Color::White, depthLimits(3, 15, true));
    EXPECT_EQ(r.reason, SearchResult::Reason::GameOver);
    EXPECT_EQ(r.best, kNoCell);
    EXPECT_EQ(r.score, -kWin);
}

// Black b3 makes two winning cells (a4, b4); White blocks one, Black takes the other.
TEST(Search, FindsWinInThreeWithAndWithoutTable) {
    const Board board = boardWith(4, "b1 b2", "d1 d2");
    for (bool useTT : {false, true}) {
        const SearchResult r = searchOnce(board, Color::Black, depthLimits(6, 15, useTT));
        EXPECT_EQ(r.score, kWin - 3) << "useTT " << useTT;
        EXPECT_EQ(board.geometry().name(r.best), "b3") << "useTT " << useTT;
        ASSERT_GE(r.pv.size(), 3u);
        EXPECT_EQ(r.pv.front(), r.best);
    }
}

// On the empty 3x3 board the centre wins in five plies (two bridges to the edges).
TEST(Search, FindsWinInFiveOnEmptyThreeByThree) {
    const Board board(3, 3);
    for (bool useTT : {false, true}) {
        const SearchResult r = searchOnce(board, Color::Black, depthLimits(9, 2, useTT));
        EXPECT_EQ(r.score, kWin - 5) << "useTT " << useTT;
        EXPECT_EQ(board.geometry().name(r.best), "b2") << "useTT " << useTT;
        EXPECT_LE(r.depth, 4);
    }
}

// With evenDepthMoves an odd iteration past the first orders the moves but does not choose:
// stopped at depth 3, the answer is depth 2's, on positions where depth 3 would choose another
// move; depth 4 answers as itself.
TEST(Search, EvenDepthMovesAnswerWithTheDeepestEvenIteration) {
    int differing = 0;
    for (const char* black : {"c3", "b4", "d2", "c2", "e3"}) {
        const Board board = boardWith(6, black, "");
        SearchLimits limits = depthLimits(2, 6, true);
        const SearchResult two = searchOnce(board, Color::White, limits);
        limits.maxDepth = 3;
        const SearchResult three = searchOnce(board, Color::White, limits);
        limits.evenDepthMoves = true;
        int iterations = 0;
        SearchCallbacks callbacks;
        callbacks.onIteration = [&](const IterationInfo&) { ++iterations; };
        TranspositionTable table(kSearchTestTableMb);
        DistanceEvaluator evaluator;
        Search search(table, evaluator);
        const SearchResult even = search.run(board, Color::White, limits, callbacks);
        EXPECT_EQ(iterations, 3) << black << ": the third iteration still runs";
        EXPECT_EQ(even.depth, 2) << black;
        EXPECT_EQ(even.best, two.best) << black;
        EXPECT_EQ(even.score, two.score) << black;
        differing += three.best != two.best;
        limits.maxDepth = 4;
        EXPECT_EQ(searchOnce(board, Color::White, limits).depth, 4) << black;
    }
    EXPECT_GT(differing, 0) << "no position where depth 3 chooses another move than depth 2";
}

// The test evaluator at a millisecond a call: an iteration's time is then its evaluations'.
class SlowDistanceEvaluator : public DistanceEvaluator {
public:
    Score evaluate(const Board& board, Color toMove) override {
        wait();
        return DistanceEvaluator::evaluate(board, toMove);
    }
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override {
        wait();
        return DistanceEvaluator::evaluateWithCells(board, toMove, cellValues);
    }
    int calls = 0;

private:
    void wait() {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
};

// With even depths deciding and a clock, an odd iteration past the first starts only when,
// three times as long as the last one, it would end before the soft deadline: otherwise the
// even one after it could not start, and the move's rest goes to the caller. With the soft
// deadline at twice the time depths 1 and 2 take, depth 3 starts only without the rule; at ten
// times, with it too.
TEST(Search, EvenDepthMovesStartNoLateOddIteration) {
    const Board board = boardWith(6, "c3", "");
    SearchLimits limits = depthLimits(2, 6, true);
    const auto timeToDepthTwo = [&] {
        TranspositionTable table(kSearchTestTableMb);
        SlowDistanceEvaluator evaluator;
        Search search(table, evaluator);
        const auto start = SteadyClock::now();
        search.run(board, Color::White, limits);
        return SteadyClock::now() - start;
    }();
    limits.maxDepth = 3;
    const auto evaluationsAfterDepthTwo = [&](bool evenDepths, int softInDepthTwos) {
        TranspositionTable table(kSearchTestTableMb);
        SlowDistanceEvaluator evaluator;
        Search search(table, evaluator);
        int atDepthTwo = -1;
        SearchCallbacks callbacks;
        callbacks.onIteration = [&](const IterationInfo& info) {
            if (info.depth == 2)
                atDepthTwo = evaluator.calls;
        };
        limits.evenDepthMoves = evenDepths;
        const auto start = SteadyClock::now();
        const auto soft = start + softInDepthTwos * timeToDepthTwo;
        limits.time = Deadlines{soft, soft + std::chrono::milliseconds(100)};
        search.run(board, Color::White, limits, callbacks);
        EXPECT_GE(atDepthTwo, 0) << "depth 2 did not finish";
        return evaluator.calls - atDepthTwo;
    };
    EXPECT_EQ(evaluationsAfterDepthTwo(true, 2), 0);
    EXPECT_GT(evaluationsAfterDepthTwo(false, 2), 0);
    EXPECT_GT(evaluationsAfterDepthTwo(true, 10), 0);
}

// A proof found at an odd depth stands: it cannot change with more depth.
TEST(Search, EvenDepthMovesKeepAnOddDepthProof) {
    int oddProofs = 0;
    for (const auto& [black, white] : {std::pair{"b2", "c2"},
                                       {"b3", "c2"},
                                       {"c2", "b3"},
                                       {"b2 c3", "c2 b3"},
                                       {"a3 c2", "b2 d2"},
                                       {"b2", "a3"}}) {
        const Board board = boardWith(4, black, white);
        SearchLimits limits = depthLimits(9, 15, true);
        const SearchResult plain = searchOnce(board, Color::Black, limits);
        if (!isProvenScore(plain.score) || plain.depth < 3 || plain.depth % 2 == 0)
            continue;
        ++oddProofs;
        limits.evenDepthMoves = true;
        const SearchResult even = searchOnce(board, Color::Black, limits);
        EXPECT_EQ(even.score, plain.score) << black << " / " << white;
        EXPECT_EQ(even.depth, plain.depth) << black << " / " << white;
        EXPECT_EQ(even.best, plain.best) << black << " / " << white;
    }
    EXPECT_GT(oddProofs, 0) << "no position proven at an odd depth of 3 or more";
}

// A proven win must be found at a depth that sees it, and not before.
TEST(Search, DoesNotClaimWinBeyondTheHorizon) {
    const Board board(3, 3);
    const SearchResult r = searchOnce(board, Color::Black, depthLimits(2, 15, true));
    EXPECT_FALSE(isProvenScore(r.score));
    EXPECT_EQ(r.depth, 2);
}

// Random small positions against plain minimax, with and without the table: the exact value (win
// or loss and its distance) at full width; at width 2 the right outcome, because proven losses
// widen the search, at a distance no shorter than the truth. With the pattern search (pruning and
// connections) the right outcome at either width.
TEST(Search, MatchesExactMinimaxOnSmallBoards) {
    constexpr int kFullWidth = 100;
    SplitMix rng(20240601);
    int checked = 0;
    int wins = 0;
    while (checked < 60) {
        const int n = checked % 2 == 0 ? 3 : 4;
        Board board(n, n);
        const int stones = n == 3 ? 1 + rng.below(4) : 8 + rng.below(4);
        if (!testing::randomPosition(board, stones, rng))
            continue;
        const Color toMove = stones % 2 == 0 ? Color::Black : Color::White;
        Board copy = board;
        const Score exact = testing::exactValue(copy, toMove);
        wins += exact > 0 ? 1 : 0;
        for (int width : {2, kFullWidth}) {
            for (bool useTT : {false, true}) {
                const SearchLimits limits = depthLimits(board.emptyCount(), width, useTT);
                const std::string where = "position " + std::to_string(checked) + " width " +
                                          std::to_string(width) + " useTT " + std::to_string(useTT);
                const Score patternValue = searchValue(board, toMove, withPatternSearch(limits));
                ASSERT_GT(exact > 0 ? patternValue : -patternValue, kMaxEval) << where;
                const Score value = searchValue(board, toMove, limits);
                if (width == kFullWidth) {
                    ASSERT_EQ(value, exact) << where;
                } else if (exact > 0) {
                    // The winner may miss its fastest win among the unsearched moves.
                    ASSERT_GT(value, kMaxEval) << where;
                    ASSERT_LE(value, exact) << where;
                } else {
                    ASSERT_LT(value, -kMaxEval) << where;
                    ASSERT_GE(value, exact) << where;
                }
                const SearchResult r = searchOnce(board, toMove, limits);
                ASSERT_NE(r.best, kNoCell);
                EXPECT_TRUE(board.isEmpty(r.best));
            }
        }
        ++checked;
    }
    // Both outcomes occur, so neither a constant nor a sign error passes.
    EXPECT_GT(wins, 5);
    EXPECT_LT(wins, 55);
}

TEST(Search, IdenticalSearchesGiveIdenticalNodeCounts) {
    const Board board = boardWith(7, "d4 c5 e2", "c4 e3 b6");
    const SearchLimits limits = depthLimits(4, 8, true);
    const SearchResult a = searchOnce(board, Color::White, limits);
    const SearchResult b = searchOnce(board, Color::White, limits);
    EXPECT_GT(a.nodes, 1000u);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.pv, b.pv);
}

// With full width, the table (including the shared entries of rotated positions) must not
// change the fixed-depth minimax value, only the work.
TEST(Search, TableKeepsTheFullWidthValue) {
    SplitMix rng(77);
    std::uint64_t plainNodes = 0;
    std::uint64_t tableNodes = 0;
    testing::forRandomPositions(5, 8, 3, 6, rng, [&](const Board& board, Color toMove, int index) {
        for (int depth : {2, 3, 4}) {
            const SearchResult plain = searchOnce(board, toMove, depthLimits(depth, 100, false));
            const SearchResult withTable = searchOnce(board, toMove, depthLimits(depth, 100, true));
            EXPECT_EQ(plain.score, withTable.score) << "position " << index << " depth " << depth;
            plainNodes += plain.nodes;
            tableNodes += withTable.nodes;
        }
        return true;
    });
    EXPECT_LT(tableNodes, plainNodes);
}

TEST(Search, RootScoresCoverEveryMoveBestFirst) {
    const Board board = boardWith(5, "c3", "");
    SearchLimits limits = depthLimits(2, 5, true);
    int iterations = 0;
    SearchCallbacks callbacks;
    callbacks.onIteration = [&](const IterationInfo& info) {
        ++iterations;
        EXPECT_EQ(info.depth, iterations);
        EXPECT_FALSE(info.pv.empty());
    };
    TranspositionTable table(kSearchTestTableMb);
    DistanceEvaluator evaluator;
    Search search(table, evaluator);
    const SearchResult r = search.run(board, Color::White, limits, callbacks);
    EXPECT_EQ(iterations, 2);
    const std::vector<RootMoveScore>& reported = r.rootScores;
    ASSERT_EQ(reported.size(), 24u);
    EXPECT_EQ(reported.front().cell, r.best);
    EXPECT_TRUE(reported.front().exact);
    EXPECT_EQ(reported.front().score, r.score);
    for (std::size_t i = 1; i < reported.size(); ++i)
        EXPECT_LE(reported[i].score, reported[i - 1].score);
}

// A root width searches that many root moves per iteration, and reports only those.
TEST(Search, RootWidthSearchesOnlyTheBestRootMoves) {
    const Board board = boardWith(5, "c3", "");
    SearchLimits limits = depthLimits(3, 5, true);
    const SearchResult all = searchOnce(board, Color::White, limits);
    limits.rootWidth = 4;
    const SearchResult narrow = searchOnce(board, Color::White, limits);
    EXPECT_EQ(all.rootScores.size(), 24u);
    EXPECT_EQ(narrow.rootScores.size(), 4u);
    EXPECT_LT(narrow.nodes, all.nodes);
    EXPECT_TRUE(board.isEmpty(narrow.best));
}

// A loss is proven only when every root move is refuted, so past the root width the search
// goes on while all moves so far lose: the same proven result as at full width.
TEST(Search, RootWidthStillProvesALoss) {
    const Board board = boardWith(3, "b2", ""); // the centre's two bridges win for Black
    SearchLimits limits = depthLimits(8, 15, true);
    const SearchResult all = searchOnce(board, Color::White, limits);
    limits.rootWidth = 1;
    const SearchResult narrow = searchOnce(board, Color::White, limits);
    ASSERT_TRUE(all.score < -kMaxEval);
    EXPECT_EQ(narrow.score, all.score);
}

TEST(Search, NodeLimitStopsDeterministically) {
    const Board board = boardWith(9, "e5", "d6");
    SearchLimits limits = depthLimits(30, 10, true);
    limits.maxNodes = 5000;
    const SearchResult a = searchOnce(board, Color::Black, limits);
    const SearchResult b = searchOnce(board, Color::Black, limits);
    EXPECT_LE(a.nodes, 5001u);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.best, b.best);
    EXPECT_TRUE(board.isEmpty(a.best));
}

TEST(Search, StopFunctionReturnsALegalMoveAtOnce) {
    const Board board = boardWith(11, "f6", "");
    SearchLimits limits = depthLimits(30, 15, true);
    std::atomic<int> calls{0};
    limits.shouldStop = [&calls] { return ++calls > 3; };
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = searchOnce(board, Color::White, limits);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 2.0);
    EXPECT_LE(r.nodes, 8U); // polled at every node
    ASSERT_NE(r.best, kNoCell);
    EXPECT_TRUE(board.isEmpty(r.best));
}

TEST(Search, HardDeadlineIsRespected) {
    const Board board = boardWith(11, "f6", "e7");
    SearchLimits limits = depthLimits(60, 20, true);
    const auto start = SteadyClock::now();
    limits.time =
        Deadlines{start + std::chrono::milliseconds(200), start + std::chrono::milliseconds(300)};
    const SearchResult r = searchOnce(board, Color::Black, limits);
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
    // Generous: sanitizer builds evaluate slowly between two checks.
    EXPECT_LT(seconds, 1.5);
    EXPECT_GE(r.depth, 1);
    EXPECT_TRUE(board.isEmpty(r.best));
}

} // namespace
} // namespace hex
