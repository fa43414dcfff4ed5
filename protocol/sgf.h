#pragma once

#include "core/game.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hex::sgf {

// The main line of a Hex SGF file in HexGui's dialect (docs/protocol.md, "SGF dialect"): FF[1-4],
// GM[11], SZ[n] or SZ[w:h], moves B[c3] / W[swap-pieces], setup AB / AW, cells as "c3", "C3" or
// Little Golem "cc". Variations other than the first at each branch are checked but ignored.
struct Record {
    int width = 11;
    int height = 11;
    // Setup stones and moves in file order; setup stones are replayed as plays, like HexGui.
    std::vector<std::pair<Color, Move>> moves;
};

// The record, or the reason the text is not a readable Hex game (syntax error, truncation, not
// GM[11], a bad size, an unreadable move). Moves after a resign or forfeit are ignored.
std::variant<Record, std::string> parse(std::string_view text);

// Replays a record into a new game; the reason on failure (an illegal move, with its number).
std::variant<Game, std::string> replay(const Record& record, std::size_t maxMoves);

// The game in HexGui's format, root properties in alphabetical order.
std::string write(const Game& game, std::string_view application);

} // namespace hex::sgf
