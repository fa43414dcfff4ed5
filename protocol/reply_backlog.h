#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace hex {

// The bytes of replies a TCP connection holds for its client and has not written yet. The
// connection's worker waits for room before it runs the next command, so a client that never
// reads cannot make the server hold much more than the limit (plus the replies already on their
// way to the I/O thread). Thread-safe.
class ReplyBacklog {
public:
    explicit ReplyBacklog(std::size_t limit) : limit_(limit) {}

    void added(std::size_t bytes);
    void written(std::size_t bytes);
    // More than the limit is waiting.
    bool full() const;
    // Worker thread: waits while full; false once closed.
    bool waitForRoom();
    // The client is gone: waitForRoom() returns false from now on.
    void close();

private:
    const std::size_t limit_;
    mutable std::mutex mutex_;
    std::condition_variable room_;
    std::size_t bytes_ = 0;
    bool closed_ = false;
};

} // namespace hex
