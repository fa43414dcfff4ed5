#pragma once

#include "match/tournament.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace hex::test {

// With a 1 MB transposition table: setting up the default 64 MB takes 0.75 s under ThreadSanitizer,
// more than the tiny games' deadlines allow, and no test here depends on the table's size.
inline std::string ohmhex() { return std::string(OHMHEX_BINARY) + " -o tt_mb=1"; }
inline std::string fakeEngine(const std::string& args = "") {
    return std::string(FAKE_ENGINE_BINARY) + (args.empty() ? "" : " " + args);
}

// A fresh directory per test, removed at the end.
class TempDir {
public:
    explicit TempDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("ohmhex-match-" + std::to_string(::getpid()) + "-" + name)) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() { std::filesystem::remove_all(path_); }
    std::string str() const { return path_.string(); }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// Live processes (not zombies) whose command line contains `marker`.
inline std::vector<std::string> processesWith(const std::string& marker) {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename();
        if (pid.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::string commandLine = readFile(entry.path() / "cmdline");
        std::replace(commandLine.begin(), commandLine.end(), '\0', ' ');
        const bool zombie = readFile(entry.path() / "stat").find(") Z ") != std::string::npos;
        if (!zombie && commandLine.find(marker) != std::string::npos)
            found.push_back(pid + ": " + commandLine);
    }
    return found;
}

// A run of the ohmhex-match program: its exit status (-1 if a signal ended it) and output.
struct Outcome {
    int status = -1;
    std::string output; // stdout and stderr
};

inline Outcome runMatch(const std::string& args) {
    const std::string command = std::string(MATCH_BINARY) + " " + args + " --no-progress 2>&1";
    Outcome run;
    FILE* pipe = ::popen(command.c_str(), "r");
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
        run.output.append(buffer, n);
    const int status = ::pclose(pipe);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

// The games of DIR/results.json.
inline std::vector<match::GameRecord> results(const std::filesystem::path& dir) {
    match::TournamentInfo info;
    std::vector<match::GameRecord> games;
    match::readResultsJson(readFile(dir / "results.json"), info, games);
    return games;
}

// The deterministic part of a result (times and memory vary from run to run).
inline std::string key(const match::GameRecord& g) {
    return std::to_string(g.index) + "|" + std::to_string(g.size) + "|" + g.opening + "|" +
           g.black + "|" + g.white + "|" + g.winner + "|" + g.reason + "|" +
           std::to_string(g.plies) + "|" + g.sgf;
}

// Tiny boards and short deadlines keep every tournament in a test well under a second or two.
inline match::MatchConfig smallMatch(const std::string& engine0, const std::string& engine1) {
    match::MatchConfig config;
    config.engines[0].command = engine0;
    config.engines[1].command = engine1;
    config.sizes = {4};
    config.settings.moveTime = 0.2;
    config.settings.margin = 0.5;
    config.settings.commandTimeout = 2;
    config.progress = false;
    match::nameEngines(config);
    return config;
}

inline std::vector<match::GameRecord> play(const match::MatchConfig& config) {
    const std::atomic<bool> stop{false};
    return match::runTournament(config, match::shardOf(match::buildSchedule(config), config.shard),
                                stop);
}

} // namespace hex::test
