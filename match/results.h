#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hex::match {

// One finished game as written to results.json and results.csv.
struct GameRecord {
    int index = 0;
    int size = 0;
    std::string opening; // "a1 b2", empty for none
    int blackEngine = 0; // which engine (0 or 1) played Black
    std::string black;   // engine names
    std::string white;
    std::string winner;   // "black", "white", or empty when neither engine could start
    std::string reason;   // "connection", "resign", or the failure that lost the game
    int plies = 0;        // moves on the record, opening and swaps included
    double blackTime = 0; // seconds spent in genmove
    double whiteTime = 0;
    std::string sgf;          // file name inside the output directory
    long rssKb[2] = {-1, -1}; // engines' resident memory after the game, -1 unknown

    // 0 or 1 for the engine that won, -1 for no result.
    int winnerEngine() const;
};

// What identifies a tournament: merge refuses to combine results of different ones.
struct TournamentInfo {
    std::string engines[2]; // names
    std::string commands[2];
    std::string settings; // sizes, openings, swap, time control, games
    // Set-up commands, --margin, --command-timeout, --chaos where they are not the defaults
    // ("setup1=param_ohmhex max_time 1 margin=1"); empty for none, and then not written.
    std::string extraSettings;
    int totalGames = 0; // of the unsharded schedule
};

// The first difference in names, settings or schedule size between two tournaments ("settings
// 'sizes=4 ...' vs 'sizes=5 ...'"), or an empty string. Commands and extra settings are not
// compared: shards played on different machines may start the same engine from different paths,
// and shards written before extra settings were recorded must still merge.
std::string tournamentDifference(const TournamentInfo& a, const TournamentInfo& b);

// The SGF file of game `index` (0-based) in an output directory: "game-000001.sgf" for game 0.
std::string gameFileName(int index);
// True for a name gameFileName() could have made.
bool isGameFileName(std::string_view name);

// The complete results.json text; and reading it back (throws std::runtime_error).
std::string resultsJson(const TournamentInfo& info, const std::vector<GameRecord>& games);
void readResultsJson(std::string_view text, TournamentInfo& info, std::vector<GameRecord>& games);
// Reads a results.json file; throws std::runtime_error naming the file and the problem.
void readResultsFile(const std::string& path, TournamentInfo& info, std::vector<GameRecord>& games);
std::string resultsCsv(const std::vector<GameRecord>& games);

// Engine 0's score over the games with a result, and the Elo difference with its 95% interval
// (normal approximation of the score's standard error). At a 0% or 100% score the Elo and the far
// bound are infinite, and the near bound uses the largest standard error, sqrt(0.25 / n).
struct Summary {
    int games = 0;
    int wins[2] = {0, 0};
    double score = 0; // engine 0's share of the points
    double elo = 0;
    double eloLow = 0;
    double eloHigh = 0;
};

Summary summarize(const std::vector<GameRecord>& games);
std::string summaryText(const TournamentInfo& info, const Summary& summary);
// Elo difference for a score share in [0, 1]; +-infinity at the ends.
double eloFromScore(double score);

} // namespace hex::match
