#pragma once

#include <atomic>
#include <chrono>
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

    // Asks the engine to quit, waits briefly, then kills it.
    void close();
    // Resident memory of the child process in kB, if it is a local process.
    std::optional<long> residentKb() const;
    pid_t pid() const noexcept { return pid_; }

private:
    EngineLink(int readFd, int writeFd, pid_t pid);

    bool fill(Clock::time_point deadline, const std::atomic<bool>* stop);
    std::string describeExit();
    void kill();

    int readFd_;
    int writeFd_;
    pid_t pid_; // -1 for a TCP engine
    std::string buffer_;
    bool eof_ = false;
};

// HexGui-style argument splitting: whitespace separates, "double quotes" group, \" escapes.
std::vector<std::string> splitArguments(std::string_view command);
// True if the command needs /bin/sh (pipes, redirections, variables, globs, ';', '&&', quotes
// other than double quotes...).
bool needsShell(std::string_view command);

} // namespace hex::match
