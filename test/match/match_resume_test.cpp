// Resuming a tournament in its output directory, and engines that do not outlive ohmhex-match.
#include "test/match/match_test_support.h"

#include <gtest/gtest.h>

#include <csignal>
#include <set>
#include <spawn.h>
#include <thread>

extern char** environ;

namespace hex {
namespace {

namespace fs = std::filesystem;

// Starts `ohmhex-match ARGS` in the background (the shell only parses the words: `exec` makes
// the returned process ohmhex-match itself); its output goes to `log`.
pid_t startMatch(const std::string& args, const fs::path& log) {
    const std::string command = "exec " + std::string(MATCH_BINARY) + " " + args +
                                " --no-progress >" + log.string() + " 2>&1";
    const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
    pid_t pid = -1;
    if (::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) != 0)
        return -1;
    return pid;
}

// Polls `done` every 5 ms until it holds or `seconds` have passed; returns its last value.
template <typename Condition>
bool waitUntil(Condition done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!done() && std::chrono::steady_clock::now() < end)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return done();
}

// The games recorded in DIR so far (none while it has no results.json).
std::size_t recordedGames(const fs::path& dir) {
    return fs::exists(dir / "results.json") ? test::results(dir).size() : 0;
}

std::set<std::string> sgfFiles(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".sgf" || entry.path().extension() == ".tmp")
            names.insert(entry.path().filename().string());
    return names;
}

// The two directories hold the same tournament: the same results (but for times and memory),
// summary and SGF files.
void expectSameRun(const fs::path& expected, const fs::path& actual) {
    const auto want = test::results(expected);
    const auto got = test::results(actual);
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i)
        EXPECT_EQ(test::key(got[i]), test::key(want[i]));
    const auto firstLine = [](const fs::path& file) {
        const std::string text = test::readFile(file);
        return text.substr(0, text.find('\n'));
    };
    EXPECT_EQ(firstLine(actual / "results.json"), firstLine(expected / "results.json"));
    EXPECT_EQ(test::readFile(actual / "summary.txt"), test::readFile(expected / "summary.txt"));
    EXPECT_EQ(sgfFiles(actual), sgfFiles(expected));
    for (const auto& name : sgfFiles(expected))
        EXPECT_EQ(test::readFile(actual / name), test::readFile(expected / name)) << name;
}

// A time no game of these tests takes, to tell a kept game from a replayed one.
constexpr double kMarkedTime = 123.5;

// Keeps the first `kept` games of DIR/results.json, as if the run had been stopped there, and
// marks the first one's time for Black.
void cutResults(const fs::path& dir, std::size_t kept) {
    match::TournamentInfo info;
    std::vector<match::GameRecord> games;
    match::readResultsJson(test::readFile(dir / "results.json"), info, games);
    games.resize(kept);
    games[0].blackTime = kMarkedTime;
    test::writeFile(dir / "results.json", match::resultsJson(info, games));
}

// The deterministic one-ply player against the fake engine, which thinks 10 ms a move, so that
// a run can be killed in its middle.
std::string deterministicMatch() {
    return "--engine '" + test::ohmhex() + " -o player=onestep' --engine '" +
           test::fakeEngine("--think-ms 10") + "' --size 4,5 --openings all --games 10";
}

TEST(MatchResume, AKilledRunResumesToTheGamesOfAnUninterruptedOne) {
    test::TempDir dir("resume");
    const auto full = dir / "full";
    const auto resumed = dir / "resumed";
    ASSERT_EQ(test::runMatch(deterministicMatch() + " --out " + full.string()).status, 0);
    ASSERT_EQ(test::results(full).size(), 10u);

    // Killed without warning after two games: a game may be half played, its SGF half written.
    const pid_t pid =
        startMatch(deterministicMatch() + " --out " + resumed.string(), dir / "killed.log");
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(waitUntil([&] { return recordedGames(resumed) >= 2; }, 20));
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    const std::size_t kept = recordedGames(resumed);
    EXPECT_LT(kept, 10u) << "the run ended before it was killed";

    const auto again = test::runMatch(deterministicMatch() + " --out " + resumed.string());
    ASSERT_EQ(again.status, 0) << again.output;
    EXPECT_NE(again.output.find("holds " + std::to_string(kept) + " of these 10 games"),
              std::string::npos)
        << again.output;
    expectSameRun(full, resumed);

    // As if stopped after four games, with the SGF of game 7 garbled, and files of games that
    // results.json does not hold: they are played or removed, not kept as results.
    cutResults(resumed, 4);
    test::writeFile(resumed / "game-000007.sgf", "(;garbage)");
    test::writeFile(resumed / "game-000099.sgf", "(;FF[4])");
    test::writeFile(resumed / "game-000008.sgf.tmp", "(;FF[4]");
    const auto third = test::runMatch(deterministicMatch() + " -j 2 --out " + resumed.string());
    ASSERT_EQ(third.status, 0) << third.output;
    expectSameRun(full, resumed);
    EXPECT_EQ(test::results(resumed)[0].blackTime, kMarkedTime) << "game 1 was played again";

    // A finished run plays nothing more and stays as it is.
    const std::string before = test::readFile(resumed / "results.json");
    const auto fourth = test::runMatch(deterministicMatch() + " --out " + resumed.string());
    ASSERT_EQ(fourth.status, 0) << fourth.output;
    EXPECT_NE(fourth.output.find("all 10 games are played"), std::string::npos) << fourth.output;
    EXPECT_EQ(test::readFile(resumed / "results.json"), before);
}

TEST(MatchResume, AnotherTournamentInTheSameDirectoryIsRefusedAndNothingChanges) {
    test::TempDir dir("refuse");
    const std::string engines =
        "--engine '" + test::ohmhex() + " -o player=onestep' --engine '" + test::fakeEngine() + "'";
    const std::string schedule = " --size 4 --openings all --games 4 --out " + dir.str();
    ASSERT_EQ(test::runMatch(engines + schedule).status, 0);
    const std::string results = test::readFile(dir / "results.json");
    const auto files = sgfFiles(fs::path(dir.str()));
    ASSERT_EQ(files.size(), 4u);
    const std::string other =
        "--engine '" + test::fakeEngine() + "' --engine '" + test::ohmhex() + " -o player=onestep'";
    for (const auto& [args, why] : std::vector<std::pair<std::string, std::string>>{
             {engines + schedule + " --games 6", "games=4' vs '"},
             {engines + schedule + " --swap on", "swap=off"},
             {engines + schedule + " --margin 1", "extra settings '' vs 'margin=1'"},
             {engines + " --setup 'name'" + schedule, "setup2=name"},
             {engines + " --name Other" + schedule, "engine 2 'fake_engine' vs 'Other'"},
             {other + schedule, "engine 1 'ohmhex' vs 'fake_engine'"},
             {engines + schedule + " --shard 2/2", "game 1, which this run does not play"}}) {
        const auto run = test::runMatch(args);
        EXPECT_EQ(run.status, 1) << args;
        EXPECT_NE(run.output.find("holds the results of"), std::string::npos) << run.output;
        EXPECT_NE(run.output.find(why), std::string::npos) << run.output;
        EXPECT_EQ(test::readFile(dir / "results.json"), results) << args;
        EXPECT_EQ(sgfFiles(fs::path(dir.str())), files) << args;
    }
    test::writeFile(dir / "results.json", results.substr(0, results.size() / 2));
    const auto broken = test::runMatch(engines + schedule);
    EXPECT_EQ(broken.status, 1);
    EXPECT_NE(broken.output.find("cannot resume: "), std::string::npos) << broken.output;
    EXPECT_EQ(sgfFiles(fs::path(dir.str())), files);
}

// The running fake engines whose command line holds `marker`.
std::vector<std::string> fakeEnginesWith(const std::string& marker) {
    std::vector<std::string> engines;
    for (const auto& process : test::processesWith(marker))
        if (process.find(": " + std::string(FAKE_ENGINE_BINARY)) != std::string::npos)
            engines.push_back(process);
    return engines;
}

// ohmhex-match playing a fake engine that hangs at its first move, started through the shell as
// in `cd DIR && ./engine 2>log`; returns the program's pid once the fake hangs.
pid_t startMatchWithAHangingEngine(const test::TempDir& dir, const std::string& marker) {
    const std::string hanging = "cd " + dir.str() + " && " +
                                test::fakeEngine("--stall-at 1 --name " + marker) + " 2>fake.log";
    const pid_t pid = startMatch("--engine '" + test::ohmhex() + " -o player=onestep' --engine '" +
                                     hanging + "' --size 4 --move-time 60 --out " + dir.str(),
                                 dir / "match.log");
    EXPECT_TRUE(waitUntil([&] { return !fakeEnginesWith(marker).empty(); }, 10));
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // it gets its genmove
    return pid;
}

// Kills what a failing test left behind, so that it does not sleep on for an hour.
void killLeftovers(const std::string& marker) {
    for (const auto& process : test::processesWith(marker))
        ::kill(std::stoi(process), SIGKILL);
}

TEST(MatchResume, AStopLeavesNoEngineBehind) {
    test::TempDir dir("stop-engines");
    const std::string marker = "hanging-once-" + std::to_string(::getpid());
    const pid_t pid = startMatchWithAHangingEngine(dir, marker);
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 130) << status;
    // The match kills its engines before it exits, but under load a killed process can still
    // be listed for a moment (it failed once so at load 4).
    waitUntil([&] { return test::processesWith(marker).empty(); }, 2);
    EXPECT_EQ(test::processesWith(marker), std::vector<std::string>{});
    killLeftovers(marker);
}

TEST(MatchResume, ASecondSignalEndsAtOnceAndTakesTheEnginesAlong) {
    test::TempDir dir("kill-engines");
    const std::string marker = "hanging-twice-" + std::to_string(::getpid());
    const pid_t pid = startMatchWithAHangingEngine(dir, marker);
    ::kill(pid, SIGTERM);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
    // SIGKILL is delivered at once, but the killed processes may take a moment to be gone.
    waitUntil([&] { return test::processesWith(marker).empty(); }, 2);
    EXPECT_EQ(test::processesWith(marker), std::vector<std::string>{});
    killLeftovers(marker);
}

} // namespace
} // namespace hex
