#include "protocol/tcp_session.h"

#include "protocol/commands.h"
#include "protocol/stdio_session.h"
#include "protocol/tcp_connection.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>

namespace hex {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

std::string shortSecretReason(const std::string& secret) {
    return "the shared secret has " + std::to_string(secret.size()) + " characters; at least " +
           std::to_string(kMinSecretLength) + " are needed";
}

} // namespace

class TcpServer::Impl {
public:
    Impl(TcpSessionConfig config, ConnectionEngineFactory factory)
        : config_(std::move(config)), factory_(std::move(factory)), acceptor_(io_), signals_(io_),
          guard_(asio::make_work_guard(io_)) {
        const tcp::endpoint endpoint = resolve();
        if (!endpoint.address().is_loopback() && config_.secret.empty())
            throw std::runtime_error("listening on the non-loopback address " + config_.host +
                                     " needs a shared secret (--secret-file FILE)");
        if (!config_.secret.empty() && config_.secret.size() < kMinSecretLength)
            throw std::runtime_error(shortSecretReason(config_.secret));
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

    // Without a secret a client takes a slot at once; with one it waits unauthenticated, within
    // its address's limit, and takes a slot once it has sent the secret (authenticated()), so
    // silent or guessing clients never keep an authenticated one out.
    void admit(tcp::socket socket) {
        boost::system::error_code ignored;
        const std::string peer = socket.remote_endpoint(ignored).address().to_string(ignored);
        if (config_.secret.empty() && served_.size() >= config_.maxConnections)
            return refuse(std::move(socket), "too many connections (limit " +
                                                 std::to_string(config_.maxConnections) + ")");
        if (!config_.secret.empty() &&
            unauthenticatedFrom(peer) >= config_.maxUnauthenticatedPerAddress)
            return refuse(std::move(socket),
                          "too many unauthenticated connections from " + peer + " (limit " +
                              std::to_string(config_.maxUnauthenticatedPerAddress) + ")");
        if (!config_.secret.empty() && unauthenticated_.size() >= kMaxUnauthenticated)
            return refuse(std::move(socket), "too many unauthenticated connections (limit " +
                                                 std::to_string(kMaxUnauthenticated) + ")");
        auto connection = std::make_shared<TcpConnection>(
            std::move(socket), config_, factory_,
            TcpConnection::Hooks{
                [this](const std::shared_ptr<TcpConnection>& c) { return authenticated(c); },
                [this](const std::shared_ptr<TcpConnection>& done) { finished(done); }});
        spdlog::info("tcp: {} connected", connection->peer());
        connections_.insert(connection);
        if (!config_.secret.empty())
            unauthenticated_.insert(connection);
        connection->start();
    }

    void refuse(tcp::socket socket, const std::string& reason) {
        logRefusal(reason);
        auto held = std::make_shared<tcp::socket>(std::move(socket));
        auto text = std::make_shared<std::string>("? " + reason + "\n\n");
        asio::async_write(*held, asio::buffer(*text),
                          [held, text](boost::system::error_code, std::size_t) {
                              boost::system::error_code ignored;
                              held->shutdown(tcp::socket::shutdown_both, ignored);
                              held->close(ignored);
                          });
    }

    // At most one line per second, with a count of the others: a client reconnecting in a loop
    // must not flood the log (or fill the disk under log_file).
    void logRefusal(const std::string& reason) {
        const auto now = std::chrono::steady_clock::now();
        if (now - lastRefusalLog_ < std::chrono::seconds(1)) {
            ++refusalsNotLogged_;
            return;
        }
        if (refusalsNotLogged_ > 0)
            spdlog::warn("tcp: refusing a client: {} ({} more refused since the last such line)",
                         reason, refusalsNotLogged_);
        else
            spdlog::warn("tcp: refusing a client: {}", reason);
        lastRefusalLog_ = now;
        refusalsNotLogged_ = 0;
    }

    std::size_t unauthenticatedFrom(const std::string& peer) const {
        return static_cast<std::size_t>(
            std::count_if(unauthenticated_.begin(), unauthenticated_.end(),
                          [&peer](const auto& connection) { return connection->peer() == peer; }));
    }

    bool authenticated(const std::shared_ptr<TcpConnection>& connection) {
        unauthenticated_.erase(connection);
        if (served_.size() >= config_.maxConnections)
            return false;
        served_.insert(connection);
        return true;
    }

    void finished(const std::shared_ptr<TcpConnection>& connection) {
        connection->join();
        connections_.erase(connection);
        unauthenticated_.erase(connection);
        served_.erase(connection);
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
        // A copy: closing a connection without a worker finishes it, which erases it.
        const auto open = connections_;
        for (const auto& connection : open)
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
    std::set<std::shared_ptr<TcpConnection>> connections_;     // all, to close them on stop
    std::set<std::shared_ptr<TcpConnection>> unauthenticated_; // waiting for their secret
    std::set<std::shared_ptr<TcpConnection>> served_;          // holding a slot
    std::uint16_t port_ = 0;
    std::chrono::steady_clock::time_point lastRefusalLog_{};
    std::size_t refusalsNotLogged_ = 0;
    bool stopping_ = false;
};

TcpServer::TcpServer(TcpSessionConfig config, ConnectionEngineFactory factory)
    : impl_(std::make_unique<Impl>(std::move(config), std::move(factory))) {}

TcpServer::~TcpServer() = default;

std::uint16_t TcpServer::port() const noexcept { return impl_->port(); }

void TcpServer::run() { impl_->run(); }

void TcpServer::stop() { impl_->stop(); }

std::unique_ptr<ConnectionEngine> remoteClientEngine(const Options& startOptions,
                                                     const FileAccess& files) {
    auto state = std::make_unique<ConnectionEngine>();
    // Options::set is the only writer; every value was validated already.
    for (const auto& entry : startOptions.entries())
        state->engine.options().set(entry.spec->name, entry.value);
    // The start options' net is the server's choice, read from the local file system before
    // the client's file access applies to what the client sets.
    if (auto why = state->engine.loadOptionFiles())
        spdlog::error("{}", *why);
    if (auto why = state->engine.confineToRemoteClient())
        throw std::runtime_error(*why);
    addAllCommands(state->htp, state->engine, files);
    return state;
}

FileAccess remoteFileAccess(const Options& startOptions) {
    const std::string& directory = startOptions.getString("tcp_files_dir");
    return directory.empty() ? FileAccess::none() : FileAccess::inside(directory);
}

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
    if (secret.size() < kMinSecretLength)
        throw std::runtime_error("the secret file '" + path + "': " + shortSecretReason(secret));
    return secret;
}

} // namespace hex
