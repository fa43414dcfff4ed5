#include "engine/search_display.h"

namespace hex {

namespace {

bool sameSize(const std::optional<LastSearch>& last, const Board& now) {
    return last && last->board.width() == now.width() && last->board.height() == now.height();
}

} // namespace

std::vector<Cell> principalVariationFrom(const std::optional<LastSearch>& last, const Board& now) {
    if (!sameSize(last, now))
        return {};
    Board line = last->board;
    Color color = last->toMove;
    const std::vector<Cell>& pv = last->result.pv;
    std::size_t start = 0;
    while (line.key() != now.key() && start < pv.size()) {
        line.play(pv[start++], color);
        color = opponent(color);
    }
    if (line.key() != now.key())
        return {};
    return {pv.begin() + static_cast<std::ptrdiff_t>(start), pv.end()};
}

std::vector<RootMoveScore> rootScoresOn(const std::optional<LastSearch>& last, const Board& now) {
    if (!sameSize(last, now))
        return {};
    std::vector<RootMoveScore> scores;
    for (const RootMoveScore& s : last->result.rootScores)
        if (now.isEmpty(s.cell))
            scores.push_back(s);
    return scores;
}

} // namespace hex
