#pragma once

#include "core/game.h"

#include <string>

namespace hex {

// The board as a rhombus for showboard: column letters on top and bottom, row numbers on both
// sides, each row shifted half a cell; X Black, O White, . empty. No empty lines.
std::string boardText(const Game& game);

} // namespace hex
