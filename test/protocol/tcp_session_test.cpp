#include "protocol/commands.h"
#include "protocol/tcp_session.h"
#include "test/support/tcp_client.h"
#include "test/support/tcp_server.h"

#include <gtest/gtest.h>

#include <thread>

namespace hex {
namespace {

using Server = test::TcpTestServer;

TcpSessionConfig config() {
    TcpSessionConfig c;
    c.idleTimeoutSeconds = 30;
    return c;
}

TEST(TcpSession, TwoClientsKeepIndependentState) {
    Server server(config());
    test::TcpClient a(server.port());
    test::TcpClient b(server.port());
    ASSERT_TRUE(a.connected() && b.connected());
    a.send("boardsize 5\nplay b a1\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    b.send("boardsize 7\nplay b a1\n");
    EXPECT_EQ(b.reply(), "= \n\n");
    EXPECT_EQ(b.reply(), "= \n\n");
    a.send("play w a1\n");
    EXPECT_EQ(a.reply().value_or("").rfind("? illegal move", 0), 0u);
    b.send("play w g7\nplay w e5\n");
    EXPECT_EQ(b.reply(), "= \n\n");
    EXPECT_EQ(b.reply(), "= \n\n");
    a.send("play w e5\nplay w g7\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    EXPECT_EQ(a.reply().value_or("").rfind("? ", 0), 0u) << "g7 is off a 5x5 board";
}

TEST(TcpSession, CommentsAndEmptyLinesGetNoReply) {
    Server server(config());
    test::TcpClient a(server.port());
    a.send("\n# a comment\n   \nname\r\n");
    EXPECT_EQ(a.reply(), "= OhmHex\n\n");
}

TEST(TcpSession, RefusesConnectionsOverTheLimit) {
    TcpSessionConfig c = config();
    c.maxConnections = 2;
    Server server(c);
    test::TcpClient a(server.port());
    test::TcpClient b(server.port());
    a.send("name\n");
    b.send("name\n");
    EXPECT_EQ(a.reply(), "= OhmHex\n\n");
    EXPECT_EQ(b.reply(), "= OhmHex\n\n");
    test::TcpClient c3(server.port());
    EXPECT_EQ(c3.reply(), "? too many connections (limit 2)\n\n");
    EXPECT_TRUE(c3.closedWithin(2));
    a.close();
    // The server notices the closed client, then admits a new one.
    for (int attempt = 0; attempt < 100; ++attempt) {
        test::TcpClient d(server.port());
        d.send("name\n");
        if (auto reply = d.reply(); reply == "= OhmHex\n\n")
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    FAIL() << "a freed slot was never reused";
}

TEST(TcpSession, TenMegabytesWithoutNewlineIsRefusedAndTheConnectionGoesOn) {
    Server server(config());
    test::TcpClient a(server.port());
    std::thread writer([&a] {
        const std::string chunk(1 << 20, 'x');
        for (int i = 0; i < 10; ++i)
            a.send(chunk);
        a.send("\nname\n");
    });
    EXPECT_EQ(a.reply(20), "? line too long (more than 1048576 bytes)\n\n");
    EXPECT_EQ(a.reply(), "= OhmHex\n\n");
    writer.join();
}

TEST(TcpSession, LineLimitIsAParameter) {
    TcpSessionConfig c = config();
    c.maxLine = 100;
    Server server(c);
    test::TcpClient a(server.port());
    a.send("name " + std::string(100, 'y') + "\nname\n");
    EXPECT_EQ(a.reply(), "? line too long (more than 100 bytes)\n\n");
    EXPECT_EQ(a.reply(), "= OhmHex\n\n");
}

TEST(TcpSession, SecretMustBeTheFirstLine) {
    TcpSessionConfig c = config();
    c.secret = "a-secret-of-16+chars";
    c.authFailureDelaySeconds = 0.05;
    Server server(c);
    test::TcpClient good(server.port());
    good.send("a-secret-of-16+chars\nname\n");
    EXPECT_EQ(good.reply(), "= OhmHex\n\n");
    test::TcpClient wrong(server.port());
    wrong.send("guess\nname\n");
    EXPECT_EQ(wrong.reply(), "? authentication failed\n\n");
    EXPECT_TRUE(wrong.closedWithin(2));
    test::TcpClient missing(server.port());
    missing.send("name\n");
    EXPECT_EQ(missing.reply(), "? authentication failed\n\n");
    EXPECT_TRUE(missing.closedWithin(2));
    good.send("version\n");
    EXPECT_TRUE(good.reply().has_value());
}

TEST(TcpSession, NonLoopbackAddressNeedsASecret) {
    TcpSessionConfig c = config();
    c.host = "0.0.0.0";
    EXPECT_THROW(TcpServer(c, [] { return std::make_unique<ConnectionEngine>(); }),
                 std::runtime_error);
}

TEST(TcpSession, SilentClientIsDisconnectedAfterTheIdleTimeout) {
    TcpSessionConfig c = config();
    c.idleTimeoutSeconds = 0.3;
    Server server(c);
    test::TcpClient silent(server.port());
    test::TcpClient busy(server.port());
    busy.send("test-wait\n");
    EXPECT_TRUE(silent.closedWithin(3));
    // A running command is not idleness: the busy client is still served.
    busy.send("# interrupt\n");
    EXPECT_EQ(busy.reply(), "= interrupted\n\n");
}

TEST(TcpSession, InterruptStopsOnlyThatClientsCommand) {
    Server server(config());
    test::TcpClient a(server.port());
    test::TcpClient b(server.port());
    a.send("test-wait\n");
    b.send("test-wait\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    a.send("# interrupt\n");
    EXPECT_EQ(a.reply(2), "= interrupted\n\n");
    EXPECT_FALSE(b.reply(0.3).has_value()) << "b's command must still be running";
    b.send("# interrupt\nname\n");
    EXPECT_EQ(b.reply(2), "= interrupted\n\n");
    EXPECT_EQ(b.reply(), "= OhmHex\n\n");
}

TEST(TcpSession, DisconnectMidCommandLeavesTheServerServing) {
    Server server(config());
    {
        test::TcpClient a(server.port());
        a.send("test-wait\n");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    test::TcpClient b(server.port());
    b.send("name\n");
    EXPECT_EQ(b.reply(), "= OhmHex\n\n");
    const auto start = std::chrono::steady_clock::now();
    server.stopAndJoin();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

TEST(TcpSession, QuitRepliesThenCloses) {
    Server server(config());
    test::TcpClient a(server.port());
    a.send("quit\nname\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    EXPECT_TRUE(a.closedWithin(2));
}

TEST(TcpSession, StopEndsRunningCommandsAndConnections) {
    Server server(config());
    test::TcpClient a(server.port());
    a.send("test-wait\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto start = std::chrono::steady_clock::now();
    server.stopAndJoin();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
    EXPECT_TRUE(a.closedWithin(2));
}

// The start options of a server whose clients may use 128 MB of table at most.
Options startOptions() {
    Options options = Engine().options();
    EXPECT_EQ(options.set("tcp_max_tt_mb", "128"), std::nullopt);
    return options;
}

TEST(TcpSession, ClientsCannotChangeProcessWideOptionsAndAreCapped) {
    const Options options = startOptions();
    Server server(config(), [&options] { return remoteClientEngine(options, FileAccess::none()); });
    test::TcpClient a(server.port());
    for (const char* name : {"log_level", "log_file", "log_htp", "solver_threads"}) {
        a.send(std::string("param_ohmhex ") + name + " 1\n");
        EXPECT_EQ(a.reply(),
                  std::string("? ") + name + " is process-wide: a TCP client cannot change it\n\n");
    }
    for (const char* name :
         {"tcp_max_connections", "tcp_secret_file", "tcp_max_line", "tcp_idle_timeout",
          "tcp_max_tt_mb", "tcp_auth_timeout", "tcp_max_unauthenticated", "tcp_max_queued_input",
          "tcp_max_unread_output"}) {
        a.send(std::string("param_ohmhex ") + name + " 100\n");
        EXPECT_EQ(a.reply(), std::string("? ") + name +
                                 " is read when ohmhex starts: set it with -o " + name +
                                 "=VALUE or --config\n\n");
    }
    a.send("param_ohmhex tt_mb 129\nparam_ohmhex tt_mb 128\nparam_ohmhex tt_mb\n");
    EXPECT_EQ(a.reply(), "? tt_mb is an integer in 1..128\n\n");
    EXPECT_EQ(a.reply(), "= \n\n");
    EXPECT_EQ(a.reply(), "= 128\n\n");
    a.send("param_ohmhex log_level\n");
    EXPECT_EQ(a.reply(), "= info\n\n") << "reading is allowed";
    a.send("savesgf game.sgf\n");
    EXPECT_EQ(a.reply(),
              "? file commands are off for TCP clients (the server has no --files-dir)\n\n");
}

TEST(TcpSession, StartOptionsAboveTheClientCapsAreRefused) {
    Options options = startOptions();
    ASSERT_EQ(options.set("tt_mb", "256"), std::nullopt);
    EXPECT_THROW(remoteClientEngine(options, FileAccess::none()), std::runtime_error);
}

TEST(TcpSession, ParsesListenAddresses) {
    std::string host;
    std::uint16_t port = 0;
    EXPECT_FALSE(parseListenAddress("127.0.0.1:20000", host, port));
    EXPECT_EQ(host, "127.0.0.1");
    EXPECT_EQ(port, 20000);
    EXPECT_FALSE(parseListenAddress(":5", host, port));
    EXPECT_EQ(host, "127.0.0.1");
    EXPECT_FALSE(parseListenAddress("[::1]:7", host, port));
    EXPECT_EQ(host, "::1");
    EXPECT_TRUE(parseListenAddress("localhost", host, port));
    EXPECT_TRUE(parseListenAddress("h:70000", host, port));
    EXPECT_TRUE(parseListenAddress("h:x1", host, port));
}

} // namespace
} // namespace hex
