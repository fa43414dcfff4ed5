// Feeds arbitrary lines to the complete OhmHex command table and checks the framing contract of
// docs/protocol.md, "Framing", on every reply: "= " or "? " (GTP ids allowed), exactly one blank
// line at the end, no empty line inside, only printable ASCII. A violation aborts, so libFuzzer
// reports it.
#include "protocol/commands.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

constexpr std::size_t kMaxLines = 64;

void fail(const char* why, std::string_view line, std::string_view reply) {
    std::fprintf(stderr, "framing violation: %s\ncommand: %.*s\nreply: %.*s\n", why,
                 static_cast<int>(line.size()), line.data(), static_cast<int>(reply.size()),
                 reply.data());
    std::abort();
}

void checkReply(std::string_view line, std::string_view reply) {
    // "= " or "? ", or with a GTP id echoed: "=12 ", "?3 ".
    std::size_t head = 1;
    while (head < reply.size() && reply[head] >= '0' && reply[head] <= '9')
        ++head;
    if (reply.size() < head + 3 || (reply[0] != '=' && reply[0] != '?') || reply[head] != ' ')
        fail("does not start with '= ' or '? ' (or '=ID ')", line, reply);
    if (reply.substr(reply.size() - 2) != "\n\n" || reply[reply.size() - 3] == '\n')
        fail("does not end with exactly one blank line", line, reply);
    if (reply.substr(0, reply.size() - 2).find("\n\n") != std::string_view::npos)
        fail("empty line inside the reply", line, reply);
    for (char ch : reply)
        if (ch != '\n' && (ch < 32 || ch > 126))
            fail("byte outside printable ASCII", line, reply);
}

// Commands that touch files or run long work (bench, the solver commands with their seconds),
// and the options that bound the search, stay out of reach: the target checks the protocol, not
// the file system or the clock. The line is looked at as the reader will see it: GTP drops
// control characters ("benc\0h" is "bench"), and command names are case-insensitive.
bool allowed(std::string_view line) {
    std::string seen;
    for (char ch : line) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte >= 32 && byte != 127)
            seen.push_back(static_cast<char>(std::tolower(byte)));
    }
    for (std::string_view banned : {"savesgf", "loadsgf", "bench", "solve", "max_", "tt_mb",
                                    "player", "swap_decision", "log_", "tcp_"})
        if (seen.find(banned) != std::string::npos)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hex::Engine engine;
    hex::htp::Engine htp;
    hex::addAllCommands(htp, engine);
    // The one-ply player keeps genmove instantaneous: with the search, evaluation dominated and
    // the target managed under 100 inputs a second. The search has its own tests.
    for (const char* setting : {"player onestep", "swap_decision heuristic", "max_nodes 50",
                                "max_time 0.01", "tt_mb 1", "log_level off"})
        htp.execute(std::string("param_ohmhex ") + setting);
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t start = 0;
    for (std::size_t n = 0; n < kMaxLines && start < input.size(); ++n) {
        const std::size_t end = std::min(input.find('\n', start), input.size());
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        if (!allowed(line))
            continue;
        if (const auto reply = htp.execute(line))
            checkReply(line, *reply);
        if (htp.quitRequested())
            break;
    }
    return 0;
}
