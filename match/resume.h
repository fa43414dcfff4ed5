#pragma once

#include "match/results.h"
#include "match/schedule.h"

#include <string>
#include <vector>

namespace hex::match {

// A run's schedule split by what its output directory already holds.
struct ResumePoint {
    std::vector<GameRecord> finished;     // recorded in results.json, with their SGF files
    std::vector<ScheduledGame> remaining; // still to play, in schedule order
};

// Reads DIR/results.json, if there is one, and checks that it records a run of the same
// tournament (`info`: engine names and commands, settings, size of the full schedule) whose
// games are games of `games` (this run's part of the schedule: same size, opening, colours and
// names). Throws std::runtime_error naming the first difference; changes nothing. A recorded
// game whose SGF file is missing is played again.
ResumePoint findResumePoint(const std::string& dir, const TournamentInfo& info,
                            const std::vector<ScheduledGame>& games);

// Deletes the game-NNNNNN.sgf files in `dir` that are not the SGF of a finished game (a game
// that was being played when the run was killed, say), so that no SGF stands for a game that
// results.json does not hold. Returns how many were deleted.
int removeUnrecordedGameFiles(const std::string& dir, const std::vector<GameRecord>& finished);

} // namespace hex::match
