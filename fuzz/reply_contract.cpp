#include "fuzz/reply_contract.h"

#include <cstdio>
#include <cstdlib>

namespace hex::fuzz {

void fail(const char* why, std::string_view command, std::string_view reply) {
    std::fprintf(stderr, "contract violation: %s\ncommand: %.*s\nreply: %.*s\n", why,
                 static_cast<int>(command.size()), command.data(), static_cast<int>(reply.size()),
                 reply.data());
    std::abort();
}

void checkReply(std::string_view command, std::string_view reply) {
    // "= " or "? ", or with a GTP id echoed: "=12 ", "?3 ".
    std::size_t head = 1;
    while (head < reply.size() && reply[head] >= '0' && reply[head] <= '9')
        ++head;
    if (reply.size() < head + 3 || (reply[0] != '=' && reply[0] != '?') || reply[head] != ' ')
        fail("does not start with '= ' or '? ' (or '=ID ')", command, reply);
    if (reply.substr(reply.size() - 2) != "\n\n" || reply[reply.size() - 3] == '\n')
        fail("does not end with exactly one blank line", command, reply);
    if (reply.substr(0, reply.size() - 2).find("\n\n") != std::string_view::npos)
        fail("empty line inside the reply", command, reply);
    for (char ch : reply)
        if (ch != '\n' && (ch < 32 || ch > 126))
            fail("byte outside printable ASCII", command, reply);
}

} // namespace hex::fuzz
