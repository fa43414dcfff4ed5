#pragma once

#include "core/options.h"

#include <optional>
#include <string>
#include <string_view>

namespace hex {

// The process has one logger, spdlog's default: stderr always (stdout belongs to the protocol),
// plus the log file when one is set. The first call installs it and must come before any other
// thread starts (ohmhex's main does that); it is never replaced afterwards, so a thread that
// logs never sees it freed. Every call applies log_level (an atomic level) and log_file (the
// file sink swapped under the logger's own lock), so later calls are safe while other threads
// log. Returns the reason if the log file cannot be opened; then nothing changes.
std::optional<std::string> configureLogging(const Options& options);

// True for the options configureLogging applies.
bool isLoggingOption(std::string_view name);

} // namespace hex
