#pragma once

#include <cstdio>
#include <optional>
#include <string>

namespace hex {

// Reads lines of bounded length from a stream: a longer line is consumed to its end and reported
// as too long, so a client can never make the engine hold an unbounded line in memory.
class LineReader {
public:
    static constexpr std::size_t kMaxLine = 1 << 20;

    struct Line {
        std::string text;
        bool tooLong = false;
    };

    explicit LineReader(std::FILE* in) : in_(in) {}
    // The next line without its '\n', or nullopt at end of input.
    std::optional<Line> next();

private:
    std::FILE* in_;
};

} // namespace hex
