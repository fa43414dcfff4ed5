#pragma once

#include "core/board.h"
#include "core/geometry.h"

#include <optional>

namespace hex {

// Proven first-move results on small square boards without the swap rule (the WIN lines of
// data/openings.txt, which the project's own solver proves; the search tests check that this
// compiled copy equals the file): whether Black's first stone on `cell` wins with perfect play.
// nullopt for boards that are not square or larger than kMaxSide.
struct OpeningTable {
    static constexpr int kMaxSide = 8;
    static std::optional<bool> firstMoveWins(const Geometry& geometry, Cell cell);

    // With exactly one stone on `board`, whether its opponent should swap: exactly when that
    // opening wins for the player who made it. A White opener is the transposed Black one
    // (mirror), since the transpose exchanges the players' roles. nullopt when the table does
    // not know the board or there is not exactly one stone.
    static std::optional<bool> shouldSwap(const Board& board);
};

} // namespace hex
