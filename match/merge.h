#pragma once

#include "match/results.h"

#include <string>
#include <vector>

namespace hex::match {

// Combines the results of shards of one tournament (results.json files, or directories holding
// one) into a single list ordered by game number. Throws std::runtime_error if the inputs come
// from different tournaments or hold the same game twice.
void mergeResults(const std::vector<std::string>& inputs, TournamentInfo& info,
                  std::vector<GameRecord>& games);

// Copies the games' SGF files from the inputs' directories into `outDir`.
void copyGameFiles(const std::vector<std::string>& inputs, const std::vector<GameRecord>& games,
                   const std::string& outDir);

} // namespace hex::match
