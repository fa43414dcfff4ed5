#pragma once

#include <string_view>

namespace hex::fuzz {

// The framing contract of docs/protocol.md, "Framing", on one reply: "= " or "? " (GTP ids
// allowed), exactly one blank line at the end, no empty line inside, only printable ASCII. A
// violation prints the command and the reply and aborts, so libFuzzer reports it.
void checkReply(std::string_view command, std::string_view reply);

// Prints why and the input, and aborts.
[[noreturn]] void fail(const char* why, std::string_view command, std::string_view reply);

} // namespace hex::fuzz
