#pragma once

#include "protocol/command_queue.h"
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

// One TCP client of TcpServer: the socket, the line limit, authentication and the idle timer
// live on the I/O thread; the client's commands run one at a time on its own worker thread, and
// their replies are handed back to the I/O thread to be written in order.
class TcpConnection : public std::enable_shared_from_this<TcpConnection> {
public:
    using Socket = boost::asio::ip::tcp::socket;
    // Called on the I/O thread once the connection is closed and its worker has stopped.
    using Finished = std::function<void(const std::shared_ptr<TcpConnection>&)>;

    TcpConnection(Socket socket, const TcpSessionConfig& config,
                  std::unique_ptr<ConnectionEngine> state, Finished finished);

    void start();
    // I/O thread: drops the client, interrupts its command and lets the worker finish.
    void close();
    // I/O thread, once the worker has posted that it is done.
    void join();

    const std::string& peer() const noexcept { return peer_; }

private:
    void maybeFinish();
    void read();
    void consume(std::string_view data);
    void handleLine();
    void work();
    void send(std::string text, bool thenClose);
    void writeFront();
    void armIdleTimer();

    Socket socket_;
    boost::asio::steady_timer idle_;
    const TcpSessionConfig& config_;
    std::unique_ptr<ConnectionEngine> state_;
    Finished finished_;
    std::string peer_;
    std::thread worker_;

    CommandQueue queue_; // shared with the worker

    // I/O thread only.
    std::array<char, 8192> buffer_{};
    std::string line_;
    bool tooLong_ = false;
    bool authenticated_;
    bool closed_ = false;
    bool closeAfterWrites_ = false;
    bool workerDone_ = false;
    bool finishedCalled_ = false;
    int pending_ = 0;
    std::deque<std::string> writes_;
    std::chrono::steady_clock::time_point lastActivity_ = std::chrono::steady_clock::now();
};

} // namespace hex
