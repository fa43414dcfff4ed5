#pragma once

#include "engine/engine.h"
#include "protocol/file_access.h"
#include "protocol/htp_engine.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace hex {

// One client's private engine state: every TCP connection gets its own game, options and
// command table, so clients never see each other's moves.
struct ConnectionEngine {
    Engine engine;
    htp::Engine htp;
};

// Builds the state for a new connection (normally remoteClientEngine). Called on the I/O thread.
using ConnectionEngineFactory = std::function<std::unique_ptr<ConnectionEngine>()>;

// What ohmhex --listen gives each client: the start options, confined to what a remote client
// may change (Engine::confineToRemoteClient), and the full command set with the files `files`
// allows. Throws std::runtime_error if the start options are beyond the caps (tt_mb above
// tcp_max_tt_mb).
std::unique_ptr<ConnectionEngine> remoteClientEngine(const Options& startOptions,
                                                     const FileAccess& files);

// The files TCP clients may use: none, or those inside tcp_files_dir (--files-dir). Throws
// std::runtime_error if that is not a directory.
FileAccess remoteFileAccess(const Options& startOptions);

// The shortest shared secret the server accepts.
inline constexpr std::size_t kMinSecretLength = 16;
// The most connections that have not authenticated yet, from all addresses together.
inline constexpr std::size_t kMaxUnauthenticated = 64;

// The server's limits; ohmhex --listen fills them from the tcp_ options (docs/tournaments.md).
struct TcpSessionConfig {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0; // 0: an ephemeral port (see TcpServer::port)
    // Authenticated clients served at once; unauthenticated ones do not take these slots.
    std::size_t maxConnections = 8;
    std::size_t maxLine = 1 << 20;
    // Seconds without a complete line, a finished command or a written reply while no command
    // runs (0: never).
    double idleTimeoutSeconds = 600;
    // Non-empty (at least kMinSecretLength characters): a client's first line must equal it,
    // else the connection is closed. Required when host is not a loopback address.
    std::string secret;
    // With a secret: seconds from connect to the secret line (0: never), and before a wrong
    // secret is answered and the connection closed.
    double authTimeoutSeconds = 5;
    double authFailureDelaySeconds = 1;
    // With a secret: connections from one address that have not authenticated yet.
    std::size_t maxUnauthenticatedPerAddress = 4;
    // Bytes of commands received and not yet run, and of replies not yet read by the client;
    // past either the connection stops reading until the client catches up.
    std::size_t maxQueuedInput = 1 << 20;
    std::size_t maxUnreadOutput = 1 << 20;
    // Stop on SIGINT/SIGTERM (the ohmhex executable); tests stop the server with stop().
    bool handleSignals = false;
};

// Serves HTP over TCP (Boost.Asio). One I/O thread reads, writes and enforces the limits; each
// connection runs its commands on its own worker thread, so a long genmove never blocks other
// clients and a "# interrupt" line from the same client stops it at once.
class TcpServer {
public:
    // Binds and listens; throws std::runtime_error with a clear message (bad address, port in
    // use, non-loopback without a secret, a secret shorter than kMinSecretLength).
    TcpServer(TcpSessionConfig config, ConnectionEngineFactory factory);
    ~TcpServer();
    TcpServer(const TcpServer&) = delete;
    TcpServer& operator=(const TcpServer&) = delete;

    std::uint16_t port() const noexcept;
    // Serves until stop() or a handled signal; then closes every connection, interrupts their
    // commands and waits for the workers.
    void run();
    // Thread-safe.
    void stop();

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

// "HOST:PORT" (HOST may be empty for 127.0.0.1, or [v6]); the reason on failure.
std::optional<std::string> parseListenAddress(std::string_view text, std::string& host,
                                              std::uint16_t& port);

// The first line of a secret file, trimmed; throws std::runtime_error if unreadable or shorter
// than kMinSecretLength.
std::string readSecretFile(const std::string& path);

} // namespace hex
