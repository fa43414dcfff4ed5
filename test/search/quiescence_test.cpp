// Quiescence at the leaves (search/quiescence.cpp): its value against a direct recursion, its
// switch, and that it never turns a heuristic leaf into a proof.
#include "search/search.h"
#include "search/tactics.h"

#include "test/search/distance_evaluator.h"
#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
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
