#include "match/schedule.h"

#include "protocol/command_line.h"

#include <algorithm>

namespace hex::match {

std::vector<ScheduledGame> makeSchedule(const std::vector<int>& sizes,
                                        const std::vector<std::vector<Opening>>& openingsPerSize,
                                        int games) {
    // Sizes interleave (first opening of every size, then the second...), so a cut or
    // interrupted run still covers every size.
    std::vector<ScheduledGame> base;
    std::size_t longest = 0;
    for (const auto& openings : openingsPerSize)
        longest = std::max(longest, openings.size());
    for (std::size_t i = 0; i < longest; ++i)
        for (std::size_t s = 0; s < sizes.size(); ++s)
            if (i < openingsPerSize[s].size())
                for (int black = 0; black < 2; ++black)
                    base.push_back({0, sizes[s], openingsPerSize[s][i], black});
    const std::size_t total = games > 0 ? static_cast<std::size_t>(games) : base.size();
    std::vector<ScheduledGame> out;
    for (std::size_t i = 0; i < total && !base.empty(); ++i) {
        out.push_back(base[i % base.size()]);
        out.back().index = static_cast<int>(i);
    }
    return out;
}

std::optional<Shard> parseShard(std::string_view text) {
    const auto numbers = parseShardNumbers(text);
    if (!numbers || numbers->first < 1 || numbers->first > numbers->second)
        return std::nullopt;
    return Shard{numbers->first, numbers->second};
}

std::vector<ScheduledGame> shardOf(const std::vector<ScheduledGame>& games, Shard shard) {
    std::vector<ScheduledGame> out;
    for (const auto& game : games)
        if (game.index % shard.n == shard.k - 1)
            out.push_back(game);
    return out;
}

} // namespace hex::match
