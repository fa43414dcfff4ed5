#include "protocol/tcp_connection.h"

#include "protocol/stdio_session.h"

#include <spdlog/spdlog.h>

namespace hex {

namespace asio = boost::asio;
using asio::ip::tcp;

TcpConnection::TcpConnection(Socket socket, const TcpSessionConfig& config,
                             std::unique_ptr<ConnectionEngine> state, Finished finished)
    : socket_(std::move(socket)), idle_(socket_.get_executor()), config_(config),
      state_(std::move(state)), finished_(std::move(finished)),
      authenticated_(config.secret.empty()) {
    boost::system::error_code ignored;
    peer_ = socket_.remote_endpoint(ignored).address().to_string(ignored);
}

void TcpConnection::start() {
    worker_ = std::thread([self = shared_from_this()] { self->work(); });
    armIdleTimer();
    read();
}

void TcpConnection::close() {
    if (closed_)
        return;
    closed_ = true;
    idle_.cancel();
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    state_->htp.interrupt();
    queue_.cancel();
    maybeFinish();
}

void TcpConnection::join() {
    if (worker_.joinable())
        worker_.join();
}

void TcpConnection::maybeFinish() {
    if (workerDone_ && closed_ && !finishedCalled_) {
        finishedCalled_ = true;
        finished_(shared_from_this());
    }
}

void TcpConnection::read() {
    socket_.async_read_some(
        asio::buffer(buffer_),
        [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
            if (self->closed_)
                return;
            if (error) {
                spdlog::info("tcp: {} disconnected ({})", self->peer_,
                             error == asio::error::eof ? "end of stream" : error.message());
                self->close();
                return;
            }
            self->consume(std::string_view(self->buffer_.data(), n));
            if (!self->closed_ && !self->closeAfterWrites_)
                self->read();
        });
}

void TcpConnection::consume(std::string_view data) {
    lastActivity_ = std::chrono::steady_clock::now();
    for (char ch : data) {
        if (closeAfterWrites_ || closed_)
            return;
        if (ch != '\n') {
            if (line_.size() < config_.maxLine)
                line_ += ch;
            else
                tooLong_ = true; // discard the rest, but keep reading to the newline
            continue;
        }
        handleLine();
        line_.clear();
        tooLong_ = false;
    }
}

void TcpConnection::handleLine() {
    if (!authenticated_) {
        if (!tooLong_ && trimmedLine(line_) == config_.secret) {
            authenticated_ = true;
            return;
        }
        spdlog::warn("tcp: {} sent a wrong secret; closing", peer_);
        send("? authentication failed\n\n", true);
        return;
    }
    if (!tooLong_ && isInterruptLine(line_))
        state_->htp.interrupt();
    if (!tooLong_ && trimmedLine(line_).rfind('#', 0) == 0)
        return;
    ++pending_;
    queue_.push({tooLong_ ? std::string() : line_, state_->htp.issue(), tooLong_});
}

// Worker thread: one command at a time, replies handed back to the I/O thread.
void TcpConnection::work() {
    while (const std::optional<QueuedCommand> command = queue_.pop()) {
        std::string reply = runQueued(state_->htp, *command, config_.maxLine).value_or("");
        const bool quit = state_->htp.quitRequested();
        asio::post(socket_.get_executor(),
                   [self = shared_from_this(), reply = std::move(reply), quit] {
                       --self->pending_;
                       self->lastActivity_ = std::chrono::steady_clock::now();
                       if (!self->closed_ && !reply.empty())
                           self->send(reply, quit);
                       else if (quit)
                           self->close();
                   });
        if (quit)
            break;
    }
    asio::post(socket_.get_executor(), [self = shared_from_this()] {
        self->workerDone_ = true;
        // A quit reply still being written closes the connection when it is done.
        if (!self->closeAfterWrites_ || self->writes_.empty())
            self->close();
        self->maybeFinish();
    });
}

void TcpConnection::send(std::string text, bool thenClose) {
    if (closed_)
        return;
    closeAfterWrites_ = closeAfterWrites_ || thenClose;
    writes_.push_back(std::move(text));
    if (writes_.size() == 1)
        writeFront();
}

void TcpConnection::writeFront() {
    asio::async_write(socket_, asio::buffer(writes_.front()),
                      [self = shared_from_this()](boost::system::error_code error, std::size_t) {
                          if (self->closed_)
                              return;
                          if (error) {
                              self->close();
                              return;
                          }
                          self->writes_.pop_front();
                          if (!self->writes_.empty())
                              self->writeFront();
                          else if (self->closeAfterWrites_)
                              self->close();
                      });
}

// Idle means: nothing received for the timeout while no command is queued or running and no
// reply is being written (a long genmove is not idleness).
void TcpConnection::armIdleTimer() {
    if (config_.idleTimeoutSeconds <= 0)
        return;
    const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(config_.idleTimeoutSeconds));
    idle_.expires_at(lastActivity_ + timeout);
    idle_.async_wait([self = shared_from_this(), timeout](boost::system::error_code error) {
        if (error || self->closed_)
            return;
        const bool busy = self->pending_ > 0 || !self->writes_.empty();
        if (!busy && std::chrono::steady_clock::now() - self->lastActivity_ >= timeout) {
            spdlog::info("tcp: {} idle for {} s; closing", self->peer_,
                         self->config_.idleTimeoutSeconds);
            self->send("? idle timeout\n\n", true);
            return;
        }
        if (busy)
            self->lastActivity_ = std::chrono::steady_clock::now();
        self->armIdleTimer();
    });
}

} // namespace hex
