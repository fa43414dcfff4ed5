#pragma once

#include "protocol/commands.h"
#include "protocol/tcp_session.h"

#include <chrono>
#include <memory>
#include <thread>
#include <utility>

namespace hex::test {

// The full command set plus "test-wait": a command that runs until interrupted (at most 10 s).
inline std::unique_ptr<ConnectionEngine> connectionWithTestWait() {
    auto state = std::make_unique<ConnectionEngine>();
    addAllCommands(state->htp, state->engine);
    htp::Engine& htp = state->htp;
    htp.add(
        "test-wait",
        [&htp](const htp::Args&) {
            const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (!htp.interrupted() && std::chrono::steady_clock::now() < end)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            return std::string(htp.interrupted() ? "interrupted" : "timeout");
        },
        "test-wait: runs until interrupted");
    return state;
}

// A server on an ephemeral loopback port, run on its own thread for the test's lifetime.
class TcpTestServer {
public:
    explicit TcpTestServer(TcpSessionConfig config,
                           ConnectionEngineFactory factory = connectionWithTestWait)
        : server_(std::move(config), std::move(factory)), thread_([this] { server_.run(); }) {}
    ~TcpTestServer() { stopAndJoin(); }
    TcpTestServer(const TcpTestServer&) = delete;
    TcpTestServer& operator=(const TcpTestServer&) = delete;

    std::uint16_t port() const { return server_.port(); }
    void stopAndJoin() {
        server_.stop();
        if (thread_.joinable())
            thread_.join();
    }

private:
    TcpServer server_;
    std::thread thread_;
};

} // namespace hex::test
