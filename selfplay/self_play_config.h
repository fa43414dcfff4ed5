#pragma once

#include "core/options.h"
#include "eval/network/network.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hex::selfplay {

// Every game of the run is numbered 0..games-1; shard `index` of `count` plays the games g with
// g % count == index, so `count` shards together play the whole run, each into its own file.
struct Shard {
    int index = 0;
    int count = 1;
    bool plays(int game) const noexcept { return game % count == index; }
};

// What `ohmhex selfplay` was asked to do. Everything but `out` and `shard` decides the games,
// and goes into each record's settings (recordSettings).
struct SelfPlayConfig {
    std::string out;
    int games = 100;
    std::vector<int> sizes{5, 7, 9, 11};
    std::uint64_t nodes = 2000; // per search; 0 when `seconds` is the budget
    double seconds = 0;         // per search (--time); not deterministic
    std::uint64_t seed = 1;
    int randomPlies = 2;               // the first plies of every game are random empty cells
    int solverEmpty = 16;              // solve positions with at most this many empty cells; 0: off
    std::uint64_t solverNodes = 10000; // the solver's node budget per position
    Shard shard;
    Options options; // the engine options, -o applied; --nodes / --time set max_nodes, max_time
    // The net of options' network_file: the built-in one as parsed, a file's once loadNetwork
    // has read it.
    std::shared_ptr<const eval::network::Network> network;
};

struct ParsedSelfPlay {
    SelfPlayConfig config;
    bool help = false;
    std::string error; // non-empty: unusable arguments
};

// Reads the arguments after the word `selfplay`.
ParsedSelfPlay parseSelfPlayArguments(std::span<const std::string> args);
std::string selfPlayUsage();

} // namespace hex::selfplay
