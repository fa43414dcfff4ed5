#include "protocol/stdio_session.h"

#include "protocol/line_reader.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace hex {

namespace {

struct Queued {
    std::string line;
    std::uint64_t ticket = 0;
    bool tooLong = false;
    bool end = false;
};

class CommandQueue {
public:
    void push(Queued item) {
        {
            std::lock_guard lock(mutex_);
            items_.push_back(std::move(item));
        }
        ready_.notify_one();
    }
    Queued pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !items_.empty(); });
        Queued item = std::move(items_.front());
        items_.pop_front();
        return item;
    }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Queued> items_;
};

void readLoop(htp::Engine& htp, std::FILE* in, const std::shared_ptr<CommandQueue>& queue) {
    LineReader reader(in);
    while (auto line = reader.next()) {
        if (isInterruptLine(line->text))
            htp.interrupt();
        if (trimmedLine(line->text).rfind('#', 0) == 0)
            continue; // comments never get a reply
        const std::uint64_t ticket = htp.issue();
        queue->push({std::move(line->text), ticket, line->tooLong, false});
    }
    queue->push({{}, 0, false, true});
}

void writeReply(std::FILE* out, const std::string& reply) {
    std::fwrite(reply.data(), 1, reply.size(), out);
    std::fflush(out);
}

} // namespace

std::string_view trimmedLine(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

bool isInterruptLine(std::string_view line) {
    const std::string_view text = trimmedLine(line);
    return text == "# interrupt" || text == "#interrupt" || text == "gogui-interrupt";
}

int runStdioSession(htp::Engine& htp, std::FILE* in, std::FILE* out) {
    // The reader is detached: at quit it may still be blocked reading, and the process exit ends
    // it. It shares the queue, so the queue outlives this function; `htp` must outlive the
    // process (the caller exits without destroying it).
    auto queue = std::make_shared<CommandQueue>();
    std::thread(readLoop, std::ref(htp), in, queue).detach();
    for (;;) {
        Queued item = queue->pop();
        if (item.end)
            return 0;
        if (item.tooLong) {
            writeReply(out, "? line too long (more than " + std::to_string(LineReader::kMaxLine) +
                                " bytes)\n\n");
            continue;
        }
        if (auto reply = htp.execute(item.line, item.ticket))
            writeReply(out, *reply);
        if (htp.quitRequested())
            return 0;
    }
}

} // namespace hex
