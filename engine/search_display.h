#pragma once

#include "search/search_player.h"

#include <optional>
#include <vector>

namespace hex {

// The last search as seen from the current position `now`, for HexGui's analyze window. Both
// are empty without a search or when it was on a board of another size.

// The principal variation as it continues from `now`: the whole line when the board is the
// searched one, the rest of it when moves of the line have been played since (as after
// genmove), nothing when the game went elsewhere.
std::vector<Cell> principalVariationFrom(const std::optional<LastSearch>& last, const Board& now);

// The root moves' scores on cells still empty in `now` (side to move's view).
std::vector<RootMoveScore> rootScoresOn(const std::optional<LastSearch>& last, const Board& now);

} // namespace hex
