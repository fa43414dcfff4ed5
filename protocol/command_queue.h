#pragma once

#include "protocol/htp_engine.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace hex {

// A command line waiting for the command thread, with the interrupt ticket it got when it was
// read. A line longer than the session's limit is answered with an error, whatever its text.
struct QueuedCommand {
    std::string line;
    std::uint64_t ticket = 0;
    bool tooLong = false;
};

// The lines one session has read and not yet run: the reader (stdin thread or TCP I/O thread)
// pushes them, the command thread pops them one at a time. Thread-safe.
class CommandQueue {
public:
    void push(QueuedCommand command);
    // No more lines: pop() returns the ones queued so far, then nullopt.
    void finish();
    // Drops the lines not yet popped and finishes (the client is gone).
    void cancel();
    // The next line, waiting for one; nullopt once the queue is finished and empty.
    std::optional<QueuedCommand> pop();

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<QueuedCommand> items_;
    bool finished_ = false;
};

// The full reply to a queued line, or nullopt for a line that gets none (see htp::Engine).
std::optional<std::string> runQueued(htp::Engine& htp, const QueuedCommand& command,
                                     std::size_t maxLine);

} // namespace hex
