#pragma once

#include "match/tournament.h"

#include <string>
#include <vector>

namespace hex::match {

struct MatchCommandLine {
    MatchConfig config;
    bool help = false;
    bool merge = false;              // ohmhex-match merge --out DIR INPUT...
    std::vector<std::string> inputs; // merge inputs: results.json files or directories
    std::string error;               // non-empty: unusable arguments
};

MatchCommandLine parseMatchCommandLine(int argc, const char* const* argv);
std::string matchUsage();

} // namespace hex::match
