#include "match/match_command_line.h"
#include "match/merge.h"
#include "protocol/commands.h"
#include "protocol/tcp_session.h"
#include "test/match/match_test_support.h"

#include <gtest/gtest.h>

#include <thread>

namespace hex {
namespace {

TEST(MatchCli, MergedShardsEqualTheUnshardedRun) {
    test::TempDir dir("shards");
    // The one-ply player is deterministic, so the runs can be compared game by game.
    const std::string common = "--engine '" + test::ohmhex() + " -o player=onestep' --engine '" +
                               test::fakeEngine() +
                               "' --size 4,5 --openings all --games 14 --move-time 2";
    ASSERT_EQ(test::runMatch(common + " --out " + (dir / "full").string()).status, 0);
    ASSERT_EQ(test::runMatch(common + " --shard 1/2 --out " + (dir / "s1").string()).status, 0);
    const test::Outcome second =
        test::runMatch(common + " -j 2 --shard 2/2 --out " + (dir / "s2").string());
    ASSERT_EQ(second.status, 0) << second.output;
    const test::Outcome merged =
        test::runMatch("merge --out " + (dir / "merged").string() + " " + (dir / "s1").string() +
                       " " + (dir / "s2" / "results.json").string());
    ASSERT_EQ(merged.status, 0) << merged.output;
    const auto full = test::results(dir / "full");
    const auto both = test::results(dir / "merged");
    ASSERT_EQ(full.size(), 14u);
    ASSERT_EQ(both.size(), full.size());
    for (std::size_t i = 0; i < full.size(); ++i)
        EXPECT_EQ(test::key(both[i]), test::key(full[i]));
    EXPECT_EQ(test::readFile(dir / "merged" / "summary.txt"),
              test::readFile(dir / "full" / "summary.txt"));
    EXPECT_EQ(test::readFile(dir / "merged" / "game-000014.sgf"),
              test::readFile(dir / "full" / "game-000014.sgf"));
    // Merging a shard twice is refused.
    const test::Outcome twice = test::runMatch("merge --out " + (dir / "bad").string() + " " +
                                               (dir / "s1").string() + " " + (dir / "s1").string());
    EXPECT_NE(twice.status, 0);
    EXPECT_NE(twice.output.find("appears twice"), std::string::npos) << twice.output;
}

match::MatchCommandLine parse(std::vector<std::string> words) {
    std::vector<const char*> argv{"ohmhex-match"};
    for (const auto& word : words)
        argv.push_back(word.c_str());
    return match::parseMatchCommandLine(static_cast<int>(argv.size()), argv.data());
}

TEST(MatchCli, EngineOptionsApplyToTheEngineBeforeThem) {
    const auto line = parse({"--engine", "a", "--setup", "x 1", "--setup", "y", "--engine", "b",
                             "--name", "B", "--size", "5,7", "-j", "3", "--seed", "9"});
    EXPECT_EQ(line.error, "");
    EXPECT_EQ(line.config.engines[0].command, "a");
    EXPECT_EQ(line.config.engines[0].setup, (std::vector<std::string>{"x 1", "y"}));
    EXPECT_EQ(line.config.engines[1].name, "B");
    EXPECT_EQ(line.config.sizes, (std::vector<int>{5, 7}));
    EXPECT_EQ(line.config.jobs, 3);
    EXPECT_EQ(line.config.seed, 9u);
    EXPECT_EQ(parse({"--name", "A", "--engine", "a", "--engine", "b"}).error,
              "--name must follow the --engine it applies to");
    EXPECT_EQ(parse({"--engine", "a", "--engine", "b", "--engine", "c"}).error,
              "--engine given more than twice");
    const auto merge = parse({"merge", "--out", "dir", "s1", "s2/results.json"});
    EXPECT_TRUE(merge.merge);
    EXPECT_EQ(merge.error, "");
    EXPECT_EQ(merge.inputs, (std::vector<std::string>{"s1", "s2/results.json"}));
    EXPECT_NE(parse({"merge", "--out"}).error, "");
}

TEST(MatchCli, BadInputGetsAClearMessage) {
    const std::string engines =
        " --engine '" + test::ohmhex() + "' --engine '" + test::ohmhex() + "'";
    test::Outcome run = test::runMatch(engines + " --openings /nonexistent/openings.txt");
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.output.find("cannot read the opening file '/nonexistent/openings.txt'"),
              std::string::npos)
        << run.output;
    run = test::runMatch("--engine x");
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.output.find("give two engines"), std::string::npos);
    run = test::runMatch(engines + " --shard 3/2");
    EXPECT_EQ(run.status, 2);
    run = test::runMatch(engines + " --openings balanced");
    EXPECT_NE(run.output.find("--tables FILE"), std::string::npos);
    EXPECT_EQ(test::runMatch("--help").status, 0);
}

TEST(MatchCli, PlaysAnEngineOverTcpWithASecret) {
    test::TempDir dir("tcp");
    test::writeFile(dir / "secret", "let-me-in-please-1234\n");
    TcpSessionConfig config;
    config.secret = "let-me-in-please-1234";
    config.authFailureDelaySeconds = 0.05;
    TcpServer server(config, [] {
        auto state = std::make_unique<ConnectionEngine>();
        addAllCommands(state->htp, state->engine);
        return state;
    });
    std::thread thread([&server] { server.run(); });
    auto match =
        test::smallMatch("tcp://127.0.0.1:" + std::to_string(server.port()), test::fakeEngine());
    match.engines[0].secretFile = (dir / "secret").string();
    match.engines[0].setup = {"param_ohmhex tt_mb 1"}; // as test::ohmhex() does
    match.jobs = 2;
    const auto games = test::play(match);
    ASSERT_EQ(games.size(), 2u);
    for (const auto& g : games)
        EXPECT_EQ(g.reason, "connection");
    match.engines[0].secretFile.clear(); // without the secret the server hangs up
    for (const auto& g : test::play(match))
        EXPECT_EQ(g.winnerEngine(), 1) << g.reason;
    server.stop();
    thread.join();
}

} // namespace
} // namespace hex
