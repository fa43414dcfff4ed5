#pragma once

#include "core/board.h"

#include <sstream>
#include <string>
#include <string_view>

namespace hex::testing {

// A board of size n with the named cells ("a1 b2 ...") of each colour.
inline Board boardWith(int n, std::string_view black, std::string_view white) {
    Board board(n, n);
    auto place = [&board](std::string_view cells, Color color) {
        std::istringstream in{std::string(cells)};
        std::string name;
        while (in >> name)
            board.play(*board.geometry().parse(name), color);
    };
    place(black, Color::Black);
    place(white, Color::White);
    return board;
}

// The same position turned by 180 degrees, stone for stone in the same order.
inline Board rotated(const Board& board) {
    Board result(board.width(), board.height());
    for (const Board::Played& p : board.history())
        result.play(board.geometry().rotate180(p.cell), p.color);
    return result;
}

} // namespace hex::testing
