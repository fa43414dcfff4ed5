#include "search/tactics.h"

#include <cassert>

namespace hex {

WinningCells findWinningCells(const Board& board, Color color, int limit) {
    assert(limit >= 1 && limit <= 2);
    const Geometry& g = board.geometry();
    const Cell group1 = board.group(g.edge1(color));
    const Cell group2 = board.group(g.edge2(color));
    WinningCells found;
    const int cells = g.cellCount();
    for (Cell c = 0; c < cells; ++c) {
        if (!board.isEmpty(c))
            continue;
        bool touches1 = false;
        bool touches2 = false;
        for (Cell n : g.neighbours(c)) {
            if (!board.has(n, color))
                continue;
            const Cell group = board.group(n);
            touches1 = touches1 || group == group1;
            touches2 = touches2 || group == group2;
        }
        if (touches1 && touches2) {
            found.cells[static_cast<std::size_t>(found.count++)] = c;
            if (found.count == limit)
                break;
        }
    }
    return found;
}

} // namespace hex
