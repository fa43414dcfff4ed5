#include "protocol/sgf.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

Game load(std::string_view text) {
    auto record = sgf::parse(text);
    if (auto* error = std::get_if<std::string>(&record))
        ADD_FAILURE() << *error;
    auto game = sgf::replay(std::get<sgf::Record>(record), SIZE_MAX);
    if (auto* error = std::get_if<std::string>(&game))
        ADD_FAILURE() << *error;
    return std::get<Game>(std::move(game));
}

std::string errorOf(std::string_view text) {
    auto record = sgf::parse(text);
    if (auto* error = std::get_if<std::string>(&record))
        return *error;
    auto game = sgf::replay(std::get<sgf::Record>(record), SIZE_MAX);
    if (auto* error = std::get_if<std::string>(&game))
        return *error;
    return "";
}

TEST(Sgf, ReadsHexGuiFilesWithVariationsAndSwaps) {
    const Game game = load("(;FF[4]GM[11]SZ[11]AP[Foo:1.0]PB[alice]PW[bob];B[c3];W[swap-pieces];"
                           "B[f6](;W[e7]C[main line])(;W[resign]))");
    ASSERT_EQ(game.history().size(), 4u);
    const Geometry& g = game.geometry();
    EXPECT_TRUE(game.board().has(*g.parse("c3"), Color::White)); // mirrored c3 is c3
    EXPECT_TRUE(game.board().has(*g.parse("e7"), Color::White));
    EXPECT_EQ(sgf::write(game, "OhmHex:0.1.0"),
              "(;AP[OhmHex:0.1.0]FF[4]GM[11]SZ[11];B[c3];W[swap-pieces];B[f6];W[e7])\n");
}

TEST(Sgf, ReadsRectangularLittleGolemAndOldHexGuiSwaps) {
    const Game game = load("(;FF[4]GM[11]SZ[13:11];B[aa];W[swap];B[cc])");
    EXPECT_EQ(game.geometry().width(), 13);
    EXPECT_EQ(game.geometry().height(), 11);
    EXPECT_EQ(game.history()[1].move, Move::swapSides());
    EXPECT_TRUE(game.board().has(*game.geometry().parse("a1"), Color::Black));
    EXPECT_TRUE(game.board().has(*game.geometry().parse("c3"), Color::Black));
    const Game old = load("(;AP[HexGui:0.9]FF[4]GM[11]SZ[9];B[c3];W[swap-pieces])");
    EXPECT_EQ(old.history()[1].move, Move::swapSides());
}

TEST(Sgf, SetupStonesBecomePlays) {
    const Game game = load("(;FF[4]GM[11]SZ[5]AB[a1][b2]AW[c3];W[d4])");
    EXPECT_EQ(game.board().stoneCount(Color::Black), 2);
    EXPECT_EQ(game.board().stoneCount(Color::White), 2);
}

TEST(Sgf, WriteThenReadIsTheSameGame) {
    Game game(7, 5);
    game.play(Color::Black, Move::stone(3));
    game.play(Color::White, Move::swapSides());
    game.play(Color::White, Move::stone(10));
    const Game again = load(sgf::write(game, "OhmHex:0.1.0"));
    EXPECT_EQ(again.board().key(), game.board().key());
    EXPECT_EQ(again.toMove(), game.toMove());
    EXPECT_EQ(again.history().size(), game.history().size());
}

TEST(Sgf, RefusesBrokenAndForeignFiles) {
    for (const char* text :
         {"", "garbage", "(", "(;", "(;FF[4]GM[11]SZ[5];B[a1]", "(;FF[4]GM[11]SZ[5];B[a1](;W[b2])",
          "(;FF[4]GM[1]SZ[19])", "(;FF[5]GM[11])", "(;GM[11]SZ[20])", "(;GM[11]SZ[0])",
          "(;GM[11]SZ[x])", "(;GM[11]SZ[5];B[z9])", "(;GM[11]SZ[5];B[a1];W[a1])",
          "(;GM[11]SZ[5];B[a1];W[b1];B[swap-pieces])", "(;GM[11]SZ[5:6];B[a1];W[swap-pieces])",
          "(;GM[11]SZ[5];B[a1)", "(;GM[11]SZ[5];B)", "(;GM[11]SZ[5]\\;B[a1])", "()"}) {
        EXPECT_FALSE(errorOf(text).empty()) << text;
    }
}

TEST(Sgf, RefusesTrailingTextAndASecondSwap) {
    EXPECT_EQ(errorOf("(;GM[11]SZ[5];B[a1])garbage"), "unexpected text after the SGF game");
    EXPECT_EQ(errorOf("(;GM[11]SZ[5];B[a1])(;GM[11]SZ[5])"), "unexpected text after the SGF game");
    EXPECT_EQ(errorOf("(;GM[11]SZ[5];B[a1]) \n\t "), "") << "trailing white space is fine";
    EXPECT_EQ(errorOf("(;GM[11]SZ[5];B[c3];W[swap-pieces];B[swap-pieces])"),
              "move 3 (swap-pieces) is illegal: the game has had its swap already");
    EXPECT_EQ(errorOf("(;GM[11]SZ[5];B[c3];W[swap-sides];W[swap-sides])"),
              "move 3 (swap-sides) is illegal: the game has had its swap already");
}

TEST(Sgf, AMoveLimitStopsTheReplay) {
    auto record = sgf::parse("(;GM[11]SZ[5];B[a1];W[b1];B[c1])");
    auto game = sgf::replay(std::get<sgf::Record>(record), 2);
    EXPECT_EQ(std::get<Game>(game).history().size(), 2u);
}

} // namespace
} // namespace hex
