#pragma once

#include "protocol/command_queue.h"
#include "protocol/reply_backlog.h"
#include "protocol/tcp_framing.h"
#include "protocol/tcp_session.h"

// Boost 1.74's asio uses std::exchange without including <utility> in C++20 mode.
#include <utility>

#include <boost/asio.hpp>

#include <array>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

namespace hex {

// One TCP client of TcpServer: the socket, authentication, the deadlines and the limits on
// buffered input and output live on the I/O thread; once the client is authenticated and has a
// slot, its commands run one at a time on its own worker thread, and their replies are handed
// back to the I/O thread to be written in order.
class TcpConnection : public std::enable_shared_from_this<TcpConnection> {
public:
    using Socket = boost::asio::ip::tcp::socket;
    struct Hooks {
        // Called on the I/O thread when the client has authenticated (at once without a secret):
        // true if it may be served, false if every slot is taken.
        std::function<bool(const std::shared_ptr<TcpConnection>&)> authenticated;
        // Called on the I/O thread once the connection is closed and its worker has stopped.
        std::function<void(const std::shared_ptr<TcpConnection>&)> finished;
    };

    // `config` and `factory` must outlive the connection (they are the server's).
    TcpConnection(Socket socket, const TcpSessionConfig& config,
                  const ConnectionEngineFactory& factory, Hooks hooks);

    void start();
    // I/O thread: drops the client, interrupts its command and lets the worker finish.
    void close();
    // I/O thread, once the worker has posted that it is done.
    void join();

    const std::string& peer() const noexcept { return peer_; }

private:
    void authenticate();
    void failAuthentication();
    void maybeFinish();
    bool wantsInput() const;
    void read();
    void resumeReading();
    void consume(std::string_view data);
    void handle(const TcpFraming::Event& event);
    void work();
    void send(std::string text, bool thenClose);
    void writeFront();
    void armIdleTimer();
    void armAuthDeadline();

    Socket socket_;
    boost::asio::steady_timer idle_;
    boost::asio::steady_timer auth_; // the authentication deadline, then the failure delay
    const TcpSessionConfig& config_;
    const ConnectionEngineFactory& factory_;
    Hooks hooks_;
    std::string peer_;
    std::unique_ptr<ConnectionEngine> state_; // made once the client has a slot
    std::thread worker_;

    // Shared with the worker.
    CommandQueue queue_;
    ReplyBacklog backlog_;

    // I/O thread only.
    std::array<char, 8192> buffer_{};
    TcpFraming framing_;
    bool reading_ = false;
    bool closed_ = false;
    bool closeAfterWrites_ = false;
    bool workerDone_ = true; // no worker yet
    bool finishedCalled_ = false;
    int pending_ = 0;             // commands queued or running
    std::size_t queuedBytes_ = 0; // what those commands hold (queuedCost)
    std::deque<std::string> writes_;
    // The last complete line received, command finished or reply written: single bytes do not
    // count, so a client cannot hold its slot by dribbling a line that never ends.
    std::chrono::steady_clock::time_point lastActivity_ = std::chrono::steady_clock::now();
};

} // namespace hex
