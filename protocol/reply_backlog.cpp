#include "protocol/reply_backlog.h"

namespace hex {

void ReplyBacklog::added(std::size_t bytes) {
    std::lock_guard lock(mutex_);
    bytes_ += bytes;
}

void ReplyBacklog::written(std::size_t bytes) {
    {
        std::lock_guard lock(mutex_);
        bytes_ -= bytes < bytes_ ? bytes : bytes_;
    }
    room_.notify_all();
}

bool ReplyBacklog::full() const {
    std::lock_guard lock(mutex_);
    return bytes_ > limit_;
}

bool ReplyBacklog::waitForRoom() {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [this] { return closed_ || bytes_ <= limit_; });
    return !closed_;
}

void ReplyBacklog::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    room_.notify_all();
}

} // namespace hex
