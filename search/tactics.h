#pragma once

#include "core/board.h"

#include <array>

namespace hex {

// Cells where a colour connects its two edges with one stone: the search's immediate wins and,
// seen from the opponent, its forced blocks. Found from the union-find groups alone (a cell wins
// when its neighbours reach both edge groups), without playing anything.
struct WinningCells {
    int count = 0;               // capped at the `limit` passed to findWinningCells
    std::array<Cell, 2> cells{}; // the first `count` winning cells in increasing index order
};

// Up to `limit` (1 or 2) winning cells of `color` on an undecided board.
WinningCells findWinningCells(const Board& board, Color color, int limit);

} // namespace hex
