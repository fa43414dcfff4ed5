#pragma once

#include "match/tournament.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace hex::test {

inline std::string ohmhex() { return OHMHEX_BINARY; }
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
