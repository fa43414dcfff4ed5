#include "engine/search_display.h"

#include <cstdlib>

namespace hex {

namespace {

bool sameSize(const std::optional<LastSearch>& last, const Board& now) {
    return last && last->board.width() == now.width() && last->board.height() == now.height();
}

std::string compactValue(Score value) {
    if (std::abs(value) < 1000)
        return std::to_string(value);
    return std::to_string(value / 1000) + "k"; // whole thousands, towards zero
}

} // namespace

bool searchedPosition(const std::optional<LastSearch>& last, const Board& now, Color toMove) {
    return sameSize(last, now) && last->board.key() == now.key() && last->toMove == toMove;
}

std::vector<RootMoveScore> rootScoresOf(const SearchResult& result) {
    if (!result.rootScores.empty() || result.best == kNoCell ||
        result.reason == SearchResult::Reason::Solved)
        return result.rootScores;
    return {RootMoveScore{result.best, result.score, true, 0}};
}

std::string scoreLabel(const RootMoveScore& score) {
    std::string label;
    if (score.score > kMaxEval)
        label = "W" + std::to_string(kWin - score.score);
    else if (score.score < -kMaxEval)
        label = "L" + std::to_string(kWin + score.score);
    else
        label = compactValue(score.score);
    return (score.exact ? "" : "<") + label;
}

} // namespace hex
