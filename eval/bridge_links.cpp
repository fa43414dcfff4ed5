#include "eval/bridge_links.h"

#include "eval/cell_order.h"

#include <array>
#include <utility>

namespace hex::eval {

namespace {

// A bridge from (0, 0): the partner cell and the two common neighbours, as (dx, dy) offsets,
// for Black. White uses the transposed offsets (dy, dx), which keeps the colour symmetry.
struct BridgeShape {
    int dx, dy;
    int c1x, c1y;
    int c2x, c2y;
};

constexpr std::array<BridgeShape, 6> kBridges{{
    {1, 1, 1, 0, 0, 1},
    {-1, -1, -1, 0, 0, -1},
    {2, -1, 1, 0, 1, -1},
    {-2, 1, -1, 0, -1, 1},
    {1, -2, 0, -1, 1, -1},
    {-1, 2, 0, 1, -1, 1},
}};

// The two ziggurats (template IIIa) of a stone on the third row, as offsets for Black towards
// the north edge (the edge row is dy = -2); mirrored through the stone for the south edge and
// transposed for White. Found by exhaustive play: the only minimal carriers of that row.
using Offset = std::array<int, 2>;
constexpr std::array<std::array<Offset, 8>, 2> kZiggurats{{
    {{{-1, -2}, {0, -2}, {1, -2}, {2, -2}, {-1, -1}, {0, -1}, {1, -1}, {-1, 0}}},
    {{{0, -2}, {1, -2}, {2, -2}, {3, -2}, {0, -1}, {1, -1}, {2, -1}, {1, 0}}},
}};

// The cell at an offset given for Black, transposed for White; kNoCell off the board.
Cell offsetCell(const Geometry& g, Color color, Cell from, int dx, int dy) {
    if (color == Color::White)
        std::swap(dx, dy);
    const int x = g.x(from) + dx;
    const int y = g.y(from) + dy;
    return g.onBoard(x, y) ? g.cell(x, y) : kNoCell;
}

void appendBridges(const Board& board, Color color, Cell stone, std::vector<Link>& links,
                   const BridgeConductances& conductances) {
    const Geometry& g = board.geometry();
    const int position = positionInOrder(g, color, stone);
    for (const BridgeShape& shape : kBridges) {
        const Cell partner = offsetCell(g, color, stone, shape.dx, shape.dy);
        if (partner == kNoCell || board.has(partner, opponent(color)))
            continue;
        const Cell c1 = offsetCell(g, color, stone, shape.c1x, shape.c1y);
        const Cell c2 = offsetCell(g, color, stone, shape.c2x, shape.c2y);
        // The partner is on the board, so both common neighbours are too.
        if (!board.isEmpty(c1) || !board.isEmpty(c2))
            continue;
        if (board.isEmpty(partner)) {
            links.push_back({stone, partner, conductances.stoneToEmpty});
        } else if (positionInOrder(g, color, partner) > position &&
                   !board.connected(stone, partner)) {
            links.push_back({stone, partner, conductances.stoneToStone}); // each pair once
        }
    }
}

// Template II: the stone's two neighbours on the edge row are empty.
void appendEdgeTemplates(const Board& board, Color color, Cell stone, std::vector<Link>& links,
                         const BridgeConductances& conductances) {
    const Geometry& g = board.geometry();
    for (Cell edge : {g.edge1(color), g.edge2(color)}) {
        if (board.connected(stone, edge)) // on the edge row, or joined to the edge already
            continue;
        int emptyOnEdgeRow = 0;
        for (Cell n : g.neighbours(stone))
            if (board.isEmpty(n) && g.adjacent(n, edge))
                ++emptyOnEdgeRow;
        if (emptyOnEdgeRow == 2)
            links.push_back({stone, edge, conductances.stoneToEdge});
    }
}

// Rows between the cell and the colour's edge (0 on the edge row).
int distanceToEdge(const Geometry& g, Color color, Cell c, bool first) {
    return g.rowsFrom(c, first ? g.edge1(color) : g.edge2(color)) - 1;
}

// Template IIIa: one of the stone's ziggurats towards the edge holds no opponent stone (own
// stones in it only help).
void appendZiggurats(const Board& board, Color color, Cell stone, std::vector<Link>& links,
                     const BridgeConductances& conductances) {
    if (conductances.stoneToEdgeZiggurat <= 0.0)
        return;
    const Geometry& g = board.geometry();
    for (const bool first : {true, false}) {
        const Cell edge = first ? g.edge1(color) : g.edge2(color);
        if (distanceToEdge(g, color, stone, first) != 2 || board.connected(stone, edge))
            continue;
        const int sign = first ? 1 : -1; // towards the second edge: rotated by 180 degrees
        auto holds = [&](const std::array<Offset, 8>& carrier) {
            for (const auto [dx, dy] : carrier) {
                const Cell c = offsetCell(g, color, stone, sign * dx, sign * dy);
                if (c == kNoCell || board.has(c, opponent(color)))
                    return false;
            }
            return true;
        };
        if (holds(kZiggurats[0]) || holds(kZiggurats[1]))
            links.push_back({stone, edge, conductances.stoneToEdgeZiggurat});
    }
}

} // namespace

void appendBridgeLinks(const Board& board, Color color, std::vector<Link>& links,
                       const BridgeConductances& conductances) {
    const Geometry& g = board.geometry();
    for (int k = 0; k < g.cellCount(); ++k) {
        const Cell cell = cellInOrder(g, color, k);
        if (!board.has(cell, color))
            continue;
        appendBridges(board, color, cell, links, conductances);
        appendEdgeTemplates(board, color, cell, links, conductances);
        appendZiggurats(board, color, cell, links, conductances);
    }
}

} // namespace hex::eval
