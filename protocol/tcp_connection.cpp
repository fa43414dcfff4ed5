#include "protocol/tcp_connection.h"

#include <spdlog/spdlog.h>

namespace hex {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

std::chrono::steady_clock::duration seconds(double value) {
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(value));
}

// The memory a queued command holds, counted against tcp_max_queued_input: its text and the
// queue entry itself, so a flood of empty lines counts too.
std::size_t queuedCost(const QueuedCommand& command) {
    return command.line.size() + sizeof(QueuedCommand);
}

} // namespace

TcpConnection::TcpConnection(Socket socket, const TcpSessionConfig& config,
                             const ConnectionEngineFactory& factory, Hooks hooks)
    : socket_(std::move(socket)), idle_(socket_.get_executor()), auth_(socket_.get_executor()),
      config_(config), factory_(factory), hooks_(std::move(hooks)),
      backlog_(config.maxUnreadOutput), framing_(config.secret, config.maxLine) {
    boost::system::error_code ignored;
    peer_ = socket_.remote_endpoint(ignored).address().to_string(ignored);
}

void TcpConnection::start() {
    armIdleTimer();
    if (framing_.authenticated())
        authenticate();
    else
        armAuthDeadline();
    resumeReading();
}

// The client has sent the secret (or there is none): it gets a slot, its engine and its worker,
// or is told that every slot is taken.
void TcpConnection::authenticate() {
    auth_.cancel();
    if (!hooks_.authenticated(shared_from_this())) {
        spdlog::warn("tcp: refusing {}: {} connections already", peer_, config_.maxConnections);
        send("? too many connections (limit " + std::to_string(config_.maxConnections) + ")\n\n",
             true);
        return;
    }
    state_ = factory_();
    workerDone_ = false;
    worker_ = std::thread([self = shared_from_this()] { self->work(); });
}

// A wrong secret is answered only after a delay, while the connection still counts against its
// address's unauthenticated limit: that bounds the guesses per second from one address.
void TcpConnection::failAuthentication() {
    spdlog::warn("tcp: {} sent a wrong secret; closing", peer_);
    auth_.cancel();
    auth_.expires_after(seconds(config_.authFailureDelaySeconds));
    auth_.async_wait([self = shared_from_this()](boost::system::error_code error) {
        if (!error && !self->closed_)
            self->send("? authentication failed\n\n", true);
    });
}

void TcpConnection::armAuthDeadline() {
    if (config_.authTimeoutSeconds <= 0)
        return;
    auth_.expires_after(seconds(config_.authTimeoutSeconds));
    auth_.async_wait([self = shared_from_this()](boost::system::error_code error) {
        if (error || self->closed_ || self->framing_.authenticated() || self->framing_.failed())
            return;
        spdlog::warn("tcp: {} sent no secret within {} s; closing", self->peer_,
                     self->config_.authTimeoutSeconds);
        self->send("? authentication timeout\n\n", true);
    });
}

void TcpConnection::close() {
    if (closed_)
        return;
    closed_ = true;
    idle_.cancel();
    auth_.cancel();
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    if (state_)
        state_->htp.interrupt();
    queue_.cancel();
    backlog_.close();
    maybeFinish();
}

void TcpConnection::join() {
    if (worker_.joinable())
        worker_.join();
}

void TcpConnection::maybeFinish() {
    if (workerDone_ && closed_ && !finishedCalled_) {
        finishedCalled_ = true;
        hooks_.finished(shared_from_this());
    }
}

// Backpressure: past the limits on queued commands or unread replies the connection stops
// reading, so the client's own sends block instead of the server's memory growing.
bool TcpConnection::wantsInput() const {
    return !closed_ && !closeAfterWrites_ && !framing_.failed() &&
           queuedBytes_ <= config_.maxQueuedInput && !backlog_.full();
}

void TcpConnection::read() {
    reading_ = true;
    socket_.async_read_some(
        asio::buffer(buffer_),
        [self = shared_from_this()](boost::system::error_code error, std::size_t n) {
            self->reading_ = false;
            if (self->closed_)
                return;
            if (error) {
                spdlog::info("tcp: {} disconnected ({})", self->peer_,
                             error == asio::error::eof ? "end of stream" : error.message());
                self->close();
                return;
            }
            self->consume(std::string_view(self->buffer_.data(), n));
            self->resumeReading();
        });
}

void TcpConnection::resumeReading() {
    if (!reading_ && wantsInput())
        read();
}

void TcpConnection::consume(std::string_view data) {
    while (!closeAfterWrites_ && !closed_ && !framing_.failed()) {
        const std::optional<TcpFraming::Event> event = framing_.next(data);
        if (!event)
            return;
        handle(*event);
    }
}

void TcpConnection::handle(const TcpFraming::Event& event) {
    if (event.lineEnded)
        lastActivity_ = std::chrono::steady_clock::now();
    switch (event.kind) {
    case TcpFraming::Kind::Authenticated:
        return authenticate();
    case TcpFraming::Kind::WrongSecret:
        return failAuthentication();
    case TcpFraming::Kind::Line:
        break;
    }
    if (event.interrupt)
        state_->htp.interrupt();
    if (!event.command)
        return;
    QueuedCommand command{event.text, state_->htp.issue(), event.tooLong};
    ++pending_;
    queuedBytes_ += queuedCost(command);
    queue_.push(std::move(command));
}

// Worker thread: one command at a time, replies handed back to the I/O thread; it waits while
// the client leaves too many replies unread.
void TcpConnection::work() {
    while (backlog_.waitForRoom()) {
        const std::optional<QueuedCommand> command = queue_.pop();
        if (!command)
            break;
        std::string reply = runQueued(state_->htp, *command, config_.maxLine).value_or("");
        const bool quit = state_->htp.quitRequested();
        asio::post(socket_.get_executor(), [self = shared_from_this(), reply = std::move(reply),
                                            quit, cost = queuedCost(*command)] {
            --self->pending_;
            self->queuedBytes_ -= cost;
            self->lastActivity_ = std::chrono::steady_clock::now();
            if (!self->closed_ && !reply.empty())
                self->send(reply, quit);
            else if (quit)
                self->close();
            if (!self->closed_)
                self->resumeReading();
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
    backlog_.added(text.size());
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
                          self->lastActivity_ = std::chrono::steady_clock::now();
                          self->backlog_.written(self->writes_.front().size());
                          self->writes_.pop_front();
                          if (!self->writes_.empty())
                              self->writeFront();
                          else if (self->closeAfterWrites_)
                              self->close();
                          if (!self->closed_)
                              self->resumeReading();
                      });
}

// Idle means: no complete line received, no command finished and no reply written for the
// timeout, while no command runs. A command waiting for the client to read its earlier replies
// is not running: a client that stops reading is idle too, and is closed at once (a farewell
// behind the unread replies would never arrive).
void TcpConnection::armIdleTimer() {
    if (config_.idleTimeoutSeconds <= 0)
        return;
    const auto timeout = seconds(config_.idleTimeoutSeconds);
    idle_.expires_at(lastActivity_ + timeout);
    idle_.async_wait([self = shared_from_this(), timeout](boost::system::error_code error) {
        if (error || self->closed_)
            return;
        const bool running = self->pending_ > 0 && !self->backlog_.full();
        if (running)
            self->lastActivity_ = std::chrono::steady_clock::now();
        else if (std::chrono::steady_clock::now() - self->lastActivity_ >= timeout) {
            spdlog::info("tcp: {} idle for {} s; closing", self->peer_,
                         self->config_.idleTimeoutSeconds);
            if (self->writes_.empty())
                self->send("? idle timeout\n\n", true);
            else
                self->close();
            return;
        }
        self->armIdleTimer();
    });
}

} // namespace hex
