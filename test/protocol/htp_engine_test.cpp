#include "engine/engine.h"
#include "protocol/commands.h"
#include "test/support/htp_harness.h"

#include <gtest/gtest.h>

#include <chrono>

namespace hex {
namespace {

class Htp : public testing::HtpHarness {
protected:
    std::string board() { return run("showboard"); }
};

TEST_F(Htp, RepliesAreFramedWithASpaceAndOneBlankLine) {
    EXPECT_EQ(run("name"), "= OhmHex\n\n");
    EXPECT_EQ(run("boardsize 5 5"), "= \n\n");
    EXPECT_EQ(run("12 name"), "=12 OhmHex\n\n");
    EXPECT_EQ(run("7 nosuch"), "?7 unknown command 'nosuch'\n\n");
    EXPECT_EQ(run("protocol_version"), "= 2\n\n");
}

TEST_F(Htp, EmptyBlankAndCommentLinesGetNoReply) {
    for (const char* line : {"", "   ", "\t", "# interrupt", "#", "  # comment", "\r"})
        EXPECT_EQ(htp.execute(line), std::nullopt) << line;
}

TEST_F(Htp, ToleratesCrlfTabsAndTrailingComments) {
    EXPECT_EQ(run("play\tB\ta1\r"), "= \n\n");
    EXPECT_EQ(run("play w b2 # a comment"), "= \n\n");
    EXPECT_EQ(run("final_score"), "= cannot score\n\n");
}

TEST_F(Htp, BadInputIsRefusedAndChangesNothing) {
    run("boardsize 11 11");
    run("play b c3");
    const std::string before = board();
    for (const char* line : {"boardsize 0",
                             "boardsize 20",
                             "boardsize x",
                             "boardsize 5 5 5",
                             "play b c3",
                             "play b z99",
                             "play b a0",
                             "play b aa1",
                             "play b",
                             "play x a1",
                             "play b l1",
                             "play",
                             "play b swap-pieces extra",
                             "genmove",
                             "genmove purple",
                             "undo 3",
                             "time_left b x 0",
                             "time_settings 1 2",
                             "param_ohmhex nosuch 1",
                             "param_ohmhex allow_swap 2",
                             "loadsgf /nonexistent/file.sgf",
                             "known_command",
                             "play b \xff\xfe",
                             "\x01"
                             "nosuch \x7f"}) {
        const std::string reply = run(line);
        EXPECT_EQ(reply.substr(0, 2), "? ") << line << " -> " << reply;
        EXPECT_EQ(reply.substr(reply.size() - 2), "\n\n");
        EXPECT_EQ(reply.find("\n\n"), reply.size() - 2) << line;
        for (char ch : reply)
            EXPECT_TRUE(ch == '\n' || (ch >= 0x20 && ch < 0x7f)) << line;
        EXPECT_EQ(board(), before) << line;
    }
}

TEST_F(Htp, AVeryLongLineIsAnErrorNotACrash) {
    const std::string line = "play b " + std::string(1 << 20, 'a');
    const std::string reply = run(line);
    EXPECT_EQ(reply.substr(0, 2), "? ");
    EXPECT_LT(reply.size(), 200u);
}

TEST_F(Htp, SwapPiecesWithoutALoneStoneIsRefused) {
    EXPECT_EQ(run("play w swap-pieces").substr(0, 2), "? ");
    run("play b e5");
    run("play w f6");
    EXPECT_EQ(run("play b swap-pieces").substr(0, 2), "? ");
}

TEST_F(Htp, UndoWithNoHistoryIsRefused) {
    EXPECT_EQ(run("undo").substr(0, 2), "? ");
    run("play b a1");
    EXPECT_EQ(run("undo"), "= \n\n");
    EXPECT_EQ(run("undo").substr(0, 2), "? ");
}

TEST_F(Htp, ClientSwapPiecesKeepsTheHexGui09Meaning) {
    run("boardsize 11 11");
    run("play black d2");
    EXPECT_EQ(run("play white swap-pieces"), "= \n\n");
    EXPECT_TRUE(engine.game().board().has(*engine.game().geometry().parse("d2"), Color::Black));
    EXPECT_EQ(engine.game().toMove(), Color::White);
    EXPECT_EQ(run("undo"), "= \n\n");
    EXPECT_EQ(engine.game().history().size(), 1u);
}

TEST_F(Htp, GeneratedSwapMirrorsAndRecoloursByDefault) {
    run("boardsize 9 9");
    run("param_ohmhex allow_swap 1");
    run("play black e5");
    EXPECT_EQ(run("genmove white"), "= swap-pieces\n\n");
    EXPECT_TRUE(engine.game().board().has(*engine.game().geometry().parse("e5"), Color::White));
    EXPECT_EQ(engine.game().toMove(), Color::Black);
    run("undo");
    run("param_ohmhex swap_style sides");
    EXPECT_EQ(run("genmove white"), "= swap-pieces\n\n");
    EXPECT_TRUE(engine.game().board().has(*engine.game().geometry().parse("e5"), Color::Black));
    EXPECT_EQ(engine.game().toMove(), Color::White);
}

TEST_F(Htp, OnlyWhiteSwapsAndOnlyTheFirstMove) {
    run("boardsize 9 9");
    run("param_ohmhex allow_swap 1");
    run("param_ohmhex player onestep");
    run("play black e5");
    EXPECT_EQ(run("genmove white"), "= swap-pieces\n\n");
    // Black now faces a lone White stone: swapping back would never end.
    EXPECT_NE(run("genmove black"), "= swap-pieces\n\n");
    // HexGui 0.10 rebuilds a swapped game as a lone White stone: no swap back either.
    run("clear_board");
    run("play white e5");
    EXPECT_NE(run("genmove black"), "= swap-pieces\n\n");
    // And never a swap later in the game.
    run("clear_board");
    run("play black e5");
    run("play white swap-sides");
    EXPECT_NE(run("genmove white"), "= swap-pieces\n\n");
}

TEST_F(Htp, GenmovePlaysInternallyAndResignsOnlyWhenDecided) {
    run("boardsize 3 3");
    const std::string reply = run("genmove b");
    ASSERT_EQ(reply.substr(0, 2), "= ");
    const auto cell = engine.game().geometry().parse(reply.substr(2, reply.size() - 4));
    ASSERT_TRUE(cell);
    EXPECT_TRUE(engine.game().board().has(*cell, Color::Black));
    run("clear_board");
    for (const char* move : {"a1", "b1", "c1"})
        run(std::string("play w ") + move);
    EXPECT_EQ(run("final_score"), "= W+\n\n");
    EXPECT_EQ(run("genmove b"), "= resign\n\n");
    // The winner still gets a legal cell.
    const std::string winner = run("genmove w");
    EXPECT_TRUE(engine.game().geometry().parse(winner.substr(2, winner.size() - 4)));
}

TEST_F(Htp, GenmoveOnAFullBoardResigns) {
    run("boardsize 2 2");
    for (const char* line : {"play b a1", "play w b1", "play b a2", "play w b2"})
        run(line);
    EXPECT_EQ(run("genmove b"), "= resign\n\n");
    EXPECT_EQ(run("genmove w"), "= resign\n\n");
    EXPECT_EQ(run("reg_genmove b"), "= resign\n\n");
}

TEST_F(Htp, ParametersUseTheHexGuiDialogFormat) {
    const std::string reply = run("param_ohmhex");
    EXPECT_NE(reply.find("[bool] allow_swap 0"), std::string::npos);
    EXPECT_NE(reply.find("[list/pieces/sides] swap_style pieces"), std::string::npos);
    EXPECT_EQ(run("param_ohmhex allow_swap 1"), "= \n\n");
    EXPECT_EQ(run("param_ohmhex allow_swap"), "= 1\n\n");
    const std::string error = run("param_ohmhex nosuch 1");
    EXPECT_NE(error.find("allow_swap"), std::string::npos); // names the valid keys
}

TEST_F(Htp, OnStdinStartOptionsAreRefusedAndLoggingMayBeSet) {
    EXPECT_EQ(run("param_ohmhex tcp_max_connections 3"),
              "? tcp_max_connections is read when ohmhex starts: set it with -o "
              "tcp_max_connections=VALUE or --config\n\n");
    EXPECT_EQ(run("param_ohmhex tcp_secret_file x").substr(0, 2), "? ");
    EXPECT_EQ(run("param_ohmhex tcp_max_connections"), "= 8\n\n");
    EXPECT_EQ(run("param_ohmhex log_level error"), "= \n\n");
    EXPECT_EQ(run("param_ohmhex log_level"), "= error\n\n");
    EXPECT_EQ(run("param_ohmhex log_level info"), "= \n\n");
    const std::string file = ::testing::TempDir() + "ohm hex.log";
    EXPECT_EQ(run("param_ohmhex log_file \"" + file + "\""), "= \n\n");
    EXPECT_EQ(run("param_ohmhex log_file"), "= " + file + "\n\n");
    EXPECT_EQ(run("param_ohmhex log_file \"\""), "= \n\n") << "\"\" clears a text option";
    EXPECT_EQ(run("param_ohmhex log_file"), "= \n\n");
    EXPECT_EQ(run("param_ohmhex log_file \"" + file + "\" x").substr(0, 2), "? ")
        << "one quoted value, nothing after it";
    EXPECT_EQ(run("param_ohmhex log_file \"" + file).substr(0, 2), "? ") << "unclosed quote";
    EXPECT_EQ(run("param_ohmhex log_file"), "= \n\n") << "a failed command changes nothing";
    EXPECT_EQ(run("param_ohmhex tt_mb 2048"), "= \n\n") << "no cap for the local user";
    EXPECT_EQ(run("param_ohmhex tt_mb 64"), "= \n\n");
}

TEST_F(Htp, BenchStopsWhenInterrupted) {
    // Interrupted before it starts, it stops at its first poll; uninterrupted, depth 6 takes
    // minutes and ends with the node count.
    const std::uint64_t ticket = htp.issue();
    htp.interrupt();
    const auto start = std::chrono::steady_clock::now();
    const std::string reply = htp.execute("bench 6", ticket).value();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    EXPECT_EQ(reply, "= bench interrupted after 0 of 30 positions\n\n");
}

TEST_F(Htp, AnalyzeCommandsAreWellFormed) {
    const std::string reply = run("hexgui-analyze_commands");
    ASSERT_EQ(reply.substr(0, 2), "= ");
    std::istringstream lines(reply.substr(2));
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty())
            continue;
        const auto slashes = std::count(line.begin(), line.end(), '/');
        EXPECT_EQ(slashes, 2) << line;
        const std::string command = line.substr(line.rfind('/') + 1);
        EXPECT_TRUE(htp.known(command.substr(0, command.find(' ')))) << line;
    }
}

TEST_F(Htp, SaveAndLoadSgfIncludingQuotedPathsWithSpaces) {
    const std::string dir = ::testing::TempDir();
    run("boardsize 7 5");
    run("play b c3");
    run("play w swap");
    run("play w d2");
    ASSERT_EQ(run("savesgf \"" + dir + "ohm hex game.sgf\""), "= \n\n");
    const std::string before = board();
    run("clear_board");
    EXPECT_EQ(run("loadsgf \"" + dir + "ohm hex game.sgf\""), "= \n\n");
    EXPECT_EQ(board(), before);
    EXPECT_EQ(run("loadsgf \"" + dir + "ohm hex game.sgf\" 2"), "= \n\n");
    EXPECT_EQ(engine.game().history().size(), 1u);
    EXPECT_EQ(run("loadsgf \"" + dir + "ohm hex game.sgf").substr(0, 2), "? ");
    EXPECT_EQ(engine.game().history().size(), 1u);
}

TEST_F(Htp, InterruptOnlyAffectsCommandsIssuedBeforeIt) {
    const auto first = htp.issue();
    htp.interrupt();
    const auto second = htp.issue();
    EXPECT_GT(second, first);
    // A command issued after the interrupt is not interrupted.
    htp.execute("name", second);
    EXPECT_FALSE(htp.interrupted());
}

} // namespace
} // namespace hex
