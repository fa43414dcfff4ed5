#pragma once

#include "core/options.h"

#include <optional>
#include <string>

namespace hex {

// (Re)builds the default spdlog logger from the log_level and log_file options: stderr always
// (stdout belongs to the protocol), plus the file when one is set. Returns the reason if the
// log file cannot be opened (the stderr log still works then).
std::optional<std::string> configureLogging(const Options& options);

} // namespace hex
