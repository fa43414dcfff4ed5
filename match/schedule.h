#pragma once

#include "match/openings.h"

#include <optional>
#include <string>
#include <vector>

namespace hex::match {

// One scheduled game. Game numbers are global, so shards of a schedule never overlap and
// merged shards sort into the unsharded order.
struct ScheduledGame {
    int index = 0; // 0-based position in the full schedule
    int size = 0;
    Opening opening;
    int blackEngine = 0; // 0 or 1: which --engine plays Black
};

// Each opening twice with colours exchanged (engine 0 Black first); sizes interleave: the first
// opening of each size, then the second of each... The list is cycled or cut to `games` games
// when that is positive.
std::vector<ScheduledGame> makeSchedule(const std::vector<int>& sizes,
                                        const std::vector<std::vector<Opening>>& openingsPerSize,
                                        int games);

struct Shard {
    int k = 1; // 1-based
    int n = 1;
};

// "K/N" with 1 <= K <= N; nullopt if malformed.
std::optional<Shard> parseShard(std::string_view text);
// The games of shard k: every n-th game starting at k-1.
std::vector<ScheduledGame> shardOf(const std::vector<ScheduledGame>& games, Shard shard);

} // namespace hex::match
