#include "protocol/stdio_session.h"

#include "protocol/command_queue.h"
#include "protocol/line_reader.h"

#include <memory>
#include <thread>

namespace hex {

namespace {

void readLoop(htp::Engine& htp, std::FILE* in, const std::shared_ptr<CommandQueue>& queue) {
    LineReader reader(in);
    while (auto line = reader.next()) {
        if (isInterruptLine(line->text))
            htp.interrupt();
        if (trimmedLine(line->text).rfind('#', 0) == 0)
            continue; // comments never get a reply
        queue->push({std::move(line->text), htp.issue(), line->tooLong});
    }
    queue->finish();
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
    while (const std::optional<QueuedCommand> command = queue->pop()) {
        if (auto reply = runQueued(htp, *command, LineReader::kMaxLine))
            writeReply(out, *reply);
        if (htp.quitRequested())
            return 0;
    }
    return 0;
}

} // namespace hex
