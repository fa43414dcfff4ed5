#pragma once

#include "search/search_player.h"

#include <optional>
#include <string>
#include <vector>

namespace hex {

// The search displays for HexGui's analyze window (search_pv, search_scores) describe the
// position on the board now, with the colour asked for to move; a search of another position
// is never shown.

// Whether `last` searched exactly `now` with `toMove` to move.
bool searchedPosition(const std::optional<LastSearch>& last, const Board& now, Color toMove);

// The root moves' scores of `result`; when the search decided without searching (a win on the
// spot, a forced block, a winning connection), its move with its proven score. Nothing for the
// solver's win, which has no distance.
std::vector<RootMoveScore> rootScoresOf(const SearchResult& result);

// A root move's score as a label that fits a HexGui cell (at most four characters, five for the
// most negative values): "W3" / "L4" for a proven win / loss in so many plies, the evaluator's
// value below 1000 as it is, beyond that in thousands ("12k", "-3k"); a leading "<" marks an
// upper bound (the move is no better than that).
std::string scoreLabel(const RootMoveScore& score);

} // namespace hex
