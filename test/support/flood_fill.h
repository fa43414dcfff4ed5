#pragma once

#include "core/board.h"

#include <optional>
#include <vector>

namespace hex::testing {

// Reference winner by breadth-first flood fill from each colour's first edge, independent of the
// board's union-find.
inline bool floodConnects(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    std::vector<char> seen(static_cast<std::size_t>(g.nodeCount()), 0);
    std::vector<Cell> stack{g.edge1(color)};
    seen[static_cast<std::size_t>(g.edge1(color))] = 1;
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        if (c == g.edge2(color))
            return true;
        for (Cell n : g.neighbours(c)) {
            if (!seen[static_cast<std::size_t>(n)] && board.has(n, color)) {
                seen[static_cast<std::size_t>(n)] = 1;
                stack.push_back(n);
            }
        }
    }
    return false;
}

inline std::optional<Color> floodWinner(const Board& board) {
    if (floodConnects(board, Color::Black))
        return Color::Black;
    if (floodConnects(board, Color::White))
        return Color::White;
    return std::nullopt;
}

} // namespace hex::testing
