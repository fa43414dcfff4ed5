#include "protocol/tcp_session.h"

#include "protocol/stdio_session.h"

// Boost 1.74's asio uses std::exchange without including <utility> in C++20 mode.
#include <utility>

#include <boost/asio.hpp>
#include <spdlog/spdlog.h>

#include <array>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

namespace hex {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

std::string_view trimmedLine(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

struct Queued {
    std::string line;
    std::uint64_t ticket = 0;
    bool tooLong = false;
    bool end = false;
};

} // namespace

// One client: the socket and limits on the I/O thread, its commands on a worker thread.
class Connection : public std::enable_shared_from_this<Connection> {
public:
    using Finished = std::function<void(const std::shared_ptr<Connection>&)>;

    Connection(tcp::socket socket, const TcpSessionConfig& config,
               std::unique_ptr<ConnectionEngine> state, Finished finished)
        : socket_(std::move(socket)), idle_(socket_.get_executor()), config_(config),
          state_(std::move(state)), finished_(std::move(finished)),
          authenticated_(config.secret.empty()) {
        boost::system::error_code ignored;
        peer_ = socket_.remote_endpoint(ignored).address().to_string(ignored);
    }

    void start() {
        worker_ = std::thread([self = shared_from_this()] { self->work(); });
        armIdleTimer();
        read();
    }

    // I/O thread: drops the client, interrupts its command and lets the worker finish.
    void close() {
        if (closed_)
            return;
        closed_ = true;
        idle_.cancel();
        boost::system::error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
        socket_.close(ignored);
        state_->htp.interrupt();
        {
            std::lock_guard lock(mutex_);
            queue_.clear();
            queue_.push_back({{}, 0, false, true});
        }
        ready_.notify_one();
        maybeFinish();
    }

    // I/O thread, once the worker has posted that it is done.
    void join() {
        if (worker_.joinable())
            worker_.join();
    }

    const std::string& peer() const noexcept { return peer_; }

private:
    void maybeFinish() {
        if (workerDone_ && closed_ && !finishedCalled_) {
            finishedCalled_ = true;
            finished_(shared_from_this());
        }
    }

    void read() {
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

    void consume(std::string_view data) {
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

    void handleLine() {
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
        const std::uint64_t ticket = state_->htp.issue();
        ++pending_;
        {
            std::lock_guard lock(mutex_);
            queue_.push_back({tooLong_ ? std::string() : line_, ticket, tooLong_, false});
        }
        ready_.notify_one();
    }

    // Worker thread: one command at a time, replies handed back to the I/O thread.
    void work() {
        for (;;) {
            Queued item;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [this] { return !queue_.empty(); });
                item = std::move(queue_.front());
                queue_.pop_front();
            }
            if (item.end)
                break;
            std::string reply;
            if (item.tooLong)
                reply =
                    "? line too long (more than " + std::to_string(config_.maxLine) + " bytes)\n\n";
            else
                reply = state_->htp.execute(item.line, item.ticket).value_or("");
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

    void send(std::string text, bool thenClose) {
        if (closed_)
            return;
        closeAfterWrites_ = closeAfterWrites_ || thenClose;
        writes_.push_back(std::move(text));
        if (writes_.size() == 1)
            writeFront();
    }

    void writeFront() {
        asio::async_write(
            socket_, asio::buffer(writes_.front()),
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

    // Idle means: nothing received for the timeout while no command is queued or running and
    // no reply is being written (a long genmove is not idleness).
    void armIdleTimer() {
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

    tcp::socket socket_;
    asio::steady_timer idle_;
    const TcpSessionConfig& config_;
    std::unique_ptr<ConnectionEngine> state_;
    Finished finished_;
    std::string peer_;
    std::thread worker_;

    // Shared with the worker.
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Queued> queue_;

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

class TcpServer::Impl {
public:
    Impl(TcpSessionConfig config, ConnectionEngineFactory factory)
        : config_(std::move(config)), factory_(std::move(factory)), acceptor_(io_), signals_(io_),
          guard_(asio::make_work_guard(io_)) {
        const tcp::endpoint endpoint = resolve();
        if (!endpoint.address().is_loopback() && config_.secret.empty())
            throw std::runtime_error("listening on the non-loopback address " + config_.host +
                                     " needs a shared secret (--secret-file FILE)");
        boost::system::error_code error;
        acceptor_.open(endpoint.protocol(), error);
        if (!error)
            acceptor_.set_option(tcp::acceptor::reuse_address(true), error);
        if (!error)
            acceptor_.bind(endpoint, error);
        if (!error)
            acceptor_.listen(asio::socket_base::max_listen_connections, error);
        if (error)
            throw std::runtime_error("cannot listen on " + config_.host + ":" +
                                     std::to_string(config_.port) + ": " + error.message());
        port_ = acceptor_.local_endpoint().port();
    }

    std::uint16_t port() const noexcept { return port_; }

    void run() {
        if (config_.handleSignals) {
            signals_.add(SIGINT);
            signals_.add(SIGTERM);
            signals_.async_wait([this](boost::system::error_code error, int signal) {
                if (!error) {
                    spdlog::info("tcp: signal {}; shutting down", signal);
                    shutdown();
                }
            });
        }
        accept();
        spdlog::info("tcp: serving HTP on {}:{}", config_.host, port_);
        io_.run();
    }

    void stop() {
        asio::post(io_, [this] { shutdown(); });
    }

private:
    tcp::endpoint resolve() {
        tcp::resolver resolver(io_);
        boost::system::error_code error;
        auto results = resolver.resolve(config_.host, std::to_string(config_.port),
                                        tcp::resolver::numeric_service, error);
        if (error || results.empty())
            throw std::runtime_error("cannot resolve listen address '" + config_.host +
                                     "': " + error.message());
        return results.begin()->endpoint();
    }

    void accept() {
        acceptor_.async_accept([this](boost::system::error_code error, tcp::socket socket) {
            if (stopping_)
                return;
            if (!error)
                admit(std::move(socket));
            else
                spdlog::warn("tcp: accept failed: {}", error.message());
            accept();
        });
    }

    void admit(tcp::socket socket) {
        if (connections_.size() >= config_.maxConnections) {
            spdlog::warn("tcp: refusing a client: {} connections already", connections_.size());
            auto held = std::make_shared<tcp::socket>(std::move(socket));
            auto text =
                std::make_shared<std::string>("? too many connections (limit " +
                                              std::to_string(config_.maxConnections) + ")\n\n");
            asio::async_write(*held, asio::buffer(*text),
                              [held, text](boost::system::error_code, std::size_t) {
                                  boost::system::error_code ignored;
                                  held->shutdown(tcp::socket::shutdown_both, ignored);
                                  held->close(ignored);
                              });
            return;
        }
        auto connection = std::make_shared<Connection>(
            std::move(socket), config_, factory_(),
            [this](const std::shared_ptr<Connection>& done) { finished(done); });
        spdlog::info("tcp: {} connected", connection->peer());
        connections_.insert(connection);
        connection->start();
    }

    void finished(const std::shared_ptr<Connection>& connection) {
        connection->join();
        connections_.erase(connection);
        if (stopping_ && connections_.empty())
            guard_.reset();
    }

    void shutdown() {
        if (stopping_)
            return;
        stopping_ = true;
        boost::system::error_code ignored;
        acceptor_.close(ignored);
        signals_.cancel(ignored);
        for (const auto& connection : connections_)
            connection->close();
        if (connections_.empty())
            guard_.reset();
    }

    TcpSessionConfig config_;
    ConnectionEngineFactory factory_;
    asio::io_context io_;
    tcp::acceptor acceptor_;
    asio::signal_set signals_;
    asio::executor_work_guard<asio::io_context::executor_type> guard_;
    std::set<std::shared_ptr<Connection>> connections_;
    std::uint16_t port_ = 0;
    bool stopping_ = false;
};

TcpServer::TcpServer(TcpSessionConfig config, ConnectionEngineFactory factory)
    : impl_(std::make_unique<Impl>(std::move(config), std::move(factory))) {}

TcpServer::~TcpServer() = default;

std::uint16_t TcpServer::port() const noexcept { return impl_->port(); }

void TcpServer::run() { impl_->run(); }

void TcpServer::stop() { impl_->stop(); }

std::optional<std::string> parseListenAddress(std::string_view text, std::string& host,
                                              std::uint16_t& port) {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos)
        return "expected HOST:PORT, got '" + std::string(text) + "'";
    std::string_view hostText = text.substr(0, colon);
    const std::string_view portText = text.substr(colon + 1);
    if (hostText.size() >= 2 && hostText.front() == '[' && hostText.back() == ']')
        hostText = hostText.substr(1, hostText.size() - 2);
    unsigned value = 0;
    if (portText.empty() || portText.size() > 5)
        return "bad port '" + std::string(portText) + "'";
    for (char ch : portText) {
        if (ch < '0' || ch > '9')
            return "bad port '" + std::string(portText) + "'";
        value = value * 10 + static_cast<unsigned>(ch - '0');
    }
    if (value > 65535)
        return "bad port '" + std::string(portText) + "'";
    host = hostText.empty() ? "127.0.0.1" : std::string(hostText);
    port = static_cast<std::uint16_t>(value);
    return std::nullopt;
}

std::string readSecretFile(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    if (!in || !std::getline(in, line))
        throw std::runtime_error("cannot read the secret file '" + path + "'");
    const std::string secret(trimmedLine(line));
    if (secret.empty())
        throw std::runtime_error("the secret file '" + path + "' has an empty first line");
    return secret;
}

} // namespace hex
