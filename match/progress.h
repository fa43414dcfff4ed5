#pragma once

#include "match/results.h"

#include <chrono>
#include <string>
#include <vector>

namespace hex::match {

// The progress line on stderr: games done, score so far, ETA. On a terminal it is redrawn in
// place; otherwise a line is printed every tenth of the run, so logs stay short.
class Progress {
public:
    // `resumed`: games of `total` that an earlier run played (they do not count for the ETA).
    Progress(int total, const std::string (&engines)[2], bool enabled, int resumed = 0);
    void update(const std::vector<GameRecord>& done);
    void finish();

private:
    int total_;
    int resumed_;
    std::string engines_[2];
    bool enabled_;
    bool terminal_;
    int lastTenth_ = -1;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace hex::match
