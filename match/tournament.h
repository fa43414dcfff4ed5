#pragma once

#include "match/referee.h"
#include "match/results.h"
#include "match/schedule.h"

#include <atomic>
#include <string>
#include <vector>

namespace hex::match {

struct EngineSpec {
    std::string command;            // a command line, or tcp://host:port
    std::string name;               // empty: derived from the command
    std::vector<std::string> setup; // HTP commands sent after every (re)start
    std::string secretFile;         // tcp:// engines: first line sent as the shared secret
};

struct MatchConfig {
    EngineSpec engines[2];
    std::vector<int> sizes{11};
    OpeningKind openings = OpeningKind::None;
    std::string openingFile; // OpeningKind::File
    std::string tablesFile;  // OpeningKind::Balanced: the proven first-move tables
    int games = 0;           // 0: each opening twice
    GameSettings settings;   // size is set per game
    int jobs = 1;
    Shard shard;
    std::string outDir; // empty: write nothing
    bool progress = true;
    std::uint64_t seed = 1;
};

// The full (unsharded) schedule; throws std::runtime_error for an unreadable or invalid
// opening file or table.
std::vector<ScheduledGame> buildSchedule(const MatchConfig& config);
TournamentInfo describe(const MatchConfig& config, int totalGames);
// The engine names: given ones, else the program's file name, made distinct.
void nameEngines(MatchConfig& config);

// Plays the games of a schedule on `jobs` threads, each with its own pair of engines, restarts an
// engine after a game it lost by a fault, and writes the SGF of each game and the results files
// as games finish (so an interrupted run keeps every finished game). `stop` ends it early:
// running games are abandoned and not recorded. If config.outDir holds results of the same
// tournament, their games are kept and not played again (see resume.h); results of another one
// there throw std::runtime_error before anything is played or changed. Returns every finished
// game, the kept ones included, in schedule order.
std::vector<GameRecord> runTournament(const MatchConfig& config,
                                      const std::vector<ScheduledGame>& games,
                                      const std::atomic<bool>& stop);

// Writes results.json, results.csv and summary.txt into dir; throws std::runtime_error.
void writeResults(const std::string& dir, const TournamentInfo& info,
                  std::vector<GameRecord> games);

// The game's SGF with player names, result and the reason as a comment.
std::string gameSgf(const Game& game, const GameRecord& record);

} // namespace hex::match
