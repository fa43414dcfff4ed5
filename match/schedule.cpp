#include "match/schedule.h"

#include <algorithm>
#include <charconv>

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
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        return std::nullopt;
    Shard shard;
    const auto a = std::from_chars(text.data(), text.data() + slash, shard.k);
    const auto b = std::from_chars(text.data() + slash + 1, text.data() + text.size(), shard.n);
    if (a.ec != std::errc() || a.ptr != text.data() + slash || b.ec != std::errc() ||
        b.ptr != text.data() + text.size() || shard.n < 1 || shard.k < 1 || shard.k > shard.n)
        return std::nullopt;
    return shard;
}

std::vector<ScheduledGame> shardOf(const std::vector<ScheduledGame>& games, Shard shard) {
    std::vector<ScheduledGame> out;
    for (const auto& game : games)
        if (game.index % shard.n == shard.k - 1)
            out.push_back(game);
    return out;
}

} // namespace hex::match
