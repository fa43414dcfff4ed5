#include "search/opening_table.h"

#include <array>
#include <sstream>
#include <string>
#include <string_view>

namespace hex {

namespace {

// The WIN lines of data/openings.txt, by size 1..8; every other cell loses.
constexpr std::array<std::string_view, OpeningTable::kMaxSide> kWinningOpenings = {
    "a1",                                                                               // 1x1
    "a2 b1",                                                                            // 2x2
    "a2 a3 b2 c1 c2",                                                                   // 3x3
    "a4 b3 c2 d1",                                                                      // 4x4
    "a4 a5 b2 b3 b4 c2 c3 c4 d2 d3 d4 e1 e2",                                           // 5x5
    "a3 a4 a5 a6 b2 b3 b4 b5 c2 c3 c4 c5 d2 d3 d4 d5 e2 e3 e4 e5 f1 f2 f3 f4",          // 6x6
    "a4 a6 a7 b3 b4 b5 b6 c2 c3 c4 c5 c6 d3 d4 d5 e2 e3 e4 e5 e6 f2 f3 f4 f5 g1 g2 g4", // 7x7
    "a5 a7 a8 b3 b4 b5 b6 b7 c3 c4 c5 c6 d3 d4 d5 d6 e3 e4 e5 e6 f3 f4 f5 f6 g2 g3 g4 g5 g6 h1 h2 "
    "h4", // 8x8
};

} // namespace

std::optional<bool> OpeningTable::firstMoveWins(const Geometry& geometry, Cell cell) {
    if (!geometry.square() || geometry.width() > kMaxSide || cell < 0 || geometry.isEdge(cell))
        return std::nullopt;
    std::istringstream names{
        std::string(kWinningOpenings[static_cast<std::size_t>(geometry.width() - 1)])};
    std::string name;
    while (names >> name) {
        if (geometry.parse(name) == cell)
            return true;
    }
    return false;
}

std::optional<bool> OpeningTable::shouldSwap(const Board& board) {
    if (board.stoneCount() != 1)
        return std::nullopt;
    const Board::Played lone = board.history().front();
    const Geometry& g = board.geometry();
    const Cell asBlack = lone.color == Color::Black ? lone.cell : g.mirror(lone.cell);
    return firstMoveWins(g, asBlack);
}

} // namespace hex
