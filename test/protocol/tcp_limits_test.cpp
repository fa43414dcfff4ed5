// The TCP server's defences against clients that would starve others or grow its memory:
// the authentication deadline, the idle deadline per line, the secret's rules, the slots kept
// for authenticated clients, the per-address limit and the bounds on buffered input and output.
#include "protocol/tcp_session.h"
#include "test/support/sanitizer_scaling.h"
#include "test/support/tcp_client.h"
#include "test/support/tcp_server.h"

#include <gtest/gtest.h>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace hex {
namespace {

using Clock = std::chrono::steady_clock;
using Server = test::TcpTestServer;

const std::string kSecret = "correct-horse-battery";

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

TcpSessionConfig withSecret() {
    TcpSessionConfig c;
    c.secret = kSecret;
    c.idleTimeoutSeconds = 30;
    c.authTimeoutSeconds = 0.5;
    c.authFailureDelaySeconds = 0.05;
    return c;
}

// Sends `bytes` one at a time, 0.1 s apart, until the server closes the connection; whether it
// did before the bytes ran out.
bool dribbleUntilClosed(test::TcpClient& client, std::string_view bytes) {
    for (char byte : bytes) {
        client.send(std::string(1, byte));
        if (client.closedWithin(0.1))
            return true;
    }
    return false;
}

TEST(TcpLimits, SilentClientMustSendTheSecretBeforeTheDeadline) {
    Server server(withSecret());
    test::TcpClient silent(server.port());
    const auto start = Clock::now();
    EXPECT_EQ(silent.reply(3), "? authentication timeout\n\n");
    EXPECT_GE(secondsSince(start), 0.4);
    EXPECT_TRUE(silent.closedWithin(2));
}

TEST(TcpLimits, DribblingTheSecretDoesNotPutOffTheDeadline) {
    Server server(withSecret());
    test::TcpClient slow(server.port());
    const auto start = Clock::now();
    const bool closed = dribbleUntilClosed(slow, kSecret);
    EXPECT_TRUE(closed || slow.closedWithin(2));
    EXPECT_LT(secondsSince(start), 1.5);
}

TEST(TcpLimits, DribblingALineDoesNotPutOffTheIdleDeadline) {
    TcpSessionConfig c;
    c.idleTimeoutSeconds = 0.5;
    Server server(c);
    test::TcpClient slow(server.port());
    slow.send("name\n");
    ASSERT_EQ(slow.reply(), "= OhmHex\n\n");
    const auto start = Clock::now();
    const bool closed = dribbleUntilClosed(slow, std::string(40, 'n')); // never a newline
    EXPECT_TRUE(closed) << "still connected after 4 s of single bytes";
    EXPECT_LT(secondsSince(start), 1.5);
}

TEST(TcpLimits, SecretsShorterThanSixteenCharactersAreRefused) {
    TcpSessionConfig c;
    c.secret = "fifteen-chars!!";
    ASSERT_EQ(c.secret.size(), 15u);
    EXPECT_THROW(TcpServer(c, [] { return std::make_unique<ConnectionEngine>(); }),
                 std::runtime_error);
    const auto file =
        std::filesystem::temp_directory_path() / ("ohmhex-secret-" + std::to_string(::getpid()));
    std::ofstream(file) << c.secret << "\n";
    try {
        readSecretFile(file.string());
        ADD_FAILURE() << "a 15-character secret file was accepted";
    } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find("at least 16"), std::string::npos) << error.what();
    }
    std::ofstream(file) << "  " << kSecret << "  \n";
    EXPECT_EQ(readSecretFile(file.string()), kSecret);
    std::filesystem::remove(file);
}

// A waiting connection holds little memory: a line longer than any secret line is a wrong secret
// at once, without waiting for its newline.
TEST(TcpLimits, LongLineBeforeAuthenticationIsAWrongSecret) {
    Server server(withSecret());
    test::TcpClient flood(server.port());
    flood.send(std::string(1 << 16, 'x'));
    EXPECT_EQ(flood.reply(2), "? authentication failed\n\n");
    EXPECT_TRUE(flood.closedWithin(2));
}

TEST(TcpLimits, WrongSecretIsAnsweredAfterTheDelay) {
    TcpSessionConfig c = withSecret();
    c.authFailureDelaySeconds = 0.5;
    Server server(c);
    test::TcpClient guess(server.port());
    const auto start = Clock::now();
    guess.send(kSecret.substr(0, kSecret.size() - 1) + "X\n");
    EXPECT_EQ(guess.reply(3), "? authentication failed\n\n");
    EXPECT_GE(secondsSince(start), 0.45);
    EXPECT_TRUE(guess.closedWithin(2));
}

// Clients that connect and never say anything.
std::vector<std::unique_ptr<test::TcpClient>> silentClients(std::uint16_t port, int count) {
    std::vector<std::unique_ptr<test::TcpClient>> clients;
    for (int i = 0; i < count; ++i)
        clients.push_back(std::make_unique<test::TcpClient>(port));
    return clients;
}

// Unauthenticated clients do not take the slots: with every slot's worth of silent sockets open,
// a client with the secret is served at once.
TEST(TcpLimits, SilentClientsDoNotTakeTheSlots) {
    TcpSessionConfig c = withSecret();
    c.authTimeoutSeconds = 10;
    c.maxConnections = 2;
    Server server(c);
    const auto silent = silentClients(server.port(), 3);
    test::TcpClient legit(server.port());
    legit.send(kSecret + "\nname\n");
    EXPECT_EQ(legit.reply(2), "= OhmHex\n\n");
}

// One address may hold a few unauthenticated connections; past them it is refused, and a client
// from elsewhere is not; once the deadline has closed the silent ones, the address is served.
TEST(TcpLimits, UnauthenticatedConnectionsAreLimitedPerAddress) {
    TcpSessionConfig c = withSecret();
    c.authTimeoutSeconds = 1;
    c.maxUnauthenticatedPerAddress = 3;
    Server server(c);
    const auto silent = silentClients(server.port(), 3);
    const auto start = Clock::now();
    test::TcpClient refused(server.port());
    EXPECT_EQ(refused.reply(2),
              "? too many unauthenticated connections from 127.0.0.1 (limit 3)\n\n");
    test::TcpClient elsewhere(server.port(), "127.0.0.2");
    ASSERT_TRUE(elsewhere.connected());
    elsewhere.send(kSecret + "\nname\n");
    EXPECT_EQ(elsewhere.reply(2), "= OhmHex\n\n");
    for (int attempt = 0; attempt < 60; ++attempt) {
        test::TcpClient legit(server.port());
        legit.send(kSecret + "\nname\n");
        if (legit.reply(2) == "= OhmHex\n\n") {
            EXPECT_GE(secondsSince(start), 0.8) << "served before the silent ones left";
            EXPECT_LT(secondsSince(start), 2.5);
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL() << "the address was never served again";
}

// A client that pipelines commands and never reads: the server stops reading from it once its
// queued commands and unread replies pass their bounds, so the client's sends stall long before
// all of it is taken; then every complete command it got in is answered, in order.
TEST(TcpLimits, ClientThatNeverReadsIsHeldBackAndLosesNothing) {
    TcpSessionConfig c;
    c.idleTimeoutSeconds = 30;
    c.maxQueuedInput = 16 * 1024;
    c.maxUnreadOutput = 16 * 1024;
    Server server(c);
    test::TcpClient flood(server.port());
    const std::string command = "list_commands\n"; // a short command with a long reply
    std::string chunk;
    while (chunk.size() < (1 << 16))
        chunk += command;
    constexpr std::size_t kOffered = 32u << 20;
    std::size_t sent = 0;
    while (sent < kOffered) {
        const std::size_t n = flood.sendUntilStalled(chunk, 1.0);
        sent += n;
        if (n < chunk.size())
            break;
    }
    EXPECT_LT(sent, kOffered / 4) << "the server kept taking commands it could not answer";
    const std::size_t complete = sent / command.size();
    std::size_t answered = 0;
    const auto start = Clock::now();
    while (answered < complete && secondsSince(start) < 20 * testing::kSlowdown) {
        const auto reply = flood.reply(5);
        if (!reply || reply->rfind("= ", 0) != 0)
            break;
        ++answered;
    }
    EXPECT_EQ(answered, complete);
}

// A client refused in a loop cannot flood the log: one line per second at most.
// What the process logs while it lives, as text; added before and removed after any server
// thread logs.
class CapturedLog {
public:
    CapturedLog() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)) {
        spdlog::default_logger()->sinks().push_back(sink_);
    }
    ~CapturedLog() {
        auto& sinks = spdlog::default_logger()->sinks();
        sinks.erase(std::find(sinks.begin(), sinks.end(), sink_));
    }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;

    std::size_t count(std::string_view needle) const {
        const std::string text = text_.str();
        std::size_t found = 0;
        for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
            ++found;
        return found;
    }

private:
    std::ostringstream text_;
    std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

TEST(TcpLimits, RefusalsAreLoggedAtMostOncePerSecond) {
    const CapturedLog log;
    {
        TcpSessionConfig c;
        c.maxConnections = 1;
        Server server(c);
        test::TcpClient holder(server.port());
        holder.send("name\n");
        ASSERT_EQ(holder.reply(), "= OhmHex\n\n");
        const auto start = Clock::now();
        int refused = 0;
        for (; refused < 50 && secondsSince(start) < 0.8; ++refused) {
            test::TcpClient extra(server.port());
            ASSERT_EQ(extra.reply(), "? too many connections (limit 1)\n\n");
        }
        EXPECT_GT(refused, 10);
    }
    EXPECT_EQ(log.count("refusing a client"), 1u);
}

// A client on a server with one slot, once the slot is free (at most 5 s); nullptr if never.
std::unique_ptr<test::TcpClient> servedClient(std::uint16_t port) {
    const auto start = Clock::now();
    while (secondsSince(start) < 5) {
        auto client = std::make_unique<test::TcpClient>(port);
        client->send("name\n");
        if (client->reply(1) == "= OhmHex\n\n")
            return client;
    }
    return nullptr;
}

// A client that leaves frees its slot at once: its running search or proof is interrupted.
TEST(TcpLimits, DisconnectStopsTheClientsWorkAndFreesItsSlot) {
    TcpSessionConfig c;
    c.idleTimeoutSeconds = 30;
    c.maxConnections = 1;
    Server server(c);
    for (const char* work : {"genmove b\n", "solve-state b 60\n"}) {
        auto busy = servedClient(server.port());
        ASSERT_TRUE(busy);
        // Past the opening book, on a board the solver does not finish in a second.
        busy->send("boardsize 9\nparam_ohmhex max_time 60\nplay b a1\nplay w i9\n");
        for (int i = 0; i < 4; ++i)
            ASSERT_EQ(busy->reply(), "= \n\n");
        busy->send(work);
        EXPECT_FALSE(busy->reply(0.3).has_value()) << work << " ended too soon to test anything";
        const auto start = Clock::now();
        busy.reset();
        EXPECT_TRUE(servedClient(server.port()));
        EXPECT_LT(secondsSince(start), 1.0 * testing::kSlowdown) << work;
    }
}

} // namespace
} // namespace hex
