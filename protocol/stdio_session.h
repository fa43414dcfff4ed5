#pragma once

#include "protocol/htp_engine.h"

#include <cstdio>
#include <string_view>

namespace hex {

// Serves HTP on a pair of streams until `quit` or end of input. A reader thread reads lines and
// queues them; "# interrupt" lines (and gogui-interrupt) interrupt the running command at once,
// without a reply. Commands run one at a time on the calling thread; each reply is written and
// flushed as a whole. Returns the process exit status (0).
int runStdioSession(htp::Engine& htp, std::FILE* in, std::FILE* out);

// True for a line that asks to interrupt (HexGui writes "# interrupt" while genmove runs).
bool isInterruptLine(std::string_view line);

// Spaces and tabs removed from both ends, and a carriage return from the end.
std::string_view trimmedLine(std::string_view text);

} // namespace hex
