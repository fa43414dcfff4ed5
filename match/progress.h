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
    Progress(int total, const std::string (&engines)[2], bool enabled);
    void update(const std::vector<GameRecord>& done);
    void finish();

private:
    int total_;
    std::string engines_[2];
    bool enabled_;
    bool terminal_;
    int lastTenth_ = -1;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace hex::match
