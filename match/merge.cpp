#include "match/merge.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

namespace hex::match {

void mergeResults(const std::vector<std::string>& inputs, TournamentInfo& info,
                  std::vector<GameRecord>& games) {
    std::set<int> seen;
    bool first = true;
    for (const auto& input : inputs) {
        std::filesystem::path path(input);
        if (std::filesystem::is_directory(path))
            path /= "results.json";
        TournamentInfo part;
        std::vector<GameRecord> partGames;
        readResultsFile(path.string(), part, partGames);
        if (first)
            info = part;
        else if (const auto difference = tournamentDifference(part, info); !difference.empty())
            throw std::runtime_error(path.string() + " comes from a different tournament (" +
                                     difference + ")");
        first = false;
        for (auto& game : partGames) {
            if (!seen.insert(game.index).second)
                throw std::runtime_error(path.string() + ": game " +
                                         std::to_string(game.index + 1) + " appears twice");
            games.push_back(std::move(game));
        }
    }
    std::sort(games.begin(), games.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
}

void copyGameFiles(const std::vector<std::string>& inputs, const std::vector<GameRecord>& games,
                   const std::string& outDir) {
    namespace fs = std::filesystem;
    fs::create_directories(outDir);
    for (const auto& input : inputs) {
        const fs::path dir =
            fs::is_directory(input) ? fs::path(input) : fs::path(input).parent_path();
        if (fs::equivalent(dir.empty() ? "." : dir, outDir))
            continue;
        for (const auto& game : games) {
            const fs::path from = dir / game.sgf;
            if (!game.sgf.empty() && fs::exists(from))
                fs::copy_file(from, fs::path(outDir) / game.sgf,
                              fs::copy_options::overwrite_existing);
        }
    }
}

} // namespace hex::match
