#include "match/resume.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

namespace hex::match {

namespace {

namespace fs = std::filesystem;

std::string describeGame(const GameRecord& game) {
    return fmt::format("size {}, opening '{}', {} Black, {} White, file {}", game.size,
                       game.opening, game.black, game.white, game.sgf);
}

// Why the recorded game is not game `scheduled` of this run, or an empty string.
std::string mismatch(const GameRecord& recorded, const ScheduledGame& scheduled,
                     const TournamentInfo& info) {
    GameRecord expected;
    expected.size = scheduled.size;
    expected.opening = openingText(scheduled.opening);
    expected.black = info.engines[scheduled.blackEngine];
    expected.white = info.engines[1 - scheduled.blackEngine];
    expected.sgf = gameFileName(scheduled.index);
    const std::string want = describeGame(expected);
    const std::string got = describeGame(recorded);
    if (got == want && recorded.blackEngine == scheduled.blackEngine)
        return "";
    return "there " + got + ", in this run " + want;
}

// Why the recorded results are not a part of this run, or an empty string.
std::string whyNotThisRun(const TournamentInfo& there, const std::vector<GameRecord>& recorded,
                          const TournamentInfo& here, const std::vector<ScheduledGame>& games) {
    if (auto difference = tournamentDifference(there, here); !difference.empty())
        return "another tournament (there vs this run: " + difference + ")";
    for (int e = 0; e < 2; ++e)
        if (there.commands[e] != here.commands[e])
            return fmt::format("another tournament (there vs this run: engine {} command '{}' vs "
                               "'{}')",
                               e + 1, there.commands[e], here.commands[e]);
    if (there.extraSettings != here.extraSettings)
        return fmt::format("another tournament (there vs this run: extra settings '{}' vs '{}')",
                           there.extraSettings, here.extraSettings);
    std::map<int, const ScheduledGame*> byIndex;
    for (const auto& game : games)
        byIndex[game.index] = &game;
    std::set<int> seen;
    for (const auto& game : recorded) {
        const auto scheduled = byIndex.find(game.index);
        if (scheduled == byIndex.end())
            return fmt::format("game {}, which this run does not play (another --shard?)",
                               game.index + 1);
        if (!seen.insert(game.index).second)
            return fmt::format("game {} twice", game.index + 1);
        if (auto why = mismatch(game, *scheduled->second, here); !why.empty())
            return fmt::format("another game {} ({})", game.index + 1, why);
    }
    return "";
}

} // namespace

ResumePoint findResumePoint(const std::string& dir, const TournamentInfo& info,
                            const std::vector<ScheduledGame>& games) {
    const fs::path path = fs::path(dir) / "results.json";
    if (!fs::exists(path))
        return {{}, games};
    TournamentInfo there;
    std::vector<GameRecord> recorded;
    try {
        readResultsFile(path.string(), there, recorded);
    } catch (const std::exception& error) {
        throw std::runtime_error(std::string("cannot resume: ") + error.what());
    }
    if (auto why = whyNotThisRun(there, recorded, info, games); !why.empty())
        throw std::runtime_error(dir + " holds the results of " + why +
                                 "; give another --out, or the arguments of that run to resume it");
    ResumePoint point;
    std::set<int> done;
    for (auto& game : recorded) {
        if (!fs::exists(fs::path(dir) / game.sgf)) {
            spdlog::warn("game {}: its SGF file {} is missing; the game is played again",
                         game.index + 1, game.sgf);
            continue;
        }
        done.insert(game.index);
        point.finished.push_back(std::move(game));
    }
    for (const auto& game : games)
        if (!done.count(game.index))
            point.remaining.push_back(game);
    return point;
}

int removeUnrecordedGameFiles(const std::string& dir, const std::vector<GameRecord>& finished) {
    std::set<std::string> kept;
    for (const auto& game : finished)
        kept.insert(game.sgf);
    int removed = 0;
    if (!fs::is_directory(dir))
        return removed;
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::string name = entry.path().filename().string();
        const bool partial = name.ends_with(".tmp"); // a write cut short
        if (partial)
            name.resize(name.size() - 4);
        if (isGameFileName(name) && (partial || !kept.count(name)) && entry.is_regular_file()) {
            fs::remove(entry.path());
            ++removed;
        }
    }
    return removed;
}

} // namespace hex::match
