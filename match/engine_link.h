#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace hex::match {

using Clock = std::chrono::steady_clock;

// Why talking to an engine failed; each kind loses the game for that engine.
enum class LinkError { StartFailed, Crashed, Timeout, Malformed, OutOfTurn, Stopped };

std::string_view linkErrorName(LinkError error) noexcept;

struct LinkFailure : std::runtime_error {
    LinkFailure(LinkError kind_, const std::string& message)
        : std::runtime_error(message), kind(kind_) {}
    LinkError kind;
};

// A complete HTP reply: success ('=') or failure ('?') and the trimmed payload.
struct Reply {
    bool ok = false;
    std::string payload;
};

// The client side of one HTP conversation with an engine: a child process on pipes, or a TCP
// connection for "tcp://host:port". Replies are framed as in docs/protocol.md, "Framing": a block
// ending in an empty line that starts with '=' or '?'; gogui-gfx blocks before it are skipped.
// A child runs in a process group of its own, and the whole group is killed at the end: an
// engine started through /bin/sh, or one that starts helpers, leaves nothing behind.
class EngineLink {
public:
    // Starts the engine; throws LinkFailure(StartFailed) with the reason. `stderrFd` receives
    // a child's stderr (-1: /dev/null). A non-empty `secret` is sent as the first line (TCP).
    static std::unique_ptr<EngineLink> open(const std::string& command, int stderrFd,
                                            const std::string& secret);
    ~EngineLink();
    EngineLink(const EngineLink&) = delete;
    EngineLink& operator=(const EngineLink&) = delete;

    // Writes one line (a newline is added). Throws LinkFailure(Crashed) if the engine is gone.
    void send(std::string_view line);
    // Waits for the next reply until the deadline; `stop` (may be null) abandons the wait.
    Reply await(Clock::time_point deadline, const std::atomic<bool>* stop);
    // send + await.
    Reply command(std::string_view line, Clock::time_point deadline, const std::atomic<bool>* stop);
    // Throws LinkFailure(OutOfTurn) if the engine has written anything since its last reply.
    void expectSilence();

    // Asks the engine to quit, waits briefly, then kills its process group.
    void close();
    // Resident memory of the child process in kB, if it is a local process.
    std::optional<long> residentKb() const;

private:
    EngineLink() = default;

    bool fill(Clock::time_point deadline, const std::atomic<bool>* stop);
    std::optional<siginfo_t> exitInfo() const;
    std::string describeExit() const;
    void kill();

    boost::asio::io_context io_;
    boost::asio::posix::stream_descriptor from_{io_}; // the engine's stdout, or the socket
    boost::asio::posix::stream_descriptor to_{io_};   // the engine's stdin; closed for TCP
    // -1 for a TCP engine. The child stays unreaped until kill(), so that its id still names
    // its process group when the group is killed.
    pid_t pid_ = -1;
    std::string buffer_;
    bool eof_ = false;
};

// Kills the process group of every engine child still running. Async-signal-safe: for a signal
// handler or a terminate handler that ends the program at once, so that no engine outlives it.
void killEveryEngine() noexcept;

// HexGui-style argument splitting: whitespace separates, "double quotes" group, \" escapes.
std::vector<std::string> splitArguments(std::string_view command);
// True if the command needs /bin/sh (pipes, redirections, variables, globs, ';', '&&', quotes
// other than double quotes...).
bool needsShell(std::string_view command);

} // namespace hex::match
