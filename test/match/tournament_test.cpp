#include "match/merge.h"
#include "protocol/sgf.h"
#include "test/match/match_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <thread>

namespace hex {
namespace {

using match::GameRecord;

// Every game is lost by the fake engine (engine 1), whatever its colour, for `reason`.
void expectFakeLosesEveryGame(const std::string& cue, const std::string& reason,
                              double moveTime = 2) {
    auto config = test::smallMatch(test::ohmhex(), test::fakeEngine(cue));
    config.settings.moveTime = moveTime;
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 2u) << cue;
    for (const GameRecord& g : games) {
        EXPECT_EQ(g.winnerEngine(), 0) << cue << ": " << g.reason;
        EXPECT_NE(g.reason.find(reason), std::string::npos) << cue << ": " << g.reason;
        const std::string loser = g.blackEngine == 1 ? "black" : "white";
        if (reason != "resign") {
            EXPECT_EQ(g.reason.rfind(loser, 0), 0u) << "the reason names the loser: " << g.reason;
        }
    }
}

TEST(Tournament, OhmHexAgainstItselfWritesValidSgfJsonAndCsv) {
    test::TempDir dir("self");
    auto config = test::smallMatch(test::ohmhex(), test::ohmhex());
    config.sizes = {5};
    config.openings = match::OpeningKind::EveryFirstMove;
    config.games = 6;
    config.jobs = 2;
    config.outDir = dir.str();
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 6u);
    for (const GameRecord& g : games) {
        EXPECT_EQ(g.reason, "connection");
        EXPECT_TRUE(g.winner == "black" || g.winner == "white");
        const auto record = sgf::parse(test::readFile(dir / g.sgf));
        ASSERT_TRUE(std::holds_alternative<sgf::Record>(record)) << std::get<std::string>(record);
        auto game = sgf::replay(std::get<sgf::Record>(record), SIZE_MAX);
        ASSERT_TRUE(std::holds_alternative<Game>(game)) << std::get<std::string>(game);
        const Game& replayed = std::get<Game>(game);
        EXPECT_EQ(static_cast<int>(replayed.history().size()), g.plies);
        ASSERT_TRUE(replayed.board().winner());
        EXPECT_EQ(colorName(*replayed.board().winner()), g.winner);
        EXPECT_EQ(moveName(replayed.geometry(), replayed.history()[0].move), g.opening);
    }
    match::TournamentInfo info;
    std::vector<GameRecord> reread;
    match::readResultsJson(test::readFile(dir / "results.json"), info, reread);
    ASSERT_EQ(reread.size(), games.size());
    EXPECT_EQ(info.engines[0], "ohmhex-1");
    EXPECT_EQ(reread[3].reason, games[3].reason);
    EXPECT_EQ(reread[3].opening, games[3].opening);
    const std::string csv = test::readFile(dir / "results.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 7);
    EXPECT_NE(test::readFile(dir / "summary.txt").find("6 games"), std::string::npos);
}

TEST(Tournament, CrashLosesTheGameAndTheEngineIsRestarted) {
    expectFakeLosesEveryGame("--crash-at 2", "crash: engine exited with status 3");
}

TEST(Tournament, StallLosesOnTime) { expectFakeLosesEveryGame("--stall-at 1", "timeout", 0.2); }

TEST(Tournament, AStalledEngineStartedThroughTheShellDiesWithItsShell) {
    // The ';' makes the referee start /bin/sh -c, which stays the fake's parent. The fake stalls
    // at its first genmove and loses on time; killing only the shell would leave it running.
    const std::string marker = "stalled-under-sh-" + std::to_string(::getpid());
    auto config = test::smallMatch(test::ohmhex(),
                                   test::fakeEngine("--stall-at 1 --name " + marker) + "; true");
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 2u);
    for (const GameRecord& g : games)
        EXPECT_NE(g.reason.find("timeout"), std::string::npos) << g.reason;
    EXPECT_EQ(test::processesWith(marker), std::vector<std::string>{});
}

TEST(Tournament, IllegalMoveLoses) { expectFakeLosesEveryGame("--illegal-at 2", "illegal move"); }

TEST(Tournament, GarbageReplyLoses) {
    expectFakeLosesEveryGame("--garbage-at 1", "malformed reply 'hello, referee'");
}

TEST(Tournament, OutputOutOfTurnLoses) {
    expectFakeLosesEveryGame("--out-of-turn-at 1", "output out of turn");
}

TEST(Tournament, RefusedGenmoveLoses) {
    expectFakeLosesEveryGame("--error-at 1", "refused 'genmove");
}

TEST(Tournament, ResignationLoses) { expectFakeLosesEveryGame("--resign-at 2", "resign"); }

TEST(Tournament, SwapWhileTheRuleIsOffLoses) {
    expectFakeLosesEveryGame("--swap-at 1", "while the swap rule is off");
}

TEST(Tournament, EngineThatDoesNotStartLosesEveryGame) {
    expectFakeLosesEveryGame("--exit-at-start", "start failed");
    auto config = test::smallMatch(test::ohmhex(), "/nonexistent/engine --x");
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 2u);
    for (const auto& g : games) {
        EXPECT_EQ(g.winnerEngine(), 0);
        EXPECT_NE(g.reason.find("cannot start '/nonexistent/engine'"), std::string::npos)
            << g.reason;
    }
}

TEST(Tournament, TheTournamentGoesOnAfterFailures) {
    // The fake crashes at its third move in every game; all games are still played and scored.
    auto config = test::smallMatch(test::fakeEngine(), test::fakeEngine("--crash-at 3"));
    config.openings = match::OpeningKind::EveryFirstMove;
    config.games = 8;
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 8u);
    for (const auto& g : games)
        EXPECT_TRUE(g.winnerEngine() == 0 || g.reason == "connection") << g.reason;
}

TEST(Tournament, SwapIsPlayedAndRecordedWhenAllowed) {
    test::TempDir dir("swap");
    auto config = test::smallMatch(test::ohmhex(), test::fakeEngine("--swap-at 1"));
    config.settings.swap = true;
    config.outDir = dir.str();
    const auto games = test::play(config);
    ASSERT_EQ(games.size(), 2u);
    // Only as White (the second player) can the fake swap; as Black its "swap" is illegal.
    for (const auto& g : games) {
        if (g.blackEngine == 1) {
            EXPECT_NE(g.reason.find("illegal move swap-pieces"), std::string::npos) << g.reason;
        } else {
            EXPECT_EQ(g.reason, "connection");
            EXPECT_NE(test::readFile(dir / g.sgf).find("W[swap-pieces]"), std::string::npos);
        }
    }
}

TEST(Tournament, OnlyTheSecondMoveMaySwap) {
    // Two engines that would swap back and forth for ever: the second swap loses.
    auto config =
        test::smallMatch(test::fakeEngine("--swap-always 1"), test::fakeEngine("--swap-always 1"));
    config.settings.swap = true;
    for (const auto& g : test::play(config)) {
        EXPECT_EQ(g.plies, 2);
        EXPECT_EQ(g.winner, "white") << g.reason;
        EXPECT_NE(g.reason.find("black illegal move swap-pieces: only the second move"),
                  std::string::npos)
            << g.reason;
    }
}

TEST(Tournament, GameClockIsSentAndEnforced) {
    auto config = test::smallMatch(test::ohmhex(), test::ohmhex());
    config.settings.moveTime = 0;
    config.settings.gameClock = 5;
    for (const auto& g : test::play(config))
        EXPECT_EQ(g.reason, "connection");
    config = test::smallMatch(test::ohmhex(), test::fakeEngine("--stall-at 2"));
    config.settings.moveTime = 0;
    config.settings.gameClock = 0.3;
    config.settings.margin = 0.1;
    for (const auto& g : test::play(config))
        EXPECT_NE(g.reason.find("timeout"), std::string::npos) << g.reason;
}

TEST(Tournament, SetupCommandsAreSentAndAFailingOneIsAStartFailure) {
    auto config = test::smallMatch(test::ohmhex(), test::ohmhex());
    config.engines[1].setup = {"param_ohmhex no_such_option 1"};
    for (const auto& g : test::play(config)) {
        EXPECT_EQ(g.winnerEngine(), 0);
        EXPECT_NE(g.reason.find("set-up command"), std::string::npos) << g.reason;
    }
}

TEST(Tournament, StopKeepsFinishedGamesAndAbandonsTheRest) {
    test::TempDir dir("stop");
    // One engine process plays every game (-j 1); it stalls in its third game.
    auto config = test::smallMatch(test::ohmhex(), test::fakeEngine("--stall-game 3"));
    config.settings.moveTime = 60;
    config.games = 6;
    config.outDir = dir.str();
    std::atomic<bool> stop{false};
    std::thread stopper([&stop, &dir] {
        // Stop once two games are saved and the third is stalled.
        for (int i = 0; i < 1000 && !std::filesystem::exists(dir / "game-000002.sgf"); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    const auto start = std::chrono::steady_clock::now();
    const auto games = match::runTournament(config, match::buildSchedule(config), stop);
    stopper.join();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[1].index, 1);
    match::TournamentInfo info;
    std::vector<GameRecord> saved;
    match::readResultsJson(test::readFile(dir / "results.json"), info, saved);
    EXPECT_EQ(saved.size(), 2u);
    EXPECT_TRUE(std::filesystem::exists(dir / "game-000002.sgf"));
    EXPECT_FALSE(std::filesystem::exists(dir / "game-000003.sgf"));
}

} // namespace
} // namespace hex
