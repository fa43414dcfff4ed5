#pragma once

#include "core/options.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hex {

struct CommandLine {
    bool help = false;
    std::string listen; // --listen HOST:PORT: serve HTP over TCP instead of stdin/stdout
    std::string error;  // non-empty: the arguments are unusable
};

// Reads --help, --config FILE (lines "key value" or "key = value", '#' comments) and
// -o key=value (repeatable, applied in order after the config file) into the options; also
// --listen HOST:PORT, --secret-file FILE, --auth-timeout S, --max-tt-mb N and --files-dir DIR
// (the options tcp_secret_file, tcp_auth_timeout, tcp_max_tt_mb and tcp_files_dir).
CommandLine parseCommandLine(int argc, const char* const* argv, Options& options);

// The --help text: usage plus every option with its type, range, default and help.
std::string usageText(const Options& options);

// Applies a config file's text; the first bad line's reason, or an empty string.
std::string applyConfig(std::string_view text, Options& options);

// "9" or "5,7,9,11": board sides 1..Geometry::kMaxSide separated by commas (ohmhex-match
// --size, ohmhex selfplay --sizes); nullopt unless the whole text is such a list.
std::optional<std::vector<int>> parseSizeList(std::string_view text);

// "K/N", a --shard argument: two integers and a slash, N at least 1; the caller checks K's
// range (ohmhex-match counts shards from 1, ohmhex selfplay from 0).
std::optional<std::pair<int, int>> parseShardNumbers(std::string_view text);

// Applies one -o argument, "key=value"; the reason it is refused, or an empty string.
std::string applyAssignment(std::string_view assignment, Options& options);

} // namespace hex
