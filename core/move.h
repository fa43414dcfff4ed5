#pragma once

#include "core/geometry.h"
#include "core/types.h"

#include <optional>
#include <string>
#include <string_view>

namespace hex {

// A game-level move: a stone on a cell or one of the two swap meanings HexGui uses.
//  - SwapPieces (HexGui 0.10): the lone stone is mirrored in the long diagonal and recoloured;
//    the swapper's opponent moves next.
//  - SwapSides (Benzene, HexGui 0.9's "swap-pieces"): the board is unchanged and the swapper
//    moves again.
enum class MoveKind : std::uint8_t { Stone, SwapPieces, SwapSides };

struct Move {
    MoveKind kind = MoveKind::Stone;
    Cell cell = kNoCell;

    static Move stone(Cell c) noexcept { return {MoveKind::Stone, c}; }
    static Move swapPieces() noexcept { return {MoveKind::SwapPieces, kNoCell}; }
    static Move swapSides() noexcept { return {MoveKind::SwapSides, kNoCell}; }
    bool isSwap() const noexcept { return kind != MoveKind::Stone; }
    friend bool operator==(const Move&, const Move&) = default;
};

// "e5", "swap-pieces" or "swap-sides".
std::string moveName(const Geometry& geometry, Move move);

} // namespace hex
