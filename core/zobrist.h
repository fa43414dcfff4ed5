#pragma once

#include "core/geometry.h"
#include "core/types.h"

namespace hex::zobrist {

// Fixed pseudo-random keys (a constant seed, so keys and the bench signature are reproducible).
Key stone(Cell node, Color c) noexcept;
// Distinguishes board sizes, so positions of different sizes never share a key.
Key size(int width, int height) noexcept;
// XORed in by the search when it needs the side to move in the key.
Key sideToMove(Color c) noexcept;

} // namespace hex::zobrist
