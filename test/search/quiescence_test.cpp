// Quiescence at the leaves (search/quiescence.cpp): its value against a direct recursion, its
// switch, and that it never turns a heuristic leaf into a proof.
#include "search/search.h"
#include "search/tactics.h"

#include "test/search/distance_evaluator.h"
#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hex {
namespace {

using testing::DistanceEvaluator;
using testing::searchOnce;

// Depth 1 over every root move, without the knowledge that would bypass the leaves.
SearchLimits plainDepthOne(int moves, int plies) {
    SearchLimits limits;
    limits.maxDepth = 1;
    limits.rootWidth = 0;
    limits.usePatterns = false;
    limits.connectionsMaxEmpty = 0;
    limits.rootConnectionsMaxEmpty = 0;
    limits.pruneInferiorAtRoot = false;
    limits.quiescenceMoves = moves;
    limits.quiescencePlies = plies;
    return limits;
}

// The definition, written out: stand pat, or one of the `moves` best cells by the evaluator's
// values (ties to the lower index), for `plies` plies.
Score quiescenceValue(Board& board, Color toMove, int moves, int plies) {
    DistanceEvaluator evaluator;
    std::vector<int> values(static_cast<std::size_t>(board.geometry().cellCount()));
    const Score standPat =
        std::clamp(evaluator.evaluateWithCells(board, toMove, values), -kMaxEval, kMaxEval);
    if (plies == 0)
        return standPat;
    std::vector<Cell> cells = board.emptyCells();
    std::sort(cells.begin(), cells.end(), [&](Cell a, Cell b) {
        const int va = values[static_cast<std::size_t>(a)];
        const int vb = values[static_cast<std::size_t>(b)];
        return va != vb ? va > vb : a < b;
    });
    cells.resize(std::min(cells.size(), static_cast<std::size_t>(moves)));
    Score best = standPat;
    for (const Cell c : cells) {
        board.play(c, toMove);
        best = std::max(
            best, static_cast<Score>(-quiescenceValue(board, opponent(toMove), moves, plies - 1)));
        board.undo();
    }
    return best;
}

// Whether a root move leaves a leaf that the search decides by its immediate-win rules before
// the quiescence (a win for the opponent, or two winning cells of the mover).
bool leafIsTactical(Board& board, Color mover) {
    for (const Cell m : board.emptyCells()) {
        board.play(m, mover);
        const bool tactical = board.winner() ||
                              findWinningCells(board, opponent(mover), 1).count > 0 ||
                              findWinningCells(board, mover, 2).count >= 2;
        board.undo();
        if (tactical)
            return true;
    }
    return false;
}

TEST(Quiescence, DepthOneValueIsTheBestRootMoveOverTheQuiescenceOfItsLeaf) {
    SplitMix rng(20261127);
    int changed = 0;
    testing::forRandomPositions(6, 40, 4, 6, rng, [&](Board& board, Color mover, int index) {
        if (findWinningCells(board, mover, 1).count > 0 || leafIsTactical(board, mover))
            return false;
        for (const auto& [moves, plies] : {std::pair{2, 1}, std::pair{3, 2}}) {
            Score expected = -kInfinity;
            for (const Cell m : board.emptyCells()) {
                board.play(m, mover);
                expected = std::max(expected, static_cast<Score>(-quiescenceValue(
                                                  board, opponent(mover), moves, plies)));
                board.undo();
            }
            const SearchResult r = searchOnce(board, mover, plainDepthOne(moves, plies));
            EXPECT_EQ(r.score, expected)
                << "position " << index << " moves " << moves << " plies " << plies;
            const SearchResult plain = searchOnce(board, mover, plainDepthOne(0, 0));
            changed += r.score != plain.score ? 1 : 0;
        }
        return true;
    });
    // The quiescence changes the value in many positions, so the comparison is not of the
    // static value with itself.
    EXPECT_GT(changed, 20);
}

// Whether a winning cell of either side exists at the node or within `plies` moves of it (the
// search's immediate-win and forced-block rules would then decide before the leaves).
bool tacticsWithin(Board& board, Color toMove, int plies) {
    if (board.winner() || findWinningCells(board, Color::Black, 1).count > 0 ||
        findWinningCells(board, Color::White, 1).count > 0)
        return true;
    if (plies == 0)
        return false;
    for (const Cell m : board.emptyCells()) {
        board.play(m, toMove);
        const bool tactical = tacticsWithin(board, opponent(toMove), plies - 1);
        board.undo();
        if (tactical)
            return true;
    }
    return false;
}

// Plain negamax to `depth` over quiescent leaves.
Score negamax(Board& board, Color toMove, int depth, int moves, int plies) {
    if (depth == 0)
        return quiescenceValue(board, toMove, moves, plies);
    Score best = -kInfinity;
    for (const Cell m : board.emptyCells()) {
        board.play(m, toMove);
        best = std::max(
            best, static_cast<Score>(-negamax(board, opponent(toMove), depth - 1, moves, plies)));
        board.undo();
    }
    return best;
}

// At depth 2 the search runs a static pass, then the quiescent one, through one transposition
// table: its value is still the quiescent negamax, so the second pass took none of the first's
// scores for its own.
TEST(Quiescence, DepthTwoValueIsTheNegamaxOverQuiescentLeaves) {
    SplitMix rng(20261128);
    int changed = 0;
    testing::forRandomPositions(5, 20, 3, 4, rng, [&](Board& board, Color mover, int index) {
        if (tacticsWithin(board, mover, 2))
            return false;
        SearchLimits limits = plainDepthOne(2, 2);
        limits.maxDepth = 2;
        limits.width = board.emptyCount();
        const SearchResult r = searchOnce(board, mover, limits);
        EXPECT_EQ(r.score, negamax(board, mover, 2, 2, 2)) << "position " << index;
        EXPECT_EQ(r.depth, 2);
        changed += r.score != negamax(board, mover, 2, 0, 0) ? 1 : 0;
        return true;
    });
    EXPECT_GT(changed, 5);
}

// Each depth that decides the move (every one, or the even ones and the first with
// evenDepthMoves) gets a static pass, then a quiescent one.
TEST(Quiescence, EachDecidingDepthHasAStaticThenAQuiescentPass) {
    const Board board = testing::boardWith(6, "c3 d4", "c4");
    for (const bool evenDepths : {false, true}) {
        SearchLimits limits = plainDepthOne(2, 2);
        limits.maxDepth = 4;
        limits.rootWidth = 6;
        limits.width = 4;
        limits.evenDepthMoves = evenDepths;
        std::string passes;
        SearchCallbacks callbacks;
        callbacks.onIteration = [&](const IterationInfo& info) {
            passes += std::to_string(info.depth) + (info.quiescence ? "q " : " ");
        };
        TranspositionTable table(testing::kSearchTestTableMb);
        DistanceEvaluator evaluator;
        Search search(table, evaluator);
        search.run(board, Color::Black, limits, callbacks);
        EXPECT_EQ(passes, evenDepths ? "1 1q 2 2q 3 4 4q " : "1 1q 2 2q 3 3q 4 4q ");
    }
}

// A quiescent pass stopped at once leaves the static pass's move, and one stopped part of the
// way replaces it only by a move that the whole quiescent pass scores higher.
TEST(Quiescence, AStoppedQuiescentPassKeepsTheStaticMoveUnlessItFoundBetter) {
    SplitMix rng(27112026);
    int replaced = 0;
    int changedByThePass = 0;
    // A fixed number of draws (not of accepted positions), so that a search broken so as never
    // to change its move fails here instead of drawing forever.
    for (int index = 0; index < 120; ++index) {
        std::optional<testing::RandomPosition> drawn =
            testing::drawPosition(6, 6 + rng.below(6), rng);
        if (!drawn)
            continue;
        Board& board = drawn->board;
        const Color mover = drawn->toMove;
        SearchLimits limits = plainDepthOne(3, 2);
        limits.maxDepth = 2;
        limits.rootWidth = 8;
        limits.width = 6;
        std::uint64_t afterStaticPass = 0;
        Cell staticBest = kNoCell;
        SearchCallbacks callbacks;
        callbacks.onIteration = [&](const IterationInfo& info) {
            if (info.depth == 2 && !info.quiescence) {
                afterStaticPass = info.nodes;
                staticBest = info.pv.front();
            }
        };
        TranspositionTable table(testing::kSearchTestTableMb);
        DistanceEvaluator evaluator;
        Search search(table, evaluator);
        const SearchResult full = search.run(board, mover, limits, callbacks);
        // Only positions where the whole quiescent pass changes the move: stopped on the way,
        // it may or may not have found the better one yet.
        if (isProvenScore(full.score) || afterStaticPass == 0 || full.best == staticBest)
            continue;
        ++changedByThePass;
        // The node after the static pass's last one is the quiescent pass's first: stopped there.
        limits.maxNodes = afterStaticPass + 1;
        const SearchResult atOnce = searchOnce(board, mover, limits);
        EXPECT_EQ(atOnce.best, staticBest) << "position " << index;
        EXPECT_EQ(atOnce.depth, 2) << "position " << index;
        // The whole pass's root scores: exact for the first move (a full window at depth 2)
        // and for every move that raised alpha.
        const auto scoreOf = [&](Cell c) {
            for (const RootMoveScore& s : full.rootScores)
                if (s.cell == c)
                    return s.score;
            return -kInfinity;
        };
        for (std::uint64_t eighths = 1; eighths < 8; ++eighths) {
            limits.maxNodes = afterStaticPass + (full.nodes - afterStaticPass) * eighths / 8;
            const SearchResult part = searchOnce(board, mover, limits);
            if (part.best != staticBest) {
                ++replaced;
                EXPECT_GT(scoreOf(part.best), scoreOf(staticBest))
                    << "position " << index << " stopped after " << eighths << "/8";
            }
        }
    }
    EXPECT_GE(changedByThePass, 5);
    // Some stopped passes did replace the move, so the rule above was put to the test.
    EXPECT_GT(replaced, 0);
}

TEST(Quiescence, NoMovesOrNoPliesIsTheStaticLeaf) {
    const Board board = testing::boardWith(7, "d4 c5 e2", "c4 e3 b6");
    SearchLimits limits = plainDepthOne(0, 0);
    limits.maxDepth = 3;
    limits.rootWidth = 8;
    limits.width = 6;
    const SearchResult plain = searchOnce(board, Color::White, limits);
    for (const auto& [moves, plies] : {std::pair{0, 2}, std::pair{3, 0}}) {
        limits.quiescenceMoves = moves;
        limits.quiescencePlies = plies;
        const SearchResult r = searchOnce(board, Color::White, limits);
        EXPECT_EQ(r.nodes, plain.nodes);
        EXPECT_EQ(r.score, plain.score);
        EXPECT_EQ(r.best, plain.best);
    }
    limits.quiescenceMoves = 3;
    limits.quiescencePlies = 2;
    EXPECT_GT(searchOnce(board, Color::White, limits).nodes, plain.nodes);
}

// Short of the full depth, on small boards against minimax: a quiescence move can reach a won
// board, but a leaf's value stays heuristic, so every proven result is still the true one.
TEST(Quiescence, ProvenResultsStayExact) {
    SplitMix rng(11272026);
    int proven = 0;
    testing::forRandomPositions(4, 60, 7, 4, rng, [&](Board& board, Color toMove, int index) {
        Board copy = board;
        const Score exact = testing::exactValue(copy, toMove);
        SearchLimits limits = plainDepthOne(3, 2);
        limits.maxDepth = std::max(1, board.emptyCount() - 4);
        limits.rootWidth = 4;
        limits.width = 4;
        const SearchResult r = searchOnce(board, toMove, limits);
        if (isProvenScore(r.score)) {
            ++proven;
            EXPECT_EQ(r.score > 0, exact > 0) << "position " << index;
        }
        return true;
    });
    EXPECT_GT(proven, 10);
}

} // namespace
} // namespace hex
