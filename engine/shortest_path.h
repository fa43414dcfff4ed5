#pragma once

#include "core/board.h"

namespace hex {

// Stones `color` still needs to join its two edges: a 0-1 breadth-first search where own stones
// cost 0, empty cells 1 and opponent stones block. kUnreachable when the opponent has cut the
// colour off; 0 when it is already connected.
constexpr int kUnreachable = 1'000;
int stonesToConnect(const Board& board, Color color);

} // namespace hex
