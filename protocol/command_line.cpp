#include "protocol/command_line.h"

#include "core/geometry.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>

#include <fstream>
#include <sstream>

namespace hex {

namespace {

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return "";
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

} // namespace

std::string applyAssignment(std::string_view assignment, Options& options) {
    const auto equals = assignment.find('=');
    if (equals == std::string_view::npos)
        return "expected key=value, got '" + std::string(assignment) + "'";
    if (auto why =
            options.set(trim(assignment.substr(0, equals)), trim(assignment.substr(equals + 1))))
        return *why;
    return "";
}

std::string applyConfig(std::string_view text, Options& options) {
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::string content = trim(line.substr(0, line.find('#')));
        if (content.empty())
            continue;
        // "key value" and "key = value" both work.
        const auto split = content.find_first_of(" \t=");
        const std::string key = content.substr(0, split);
        std::string value = split == std::string::npos ? "" : trim(content.substr(split));
        if (!value.empty() && value.front() == '=')
            value = trim(value.substr(1));
        if (auto why = options.set(key, value))
            return "line " + std::to_string(number) + ": " + *why;
    }
    return "";
}

CommandLine parseCommandLine(int argc, const char* const* argv, Options& options) {
    CommandLine result;
    std::vector<std::string> configFiles;
    std::vector<std::string> assignments; // -o and the --listen options, in order
    CLI::App app;
    app.set_help_flag(); // usageText() is the help, from the options table
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    app.add_flag("-h,--help", result.help);
    app.add_option("--listen", result.listen);
    // Callbacks on parse keep every occurrence, in order.
    app.add_option_function<std::string>(
           "--config", [&](const std::string& file) { configFiles.push_back(file); })
        ->trigger_on_parse();
    app.add_option_function<std::string>(
           "-o", [&](const std::string& assignment) { assignments.push_back(assignment); })
        ->trigger_on_parse();
    app.add_option_function<std::string>(
           "--secret-file",
           [&](const std::string& file) { assignments.push_back("tcp_secret_file=" + file); })
        ->trigger_on_parse();
    app.add_option_function<std::string>("--max-tt-mb",
                                         [&](const std::string& megabytes) {
                                             assignments.push_back("tcp_max_tt_mb=" + megabytes);
                                         })
        ->trigger_on_parse();
    app.add_option_function<std::string>("--auth-timeout",
                                         [&](const std::string& seconds) {
                                             assignments.push_back("tcp_auth_timeout=" + seconds);
                                         })
        ->trigger_on_parse();
    app.add_option_function<std::string>("--files-dir",
                                         [&](const std::string& directory) {
                                             assignments.push_back("tcp_files_dir=" + directory);
                                         })
        ->trigger_on_parse();
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        result.error = error.what();
        return result;
    }
    for (const auto& file : configFiles) {
        std::ifstream in(file);
        std::stringstream text;
        if (!in || !(text << in.rdbuf())) {
            result.error = "cannot read config file '" + file + "'";
            return result;
        }
        if (auto why = applyConfig(text.str(), options); !why.empty()) {
            result.error = file + ": " + why;
            return result;
        }
    }
    for (const auto& assignment : assignments) {
        if (auto why = applyAssignment(assignment, options); !why.empty()) {
            result.error = "-o " + assignment + ": " + why;
            return result;
        }
    }
    return result;
}

std::optional<std::vector<int>> parseSizeList(std::string_view text) {
    std::vector<int> sizes;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        int size = 0;
        const auto [end, ec] = std::from_chars(text.data() + start, text.data() + comma, size);
        if (ec != std::errc() || end != text.data() + comma || size < 1 ||
            size > Geometry::kMaxSide)
            return std::nullopt;
        sizes.push_back(size);
        start = comma + 1;
    }
    return sizes;
}

std::optional<std::pair<int, int>> parseShardNumbers(std::string_view text) {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        return std::nullopt;
    int part = 0;
    int parts = 0;
    const auto a = std::from_chars(text.data(), text.data() + slash, part);
    const auto b = std::from_chars(text.data() + slash + 1, text.data() + text.size(), parts);
    if (a.ec != std::errc() || a.ptr != text.data() + slash || b.ec != std::errc() ||
        b.ptr != text.data() + text.size() || parts < 1)
        return std::nullopt;
    return std::pair{part, parts};
}

std::string usageText(const Options& options) {
    return "Usage: ohmhex [--config FILE] [-o key=value]... [--listen HOST:PORT "
           "[--secret-file FILE] [--auth-timeout S] [--max-tt-mb N] [--files-dir DIR]] [--help]\n"
           "OhmHex speaks HTP (the Hex dialect of GTP) on stdin/stdout; logs go to stderr.\n"
           "With --listen it serves HTP over TCP instead, one independent game per connection\n"
           "(loopback by default; any other address needs --secret-file, whose first line each\n"
           "client must send as its first line, within --auth-timeout seconds).\n"
           "Options (also settable with 'param_ohmhex key value' over HTP, except the tcp_\n"
           "ones, which are read at start, and the log_ ones, which a TCP client cannot set):\n" +
           options.helpText();
}

} // namespace hex
