#pragma once

#include "core/board.h"

#include <vector>

namespace hex {

// The one-ply player: win in one if possible, otherwise block the opponent's win in one,
// otherwise the move that best improves the shortest-path race (stones still needed by the
// opponent minus stones still needed by the mover, after the move), ties to the centre.
// Precondition: the board has an empty cell. Deterministic.
Cell firstPlayerMove(const Board& board, Color toMove);

// The empty cells that win at once for `color`, in increasing cell order.
std::vector<Cell> winningCells(const Board& board, Color color);

} // namespace hex
