#include "selfplay/records_file.h"

#include "selfplay/game_record.h"
#include "selfplay/self_play_game.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace hex::selfplay {

namespace {

namespace fs = std::filesystem;

// Why `line` is not a record of this run, or nullopt; `game` is then its game number.
std::optional<std::string> whyNotThisRun(const std::string& line, const SelfPlayConfig& config,
                                         const nlohmann::ordered_json& settings, int& game) {
    const auto record = nlohmann::ordered_json::parse(line, nullptr, false);
    if (record.is_discarded() || !record.is_object())
        return "not a JSON object";
    const auto field = [&record](const char* name) {
        const auto it = record.find(name);
        return it == record.end() ? nlohmann::ordered_json() : *it;
    };
    if (field("version") != GameRecord::kVersion)
        return fmt::format("not a version {} self-play record", GameRecord::kVersion);
    const auto number = field("game");
    if (!number.is_number_integer() || number < 0 || number >= config.games)
        return fmt::format("game {}, not one of this run's 0..{}", number.dump(), config.games - 1);
    game = number.get<int>();
    if (field("seed") != config.seed)
        return fmt::format("seed {}, this run's is {}", field("seed").dump(), config.seed);
    if (field("settings") != settings)
        return fmt::format("settings {}, this run's are {}", field("settings").dump(),
                           settings.dump());
    const int size = gameSize(config, game);
    if (field("width") != size || field("height") != size)
        return fmt::format("game {} on {}x{}, this run's is {}x{}", game, field("width").dump(),
                           field("height").dump(), size, size);
    return std::nullopt;
}

std::string readWhole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    if (!in || !(text << in.rdbuf()))
        throw std::runtime_error("cannot read " + path);
    return text.str();
}

} // namespace

ExistingRecords readRecordsFile(const std::string& path, const SelfPlayConfig& config,
                                const nlohmann::ordered_json& settings) {
    std::error_code ignored;
    const auto status = fs::status(path, ignored);
    if (!fs::exists(status))
        return {};
    if (!fs::is_regular_file(status))
        throw std::runtime_error(path + " is not a regular file");
    const std::string text = readWhole(path);
    ExistingRecords held;
    held.fileBytes = text.size();
    std::size_t start = 0;
    for (int number = 1;; ++number) {
        const auto newline = text.find('\n', start);
        if (newline == std::string::npos)
            break;
        int game = 0;
        if (auto why = whyNotThisRun(text.substr(start, newline - start), config, settings, game))
            throw std::runtime_error(fmt::format(
                "{} line {} is not a record of this run ({}); give another --out, or the "
                "arguments of the run that wrote it",
                path, number, *why));
        held.games.insert(game);
        start = newline + 1;
    }
    held.completeBytes = start;
    return held;
}

RecordsWriter::RecordsWriter(const std::string& path, const ExistingRecords& existing)
    : path_(path) {
    if (existing.fileBytes > existing.completeBytes) {
        fs::resize_file(path, existing.completeBytes);
        spdlog::warn("{}: removed an unfinished last line ({} bytes), left by a stopped run", path,
                     existing.fileBytes - existing.completeBytes);
    }
    file_ = std::fopen(path.c_str(), "ab");
    if (!file_)
        throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
}

RecordsWriter::~RecordsWriter() { std::fclose(file_); }

void RecordsWriter::append(const std::string& line) {
    if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
        throw std::runtime_error("cannot write " + path_ + ": " + std::strerror(errno));
}

} // namespace hex::selfplay
