// The solve commands' solver follows the engine's options.
#include "engine/engine.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

// solver_children_in_turn: the same winner as one search over the root's children, by another
// tree (6x6 f2, a win for Black that needs every White reply refuted).
TEST(SolveOptions, ChildrenInTurnFindTheSameWinnerAnotherWay) {
    const auto solve = [](const char* inTurn) {
        Engine engine;
        EXPECT_FALSE(engine.setOption("solver_children_in_turn", inTurn));
        engine.game() = Game(6, 6);
        engine.game().play(Color::Black, Move::stone(engine.game().geometry().cell(5, 1)));
        return engine.solve(Color::White, 60, [] { return false; });
    };
    const SolveResult plain = solve("0");
    const SolveResult inTurn = solve("1");
    EXPECT_EQ(plain.winner, Color::Black);
    EXPECT_EQ(inTurn.winner, Color::Black);
    EXPECT_NE(plain.stats.nodes, inTurn.stats.nodes);
}

} // namespace
} // namespace hex
