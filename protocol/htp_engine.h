#pragma once

#include "core/stop.h"
#include "protocol/args.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hex::htp {

// Thrown by a command handler for bad input; the message becomes "? message". A handler must
// validate everything before changing state, so a failure changes nothing.
struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The command's payload (without "= "): may span several lines, never an empty one.
using Handler = std::function<std::string(const Args&)>;

// The HTP command table: text in, full reply out ("= payload\n\n" or "? message\n\n"), with no
// I/O of its own, so tests drive it directly and the stdio and TCP sessions are thin loops.
//
// Interrupts: every command line gets a ticket when it is issued (when read from the input, or
// when execute() is called without one). interrupt() marks every ticket issued so far as
// interrupted, so a "# interrupt" that arrives while a command is queued still stops it, and a
// stale one never stops a later command.
class Engine {
public:
    void add(std::string name, Handler handler, std::string help);
    // A line for hexgui-analyze_commands ("type/Label/command [args]").
    void addAnalyze(std::string line);

    std::uint64_t issue() noexcept { return ++issued_; }
    void interrupt() noexcept { interruptedThrough_.store(issued_.load()); }
    // For handlers: has the running command been interrupted?
    bool interrupted() const noexcept { return interruptedThrough_.load() >= running_; }
    // interrupted() as a callable, for long computations that poll a stop function.
    StopFn interruptCheck() const {
        return [this] { return interrupted(); };
    }

    // The full reply, or nullopt for lines that get none (empty, blank or comment lines).
    std::optional<std::string> execute(std::string_view line, std::uint64_t ticket);
    std::optional<std::string> execute(std::string_view line) { return execute(line, issue()); }

    bool known(std::string_view name) const { return commands_.count(std::string(name)) > 0; }
    std::vector<std::string> commandNames() const;
    const std::vector<std::string>& analyzeLines() const noexcept { return analyze_; }
    std::string help(std::string_view name) const;

    bool quitRequested() const noexcept { return quit_; }
    void requestQuit() noexcept { quit_ = true; }

    // Called with every command line and its reply (for the transcript log).
    std::function<void(std::string_view command, std::string_view reply)> onTranscript;

private:
    struct Command {
        Handler handler;
        std::string help;
    };

    std::map<std::string, Command, std::less<>> commands_;
    std::vector<std::string> analyze_;
    std::atomic<std::uint64_t> issued_{0};
    std::atomic<std::uint64_t> interruptedThrough_{0};
    std::uint64_t running_ = 0;
    bool quit_ = false;
};

// Removes what must never reach the output: control characters and bytes outside printable
// ASCII become '?', and empty lines are dropped (an empty line would end the reply early).
std::string sanitizePayload(std::string_view payload);

} // namespace hex::htp
