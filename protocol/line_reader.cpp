#include "protocol/line_reader.h"

namespace hex {

std::optional<LineReader::Line> LineReader::next() {
    Line line;
    int ch = 0;
    bool any = false;
    while ((ch = std::getc(in_)) != EOF) {
        any = true;
        if (ch == '\n')
            return line;
        if (line.text.size() < kMaxLine)
            line.text += static_cast<char>(ch);
        else
            line.tooLong = true;
    }
    // A last line without '\n' still counts.
    if (any)
        return line;
    return std::nullopt;
}

} // namespace hex
