#include "engine/engine.h"
#include "protocol/commands.h"
#include "test/support/htp_harness.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <sstream>

namespace hex {
namespace {

using SolverCommands = testing::HtpHarness;

TEST_F(SolverCommands, SolvesSmallBoardsAsTheProvenTablesSay) {
    run("boardsize 3 3");
    EXPECT_EQ(payload("solve-state"), "black");
    EXPECT_EQ(payload("solve-state w 30"), "white"); // the first player wins, whoever it is
    // openings.txt: OPEN 3x3 WIN(5): a2 a3 b2 c1 c2
    EXPECT_EQ(payload("solve-winning b"), "c1 a2 b2 c2 a3");
    run("play b a1"); // a losing opening
    EXPECT_EQ(payload("solve-state"), "white");
}

// Two threads (the process-wide option, as on stdin): the same winners, and an interrupt still
// ends the solve at once, helpers included (TSan runs this suite).
TEST_F(SolverCommands, TwoThreadsSolveTheSameAndStopAtAnInterrupt) {
    run("param_ohmhex solver_threads 2");
    run("boardsize 5 5");
    run("play b a1"); // openings.txt: a losing opening on 5x5
    EXPECT_EQ(payload("solve-state"), "white");
    run("undo");
    run("play b c3");
    EXPECT_EQ(payload("solve-state"), "black");
    run("boardsize 11 11");
    const std::uint64_t ticket = htp.issue();
    htp.interrupt();
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(htp.execute("solve-state black", ticket).value(), "= unknown\n\n");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

// HexGui locks the board and enables Stop only for Benzene's solver names; they are the OhmHex
// commands under another name, '# interrupt' included. On an empty 11x11 board a solve runs far
// beyond the test's patience, so an answer within seconds is the interrupt's.
TEST_F(SolverCommands, BenzeneNamesStopAtAnInterruptLikeTheirTwins) {
    for (const char* name : {"solve-state", "dfpn-solve-state", "dfs-solve-state"}) {
        const std::uint64_t ticket = htp.issue();
        htp.interrupt();
        const auto start = std::chrono::steady_clock::now();
        EXPECT_EQ(htp.execute(std::string(name) + " black", ticket).value(), "= unknown\n\n");
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << name;
    }
    for (const char* name :
         {"solve-winning", "dfpn-solver-find-winning", "dfs-solver-find-winning"}) {
        const std::uint64_t ticket = htp.issue();
        htp.interrupt();
        const std::string reply = htp.execute(std::string(name) + " white", ticket).value();
        EXPECT_EQ(reply.substr(0, 31), "? unknown: limit reached; prove") << name;
    }
}

TEST_F(SolverCommands, MustPlayIsTheOnlyBlock) {
    run("boardsize 3 3");
    // White's edge semis leave Black exactly the winning openings of openings.txt.
    EXPECT_EQ(payload("mustplay"), "c1 a2 b2 c2 a3");
    for (const char* line : {"play b b1", "play b b2", "play w a3"})
        run(line);
    EXPECT_EQ(payload("mustplay w"), "b3");
}

TEST_F(SolverCommands, MustPlayIsEmptyAgainstAFullConnection) {
    run("boardsize 3 3");
    // Black's b1-b2 chain with the bridge to a3/b3 below: a full edge-to-edge connection, so no
    // White move helps; Black itself still has every cell it likes.
    for (const char* line : {"play b b1", "play b b2"})
        run(line);
    EXPECT_EQ(payload("mustplay w"), "");
    EXPECT_EQ(payload("mustplay b"), "a1 c1 a2 c2 a3 b3 c3");
}

TEST_F(SolverCommands, ShowsABridgeAsAFullConnection) {
    run("boardsize 5 5");
    const std::string vcs = payload("vc-between black b2 c3");
    EXPECT_NE(vcs.find("black b2 c3 full hsearch [ c2 b3 ] [ ]"), std::string::npos) << vcs;
    EXPECT_EQ(run("vc-between black b2").substr(0, 2), "? ");
    EXPECT_EQ(run("vc-between green b2 c3").substr(0, 2), "? ");
}

TEST_F(SolverCommands, ShowsConnectionsToTheOwnEdges) {
    run("boardsize 5 5");
    run("play b c2");
    // c2's bridge to the north edge; edge to edge only semis (White, to move, can still cut).
    EXPECT_NE(payload("vc-between black c2 NORTH").find("black c2 north full hsearch [ c1 d1 ]"),
              std::string::npos);
    EXPECT_NE(payload("vc-between black north c2 evaluation").find("full hsearch [ c1 d1 ]"),
              std::string::npos);
    const std::string edgeToEdge = payload("vc-between black north south");
    EXPECT_NE(edgeToEdge.find("black north south semi"), std::string::npos) << edgeToEdge;
    EXPECT_EQ(edgeToEdge.find("full"), std::string::npos) << edgeToEdge;
    EXPECT_EQ(run("vc-between black c2 west").substr(0, 2), "? ");
    EXPECT_EQ(run("vc-between white east north").substr(0, 2), "? ");
    EXPECT_EQ(run("vc-between black c2 north fast").substr(0, 2), "? ");
    EXPECT_EQ(run("vc-between black c2 up").substr(0, 2), "? ");
}

TEST_F(SolverCommands, EvaluationLimitsComeFromTheOptions) {
    run("boardsize 5 5");
    run("play b c3");
    const auto semis = [](const std::string& text) {
        std::size_t n = 0;
        for (std::size_t at = text.find(" semi "); at != std::string::npos;
             at = text.find(" semi ", at + 1))
            ++n;
        return n;
    };
    run("param_ohmhex vc_semis_per_pair 1");
    EXPECT_EQ(semis(payload("vc-between black c3 north evaluation")), 1u);
    EXPECT_GT(semis(payload("vc-between black c3 north")), 1u);
}

TEST_F(SolverCommands, InferiorCellsUseHexGuiCodes) {
    run("boardsize 5 5");
    for (const char* line : {"play b b2", "play b d2", "play w c1", "play w a4", "play w b4"})
        run(line);
    std::istringstream words(payload("inferior-cells"));
    std::string cell, code;
    while (words >> cell >> code) {
        EXPECT_TRUE(engine.game().geometry().parse(cell)) << cell;
        const bool arrow = code.size() > 4 &&
                           (code.starts_with("iv[") || code.starts_with("id[")) &&
                           code.back() == ']';
        if (arrow)
            EXPECT_TRUE(engine.game().geometry().parse(code.substr(3, code.size() - 4))) << code;
        else
            EXPECT_TRUE(code == "fdb" || code == "fcb" || code == "fcw") << code;
    }
}

TEST_F(SolverCommands, InferiorCellsShowVulnerableAndDominatedMoves) {
    run("boardsize 4 4");
    // White on c2, c1 and b1 (three consecutive neighbours of b2): a White stone on a2 or b3
    // kills b2, so Black's b2 is vulnerable. White's own b2 only to Black's a3, which b2's two
    // other empty neighbours a2 and b3 both touch, as they touch White's group c2 c1 b1.
    for (const char* line : {"play w c2", "play w c1", "play w b1"})
        run(line);
    const std::string black = payload("inferior-cells b");
    EXPECT_TRUE(black.find("b2 iv[a2]") != std::string::npos ||
                black.find("b2 iv[b3]") != std::string::npos)
        << black;
    EXPECT_EQ(payload("inferior-cells"), black); // Black is to move
    const std::string white = payload("inferior-cells w");
    EXPECT_NE(white.find("b2 iv[a3]"), std::string::npos) << white;
}

TEST_F(SolverCommands, BadArgumentsAreRefused) {
    for (const char* line :
         {"solve-state purple", "solve-state b 0", "solve-state b 1 2", "solve-winning w -1",
          "mustplay x", "inferior-cells 1", "inferior-cells b w"})
        EXPECT_EQ(run(line).substr(0, 2), "? ") << line;
}

TEST_F(SolverCommands, DecidedPositionsAreHandled) {
    run("boardsize 2 2");
    run("play b a1");
    run("play b a2");
    EXPECT_EQ(payload("solve-state w"), "black");
    EXPECT_EQ(payload("mustplay w"), "");
    EXPECT_EQ(payload("inferior-cells"), "");
}

} // namespace
} // namespace hex
