#pragma once

#include "core/game.h"

#include <string>
#include <variant>
#include <vector>

namespace hex::match {

// An opening: moves played by Black, White, Black... before the engines take over ("a1 b2").
using Opening = std::vector<std::string>;

enum class OpeningKind { None, EveryFirstMove, File, Balanced };

// Every cell of a size x size board as Black's first move.
std::vector<Opening> everyFirstMove(int size);
// One opening per non-comment line of the text ('#' starts a comment); the reason on failure.
std::variant<std::vector<Opening>, std::string> parseOpeningFile(std::string_view text);
// From the proven first-move tables (data/openings.txt format: "OPEN nxn WIN(k): a1
// b2..." and "... LOSS(k): ..."): as many winning as losing first moves for `size`, spread
// evenly over each list and interleaved win, loss, win... The reason on failure (no table for
// the size, or a table with no winning or no losing move).
std::variant<std::vector<Opening>, std::string> balancedFirstMoves(std::string_view tables,
                                                                   int size);
// Why the opening cannot start a game on a size x size board (unknown cell, occupied, or the
// game is already won), or an empty string.
std::string whyBadOpening(const Opening& opening, int size);

std::string openingText(const Opening& opening);

} // namespace hex::match
