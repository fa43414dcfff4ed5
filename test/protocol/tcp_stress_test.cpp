// Several TCP clients at once, each changing logging options, running genmove with tiny limits
// and disconnecting at random moments, for a few seconds: the server must survive and still
// serve a fresh client. Replacing the process's logger on a worker thread while other threads
// logged crashed this within a second.
#include "engine/logging.h"
#include "test/support/tcp_client.h"
#include "test/support/tcp_server.h"

#include <gtest/gtest.h>

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace hex {
namespace {

constexpr auto kStressTime = std::chrono::milliseconds(2500);

// One client's life: a few commands, some replies read, then a disconnect (often mid-command).
void clientSession(std::uint16_t port, std::mt19937& random, const std::string& logFile) {
    static const std::vector<std::string> levels{"debug", "info", "warn", "trace"};
    test::TcpClient client(port);
    const std::string level = levels[random() % levels.size()];
    const std::string file = random() % 2 ? logFile : "";
    // tt_mb 1: every genmove builds its table, and 64 MB tables (the default) made this test take
    // 25 s under ThreadSanitizer, which shadows every byte written; the size plays no part here.
    client.send("boardsize 5\nparam_ohmhex max_nodes 300\nparam_ohmhex tt_mb 1\n"
                "param_ohmhex log_level " +
                level + "\nparam_ohmhex log_file " + file + "\nparam_ohmhex log_htp 1\n");
    const int genmoves = static_cast<int>(random() % 4);
    for (int i = 0; i < genmoves; ++i)
        client.send(std::string(i % 2 ? "genmove w\n" : "genmove b\n") + "param_ohmhex log_level " +
                    levels[random() % levels.size()] + "\n");
    const int toRead = static_cast<int>(random() % (2 * genmoves + 6));
    for (int i = 0; i < toRead; ++i)
        if (!client.reply(2))
            break;
}

TEST(TcpStress, ClientsChangingLoggingWhileOthersSearchCannotCrashTheServer) {
    const std::string logFile = (std::filesystem::temp_directory_path() /
                                 ("ohmhex-stress-" + std::to_string(::getpid()) + ".log"))
                                    .string();
    configureLogging(Engine().options()); // as ohmhex's main does, before any thread starts
    TcpSessionConfig config;
    config.maxConnections = 16;
    config.idleTimeoutSeconds = 30;
    // Deliberately not remoteClientEngine: its clients may not change logging at all, and this
    // test keeps the reconfiguration itself under concurrent logging.
    test::TcpTestServer server(config);
    const auto end = std::chrono::steady_clock::now() + kStressTime;
    std::vector<std::thread> clients;
    for (unsigned seed = 1; seed <= 6; ++seed)
        clients.emplace_back([&, seed] {
            std::mt19937 random(seed);
            while (std::chrono::steady_clock::now() < end)
                clientSession(server.port(), random, logFile);
        });
    for (auto& client : clients)
        client.join();
    test::TcpClient fresh(server.port());
    fresh.send("param_ohmhex log_level info\nname\n");
    EXPECT_TRUE(fresh.reply().has_value());
    EXPECT_EQ(fresh.reply(), "= OhmHex\n\n");
    server.stopAndJoin();
    std::filesystem::remove(logFile);
}

} // namespace
} // namespace hex
