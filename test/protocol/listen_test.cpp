// `ohmhex --listen` as a real process: serves over TCP, stops cleanly on SIGTERM, refuses a
// non-loopback address without a secret.
#include "test/support/sanitizer_scaling.h"
#include "test/support/tcp_client.h"
#include <string>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <poll.h>
#include <sys/wait.h>

namespace hex {
namespace {

// Starts ohmhex with the arguments; its stderr is readable from `errFd`.
pid_t startOhmhex(const std::vector<std::string>& args, int& errFd) {
    int fds[2];
    if (::pipe(fds) != 0)
        return -1;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], 2);
        ::close(fds[0]);
        std::vector<char*> argv{const_cast<char*>(OHMHEX_BINARY)};
        for (const auto& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    errFd = fds[0];
    return pid;
}

// Reads stderr until it contains `needle` (at most 10 s); returns everything read.
std::string waitFor(int fd, const std::string& needle) {
    std::string text;
    for (int i = 0; i < 200 && text.find(needle) == std::string::npos; ++i) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 50) > 0) {
            char chunk[4096];
            const ssize_t n = ::read(fd, chunk, sizeof chunk);
            if (n <= 0)
                break;
            text.append(chunk, static_cast<std::size_t>(n));
        }
    }
    // Also the rest of the line after the needle (the port), if it has arrived.
    for (int i = 0; i < 20 && text.find('\n', text.find(needle)) == std::string::npos; ++i) {
        pollfd p{fd, POLLIN, 0};
        char chunk[4096];
        ssize_t n = 0;
        if (::poll(&p, 1, 50) > 0 && (n = ::read(fd, chunk, sizeof chunk)) > 0)
            text.append(chunk, static_cast<std::size_t>(n));
    }
    return text;
}

// The exit status, or -1 (and the process is killed) after the time; stderr is drained meanwhile
// so the child never blocks writing its log.
int waitExit(pid_t pid, int errFd, double seconds) {
    for (int i = 0; i < seconds * 100; ++i) {
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        pollfd p{errFd, POLLIN, 0};
        char chunk[4096];
        if (::poll(&p, 1, 10) > 0 && ::read(errFd, chunk, sizeof chunk) <= 0)
            ::usleep(10000);
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return -1;
}

// The port ohmhex --listen serves on, read from its log; 0 if it never says.
std::uint16_t servingPort(int errFd) {
    const std::string needle = "serving HTP on 127.0.0.1:";
    const std::string log = waitFor(errFd, needle);
    const auto at = log.find(needle);
    return at == std::string::npos
               ? 0
               : static_cast<std::uint16_t>(std::stoi(log.substr(at + needle.size())));
}

TEST(Listen, ServesOverTcpAndStopsOnSigterm) {
    int err = -1;
    const pid_t pid = startOhmhex({"--listen", "127.0.0.1:0", "-o", "player=onestep"}, err);
    ASSERT_GT(pid, 0);
    const std::uint16_t port = servingPort(err);
    ASSERT_NE(port, 0);
    test::TcpClient a(port);
    test::TcpClient b(port);
    a.send("boardsize 3\ngenmove b\n");
    b.send("name\nparam_ohmhex\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    EXPECT_EQ(a.reply().value_or("").rfind("= ", 0), 0u);
    EXPECT_EQ(b.reply(), "= OhmHex\n\n");
    EXPECT_NE(b.reply().value_or("").find("player onestep"), std::string::npos)
        << "connections get the command-line options";
    ::kill(pid, SIGTERM);
    EXPECT_EQ(waitExit(pid, err, 5), 0);
    EXPECT_TRUE(a.closedWithin(2));
    ::close(err);
}

TEST(Listen, SigtermEndsTheServerWithinASecondWhileClientsSearch) {
    int err = -1;
    const pid_t pid = startOhmhex({"--listen", "127.0.0.1:0", "-o", "max_time=60"}, err);
    ASSERT_GT(pid, 0);
    const std::uint16_t port = servingPort(err);
    ASSERT_NE(port, 0);
    test::TcpClient a(port);
    test::TcpClient b(port);
    a.send("boardsize 9\nplay b a1\nplay w i9\ngenmove b\n");
    b.send("boardsize 9\nplay b a1\nplay w i9\nsolve-state b 60\n");
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(a.reply(), "= \n\n");
        EXPECT_EQ(b.reply(), "= \n\n");
    }
    EXPECT_FALSE(a.reply(0.3).has_value()) << "genmove ended too soon to test anything";
    const auto start = std::chrono::steady_clock::now();
    ::kill(pid, SIGTERM);
    EXPECT_EQ(waitExit(pid, err, 5), 0);
    EXPECT_LT(std::chrono::steady_clock::now() - start,
              std::chrono::duration<double>(testing::kSlowdown));
    ::close(err);
}

TEST(Listen, ShortSecretFileIsRefusedAtStart) {
    const std::string file = (std::filesystem::temp_directory_path() /
                              ("ohmhex-listen-secret-" + std::to_string(::getpid())))
                                 .string();
    if (FILE* out = std::fopen(file.c_str(), "w")) {
        std::fputs("too-short\n", out);
        std::fclose(out);
    }
    int err = -1;
    const pid_t pid = startOhmhex({"--listen", "127.0.0.1:0", "--secret-file", file}, err);
    const std::string log = waitFor(err, "at least 16");
    EXPECT_NE(log.find("has 9 characters; at least 16 are needed"), std::string::npos) << log;
    EXPECT_EQ(waitExit(pid, err, 5), 1);
    ::close(err);
    std::remove(file.c_str());
}

TEST(Listen, NonLoopbackWithoutSecretIsRefused) {
    int err = -1;
    const pid_t pid = startOhmhex({"--listen", "0.0.0.0:0"}, err);
    const std::string log = waitFor(err, "needs a shared secret");
    EXPECT_NE(log.find("needs a shared secret"), std::string::npos) << log;
    EXPECT_EQ(waitExit(pid, err, 5), 1);
    ::close(err);
}

TEST(Listen, BadAddressOrSecretFileIsAClearError) {
    int err = -1;
    pid_t pid = startOhmhex({"--listen", "nowhere"}, err);
    EXPECT_EQ(waitExit(pid, err, 5), 2);
    ::close(err);
    pid = startOhmhex({"--listen", "127.0.0.1:0", "--secret-file", "/nonexistent/secret"}, err);
    const std::string log = waitFor(err, "cannot read the secret file");
    EXPECT_NE(log.find("cannot read the secret file"), std::string::npos) << log;
    EXPECT_EQ(waitExit(pid, err, 5), 1);
    ::close(err);
}

} // namespace
} // namespace hex
