#include "protocol/command_queue.h"

namespace hex {

void CommandQueue::push(QueuedCommand command) {
    {
        std::lock_guard lock(mutex_);
        items_.push_back(std::move(command));
    }
    ready_.notify_one();
}

void CommandQueue::finish() {
    {
        std::lock_guard lock(mutex_);
        finished_ = true;
    }
    ready_.notify_one();
}

void CommandQueue::cancel() {
    {
        std::lock_guard lock(mutex_);
        items_.clear();
        finished_ = true;
    }
    ready_.notify_one();
}

std::optional<QueuedCommand> CommandQueue::pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !items_.empty() || finished_; });
    if (items_.empty())
        return std::nullopt;
    QueuedCommand command = std::move(items_.front());
    items_.pop_front();
    return command;
}

std::optional<std::string> runQueued(htp::Engine& htp, const QueuedCommand& command,
                                     std::size_t maxLine) {
    if (command.tooLong)
        return "? line too long (more than " + std::to_string(maxLine) + " bytes)\n\n";
    return htp.execute(command.line, command.ticket);
}

} // namespace hex
