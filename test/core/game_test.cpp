#include "core/game.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

Cell at(const Game& game, const char* name) { return *game.geometry().parse(name); }

TEST(Game, SideToMoveFollowsTheLastMover) {
    Game game(5, 5);
    EXPECT_EQ(game.toMove(), Color::Black);
    game.play(Color::White, Move::stone(at(game, "c3"))); // White on an empty board is allowed
    EXPECT_EQ(game.toMove(), Color::Black);
    game.play(Color::White, Move::stone(at(game, "c4"))); // repeated colours too
    EXPECT_EQ(game.toMove(), Color::Black);
    game.undo();
    game.undo();
    EXPECT_EQ(game.toMove(), Color::Black);
    EXPECT_EQ(game.board().stoneCount(), 0);
}

TEST(Game, RefusesOccupiedCellsAndSwapsWithoutALoneStone) {
    Game game(5, 5);
    EXPECT_TRUE(game.whyIllegal(Color::White, Move::swapPieces()));
    game.play(Color::Black, Move::stone(at(game, "b2")));
    EXPECT_TRUE(game.whyIllegal(Color::White, Move::stone(at(game, "b2"))));
    EXPECT_FALSE(game.whyIllegal(Color::White, Move::swapPieces()));
    game.play(Color::White, Move::stone(at(game, "c3")));
    EXPECT_TRUE(game.whyIllegal(Color::Black, Move::swapSides()));
}

TEST(Game, OnlyOneSwapPerGame) {
    for (const Move first : {Move::swapPieces(), Move::swapSides()}) {
        Game game(5, 5);
        game.play(Color::Black, Move::stone(at(game, "b2")));
        game.play(Color::White, first);
        const Color next = game.toMove();
        EXPECT_EQ(game.board().stoneCount(), 1);
        for (const Move second : {Move::swapPieces(), Move::swapSides()})
            EXPECT_EQ(game.whyIllegal(next, second), "the game has had its swap already");
        EXPECT_FALSE(game.swapPossible());
        game.undo();
        EXPECT_TRUE(game.swapPossible());
    }
}

TEST(Game, SwapPiecesMirrorsAndRecolours) {
    Game game(11, 11);
    game.play(Color::Black, Move::stone(at(game, "d2")));
    const Key before = game.board().key();
    game.play(Color::White, Move::swapPieces());
    EXPECT_TRUE(game.board().has(at(game, "b4"), Color::White));
    EXPECT_TRUE(game.board().isEmpty(at(game, "d2")));
    EXPECT_EQ(game.toMove(), Color::Black);
    game.undo();
    EXPECT_TRUE(game.board().has(at(game, "d2"), Color::Black));
    EXPECT_EQ(game.board().key(), before);
    EXPECT_EQ(game.toMove(), Color::White);
}

TEST(Game, SwapSidesKeepsTheBoardAndTheMover) {
    Game game(11, 9);
    game.play(Color::Black, Move::stone(at(game, "c3")));
    EXPECT_TRUE(game.whyIllegal(Color::White, Move::swapPieces())); // not square
    game.play(Color::White, Move::swapSides());
    EXPECT_TRUE(game.board().has(at(game, "c3"), Color::Black));
    EXPECT_EQ(game.toMove(), Color::White);
    game.play(Color::White, Move::stone(at(game, "e5")));
    game.undo();
    game.undo();
    EXPECT_EQ(game.toMove(), Color::White);
    EXPECT_EQ(game.history().size(), 1u);
}

} // namespace
} // namespace hex
