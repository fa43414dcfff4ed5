// The file commands' rules: a TCP client reaches only regular files inside --files-dir, with one
// message for every refusal; the local user reaches any regular file; nothing ever blocks on a
// FIFO or a device.
#include "engine/engine.h"
#include "protocol/commands.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>

namespace hex {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRefused = "? file not available (a relative path to a regular file inside "
                                 "the server's files directory)\n\n";
constexpr const char* kOutsideGame = "(;FF[4]GM[11]SZ[5];B[c3])";

std::string contents(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// root/files is the allowed directory; root/outside.sgf is a game outside it, reachable through
// a symbolic link, a linked directory and a hard link inside.
class FileRules : public ::testing::Test {
protected:
    FileRules()
        : root_(fs::temp_directory_path() / ("ohmhex-files-" + std::to_string(::getpid()))),
          files_(root_ / "files") {
        fs::remove_all(root_);
        fs::create_directories(files_ / "sub");
        std::ofstream(root_ / "outside.sgf") << kOutsideGame;
        fs::create_symlink(root_ / "outside.sgf", files_ / "link.sgf");
        fs::create_symlink("../outside.sgf", files_ / "relative-link.sgf");
        fs::create_directory_symlink(root_, files_ / "up");
        fs::create_hard_link(root_ / "outside.sgf", files_ / "hard.sgf");
        ::mkfifo((files_ / "fifo.sgf").c_str(), 0600);
        ::mkfifo((root_ / "fifo.sgf").c_str(), 0600);
        std::ofstream(files_ / "huge.sgf") << std::string(17 << 20, ' ');
        addAllCommands(confined_, engine_, FileAccess::inside(files_.string()));
        addAllCommands(local_, engine_);
    }
    ~FileRules() override { fs::remove_all(root_); }

    std::string confined(const std::string& line) { return confined_.execute(line).value(); }
    std::string local(const std::string& line) { return local_.execute(line).value(); }

    fs::path root_;
    fs::path files_;
    Engine engine_;
    htp::Engine confined_;
    htp::Engine local_;
};

TEST_F(FileRules, EveryEscapeIsRefusedWithTheSameMessage) {
    const std::string outside = (root_ / "outside.sgf").string();
    for (const std::string& path :
         {std::string("../outside.sgf"), outside, std::string("link.sgf"),
          std::string("relative-link.sgf"), std::string("up/outside.sgf"), std::string("hard.sgf"),
          std::string("fifo.sgf"), std::string("/dev/zero"), std::string("/dev/null"),
          std::string("sub"), std::string("sub/../link.sgf"), std::string("./hard.sgf"),
          std::string("sub//x.sgf"), std::string("")}) {
        EXPECT_EQ(confined("loadsgf \"" + path + "\""), kRefused) << path;
        EXPECT_EQ(confined("savesgf \"" + path + "\""), kRefused) << path;
    }
    // Only reading these fails (savesgf may create or replace them).
    EXPECT_EQ(confined("loadsgf huge.sgf"), kRefused);
    EXPECT_EQ(confined("loadsgf missing.sgf"), kRefused);
    EXPECT_EQ(contents(root_ / "outside.sgf"), kOutsideGame) << "nothing outside was written";
    EXPECT_FALSE(fs::exists(root_ / "x.sgf"));
    EXPECT_TRUE(fs::is_fifo(files_ / "fifo.sgf"));
}

TEST_F(FileRules, TheAllowedDirectoryWorks) {
    EXPECT_EQ(confined("boardsize 5"), "= \n\n");
    EXPECT_EQ(confined("play b c3"), "= \n\n");
    EXPECT_EQ(confined("savesgf game.sgf"), "= \n\n");
    EXPECT_EQ(confined("savesgf sub/game.sgf"), "= \n\n");
    EXPECT_EQ(confined("savesgf game.sgf"), "= \n\n") << "an existing file is replaced";
    EXPECT_TRUE(fs::is_regular_file(files_ / "sub" / "game.sgf"));
    EXPECT_EQ(confined("clear_board"), "= \n\n");
    EXPECT_EQ(confined("loadsgf sub/game.sgf"), "= \n\n");
    EXPECT_NE(confined("showboard").find('X'), std::string::npos);
}

TEST_F(FileRules, WithoutAFilesDirectoryFileCommandsAreOff) {
    htp::Engine off;
    addAllCommands(off, engine_, FileAccess::none());
    const std::string message =
        "? file commands are off for TCP clients (the server has no --files-dir)\n\n";
    EXPECT_EQ(off.execute("loadsgf game.sgf"), message);
    EXPECT_EQ(off.execute("savesgf game.sgf"), message);
}

TEST_F(FileRules, TheLocalUserReachesAnyRegularFileButNoFifoOrDevice) {
    EXPECT_EQ(local("loadsgf " + (root_ / "outside.sgf").string()), "= \n\n");
    EXPECT_EQ(local("loadsgf " + (files_ / "link.sgf").string()), "= \n\n");
    // Run with a deadline: before, opening the FIFO waited for a writer for ever.
    const std::string fifo = (root_ / "fifo.sgf").string();
    auto reply = std::async(std::launch::async, [&] { return local("loadsgf " + fifo); });
    if (reply.wait_for(std::chrono::seconds(5)) != std::future_status::ready)
        std::ofstream(fifo) << ""; // unblock it, so that the failure below is reported
    EXPECT_EQ(reply.get(), "? not a regular file: '" + fifo + "'\n\n");
    EXPECT_EQ(local("loadsgf /dev/zero"), "? not a regular file: '/dev/zero'\n\n");
    EXPECT_EQ(local("savesgf " + fifo), "? cannot write '" + fifo + "'\n\n");
    EXPECT_EQ(local("savesgf /dev/null"), "? cannot write '/dev/null'\n\n");
}

TEST(FileAccess, AFilesDirectoryMustBeADirectory) {
    EXPECT_THROW(FileAccess::inside("/nonexistent/files"), std::runtime_error);
    EXPECT_THROW(FileAccess::inside("/dev/null"), std::runtime_error);
}

} // namespace
} // namespace hex
