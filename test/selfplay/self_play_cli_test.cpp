// `ohmhex selfplay` as a program: bad arguments, the output streams, stopping with SIGTERM.
#include "test/selfplay/self_play_test_support.h"

#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>

extern char** environ;

namespace hex {
namespace {

using testing::lines;
using testing::readFile;
using testing::TempFile;

struct Outcome {
    int status = -1;
    std::string out;
    std::string err;
};

Outcome runSelfPlay(const std::string& args) {
    const TempFile out("stdout");
    const TempFile err("stderr");
    const std::string command =
        std::string(OHMHEX_BINARY) + " selfplay " + args + " >" + out.path() + " 2>" + err.path();
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(out.path()),
            readFile(err.path())};
}

TEST(SelfPlayCommandLine, BadArgumentsExitWithStatusTwoAndWriteNothing) {
    const TempFile file("bad-arguments");
    const std::string out = " --out " + file.path();
    for (const std::string& args :
         {std::string("--games 3"), out + " --games 0", out + " --games x", out + " --sizes 5,20",
          out + " --sizes ''", out + " --nodes 0", out + " --nodes 10 --time 1", out + " --time 0",
          out + " --time 0.05", out + " --shard 2/2", out + " --shard 1", out + " --shard -1/2",
          out + " --random-plies -1", out + " --solver-nodes 0", out + " -o nosuch=1",
          out + " -o width=0", out + " -o evaluator", out + " --bogus", out + " extra"}) {
        SCOPED_TRACE(args);
        const Outcome run = runSelfPlay(args);
        EXPECT_EQ(run.status, 2);
        EXPECT_EQ(run.out, "");
        EXPECT_NE(run.err.find("ohmhex selfplay: "), std::string::npos) << run.err;
        EXPECT_FALSE(std::filesystem::exists(file.path()));
    }
}

TEST(SelfPlayCommandLine, HelpGoesToStdout) {
    const Outcome run = runSelfPlay("--help");
    EXPECT_EQ(run.status, 0);
    EXPECT_NE(run.out.find("Usage: ohmhex selfplay --out FILE"), std::string::npos);
}

TEST(SelfPlayCommandLine, RecordsGoToTheFileAndProgressToStderr) {
    const TempFile file("streams");
    const Outcome run = runSelfPlay("--out " + file.path() + " --games 2 --sizes 4 --nodes 100");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("game 1 (4x4)"), std::string::npos) << run.err;
    EXPECT_EQ(lines(readFile(file.path())).size(), 2U);
}

// SIGTERM in the middle of a run: exit status 130, and the file holds complete lines only.
TEST(SelfPlayCommandLine, SigtermKeepsTheFinishedGames) {
    const TempFile file("sigterm");
    const std::string path = file.path();
    const char* argv[] = {OHMHEX_BINARY, "selfplay",      "--out", path.c_str(), "--games",
                          "1000",        "--sizes",       "7",     "--nodes",    "300",
                          "-o",          "log_level=off", nullptr};
    pid_t pid = -1;
    ASSERT_EQ(
        ::posix_spawn(&pid, OHMHEX_BINARY, nullptr, nullptr, const_cast<char**>(argv), environ), 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (lines(readFile(path)).size() < 2 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, SIGTERM);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const std::string text = readFile(path);
    ASSERT_GE(lines(text).size(), 2U);
    EXPECT_EQ(text.back(), '\n');
}

} // namespace
} // namespace hex
