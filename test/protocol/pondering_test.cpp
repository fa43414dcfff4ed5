#include "test/support/htp_harness.h"

#include <gtest/gtest.h>

#include <string>

namespace hex {
namespace {

using Pondering = testing::HtpHarness;

// With `ponder` on, the solver works on after every genmove while the controller sends what it
// sends: every command still answers as without it, and the game's state is what the commands
// made it (ThreadSanitizer runs this suite: the ponder thread beside the engine's commands).
TEST_F(Pondering, EveryCommandAnswersWhileTheSolverPonders) {
    for (const char* line :
         {"boardsize 9 9", "param_ohmhex max_time 0.2", "param_ohmhex ponder 1", "play b e5"})
        payload(line);
    const std::string first = payload("genmove w");
    ASSERT_TRUE(engine.game().geometry().parse(first));
    payload("play b d7");
    payload("undo");
    payload("undo");
    payload("showboard");
    const std::string again = payload("genmove w");
    ASSERT_TRUE(engine.game().geometry().parse(again));
    payload("reg_genmove b");
    payload("time_left b 10 0");
    payload("genmove b");
    EXPECT_EQ(engine.game().board().stoneCount(), 3);
    // A new game and a new size while the solver ponders the old one.
    payload("clear_board");
    payload("genmove b");
    payload("boardsize 5 5");
    payload("genmove b");
    EXPECT_EQ(engine.game().board().stoneCount(), 1);
    payload("param_ohmhex ponder 0");
    payload("genmove w");
    EXPECT_EQ(engine.game().board().stoneCount(), 2);
}

// A game played to its end by genmove alone, pondering after every move: each side's ponder
// stops at the other's search, and a decided game leaves nothing to ponder.
TEST_F(Pondering, AGameOfGenmovesPlaysToTheEnd) {
    for (const char* line : {"boardsize 6 6", "param_ohmhex max_time 0.1", "param_ohmhex ponder 1"})
        payload(line);
    for (int move = 0; move < 36 && !engine.game().board().winner(); ++move)
        payload(move % 2 == 0 ? "genmove b" : "genmove w");
    EXPECT_TRUE(engine.game().board().winner());
}

} // namespace
} // namespace hex
