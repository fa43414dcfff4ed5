// The evaluator's own connections inside the search (SearchLimits::evaluatorConnections): what
// they say of a position is true, the evaluators tell them only for the position they last
// built on, and the search that prunes and proves with them proves only true results.
#include "search/search.h"

#include "connections/game_state.h"
#include "eval/evaluator.h"
#include "eval/network/network.h"
#include "eval/network/random_weights.h"
#include "solver/solver.h"
#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hex {
namespace {

std::vector<int> cellBuffer(const Board& board) {
    return std::vector<int>(static_cast<std::size_t>(board.geometry().cellCount()));
}

// Ground truth on random 5x5 positions: a winner the resistance evaluator's connections name is
// the solver's, and every empty cell outside their must-play set loses (the solver proves the
// position after it won for the opponent).
TEST(NodeConnections, TheEvaluatorsWinnerAndMustPlayAgreeWithTheSolver) {
    auto evaluator = eval::makeEvaluator("resistance");
    Solver solver;
    SplitMix rng(2026120701);
    int decided = 0;
    int narrowed = 0;
    testing::forRandomPositions(5, 160, 5, 8, rng, [&](Board& board, Color toMove, int index) {
        std::vector<int> cells = cellBuffer(board);
        evaluator->evaluateWithCells(board, toMove, cells);
        const std::optional<GameState> state = evaluator->connectionState(board, toMove);
        EXPECT_TRUE(state.has_value()) << "position " << index;
        if (!state)
            return false;
        if (state->winner) {
            ++decided;
            EXPECT_EQ(solver.solve(board, toMove).winner, state->winner) << "position " << index;
            return true;
        }
        const CellSet outside = emptyCellSet(board) - state->mustPlay;
        narrowed += outside.any() ? 1 : 0;
        for (Cell c = outside.first(); c != kNoCell; c = outside.nextFrom(c + 1)) {
            board.play(c, toMove);
            EXPECT_FALSE(board.winner().has_value());
            EXPECT_EQ(solver.solve(board, opponent(toMove)).winner, opponent(toMove))
                << "position " << index << " move " << board.geometry().name(c);
            board.undo();
        }
        return true;
    });
    // Both kinds of answer were checked, many times.
    EXPECT_GT(decided, 20);
    EXPECT_GT(narrowed, 20);
}

// An evaluator answers for the position of its last evaluation (a value alone builds the
// connections too), never for another one; an evaluator without connections never answers.
TEST(NodeConnections, EvaluatorsAnswerOnlyForThePositionTheyLastBuiltOn) {
    eval::EvaluatorConfig withNet;
    withNet.network =
        std::make_shared<const eval::network::Network>(eval::network::randomWeights(4, 1, 4, 7));
    const Board first = testing::boardWith(7, "d2 c5", "b4");
    const Board second = testing::boardWith(7, "d2 c5 e3", "b4");
    const Board larger = testing::boardWith(8, "d2 c5", "b4"); // the same stones, another size
    for (const auto& [name, config] :
         {std::pair{std::string("resistance"), eval::EvaluatorConfig{}},
          std::pair{std::string("network"), withNet}}) {
        auto evaluator = eval::makeEvaluator(name, config);
        ASSERT_NE(evaluator, nullptr) << name;
        EXPECT_FALSE(evaluator->connectionState(first, Color::White).has_value()) << name;
        std::vector<int> cells = cellBuffer(first);
        evaluator->evaluateWithCells(first, Color::White, cells);
        EXPECT_TRUE(evaluator->connectionState(first, Color::White).has_value()) << name;
        EXPECT_TRUE(evaluator->connectionState(first, Color::Black).has_value()) << name;
        EXPECT_FALSE(evaluator->connectionState(second, Color::White).has_value()) << name;
        EXPECT_FALSE(evaluator->connectionState(larger, Color::White).has_value()) << name;
        evaluator->evaluate(second, Color::White);
        EXPECT_TRUE(evaluator->connectionState(second, Color::White).has_value()) << name;
        EXPECT_FALSE(evaluator->connectionState(first, Color::White).has_value()) << name;
    }
    for (const auto& [name, links] :
         {std::pair{"twodistance", "vc"}, std::pair{"resistance", "bridges"}}) {
        eval::EvaluatorConfig config;
        config.resistanceLinks = links;
        auto evaluator = eval::makeEvaluator(name, config);
        std::vector<int> cells = cellBuffer(first);
        evaluator->evaluateWithCells(first, Color::White, cells);
        EXPECT_FALSE(evaluator->connectionState(first, Color::White).has_value()) << name;
    }
}

SearchLimits narrowSearch(int depth, bool evaluatorConnections) {
    SearchLimits limits;
    limits.maxDepth = depth;
    limits.width = 4;
    limits.rootWidth = 6;
    limits.connectionsMaxEmpty = 0; // the evaluator's connections alone below the root
    limits.quiescenceMoves = 2;
    limits.quiescencePlies = 2;
    limits.evaluatorConnections = evaluatorConnections;
    return limits;
}

SearchResult searchWithResistance(const Board& board, Color toMove, const SearchLimits& limits) {
    TranspositionTable table(testing::kSearchTestTableMb);
    auto evaluator = eval::makeEvaluator("resistance");
    Search search(table, *evaluator);
    return search.run(board, toMove, limits);
}

// Narrow searches on random 6x6 positions, with the quiescence: the connections change the
// search in most positions, and every result it proves with them is the solver's.
TEST(NodeConnections, ProvenScoresAgreeWithTheSolver) {
    Solver solver;
    SplitMix rng(2026120702);
    int proven = 0;
    int changed = 0;
    testing::forRandomPositions(6, 60, 8, 8, rng, [&](Board& board, Color toMove, int index) {
        const SearchResult with = searchWithResistance(board, toMove, narrowSearch(4, true));
        const SearchResult without = searchWithResistance(board, toMove, narrowSearch(4, false));
        changed += with.nodes != without.nodes ? 1 : 0;
        if (isProvenScore(with.score)) {
            ++proven;
            EXPECT_EQ(solver.solve(board, toMove).winner == toMove, with.score > 0)
                << "position " << index;
        }
        return true;
    });
    EXPECT_GT(proven, 15);
    EXPECT_GT(changed, 12);
}

} // namespace
} // namespace hex
