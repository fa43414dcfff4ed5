#pragma once

#include "core/types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

// Everything about a board size that does not depend on the stones: cell numbering, names,
// adjacency (including the four edge nodes) and the symmetries. One immutable instance per size,
// shared by every board of that size (see Geometry::of).
//
// Numbering: interior cell (x, y), 0-based column x and row y, is y * width + x; then come the
// edge nodes north (row 1 side, Black), south (last row, Black), west (column a, White) and east
// (last column, White). The six neighbours of (x, y) are (x+-1, y), (x, y+-1), (x+1, y-1) and
// (x-1, y+1): a1 and the last cell are the acute corners.
class Geometry {
public:
    static constexpr int kMaxSide = 19;
    static constexpr int kMaxCells = kMaxSide * kMaxSide;
    static constexpr int kMaxNodes = kMaxCells + 4;

    // The shared geometry for a size; width and height must be in 1..kMaxSide. Thread-safe.
    static const Geometry& of(int width, int height);

    static bool validSize(int width, int height) noexcept {
        return width >= 1 && width <= kMaxSide && height >= 1 && height <= kMaxSide;
    }

    int width() const noexcept { return width_; }
    int height() const noexcept { return height_; }
    bool square() const noexcept { return width_ == height_; }
    int cellCount() const noexcept { return width_ * height_; }
    int nodeCount() const noexcept { return cellCount() + 4; }

    Cell cell(int x, int y) const noexcept { return y * width_ + x; }
    // Column and row of a cell (c % width and c / width, also for the edge nodes) from a table:
    // the dead-cell tests ask for them millions of times, and a division costs more.
    int x(Cell c) const noexcept { return columnOf_[static_cast<std::size_t>(c)]; }
    int y(Cell c) const noexcept { return rowOf_[static_cast<std::size_t>(c)]; }
    bool onBoard(int x, int y) const noexcept {
        return x >= 0 && x < width_ && y >= 0 && y < height_;
    }
    bool isEdge(Cell c) const noexcept { return c >= cellCount(); }

    Cell north() const noexcept { return cellCount(); }
    Cell south() const noexcept { return cellCount() + 1; }
    Cell west() const noexcept { return cellCount() + 2; }
    Cell east() const noexcept { return cellCount() + 3; }
    // The two edges a colour joins: Black north/south, White west/east.
    Cell edge1(Color c) const noexcept { return c == Color::Black ? north() : west(); }
    Cell edge2(Color c) const noexcept { return c == Color::Black ? south() : east(); }
    // Rows between a cell and an edge node, counting the cell's own: 1 for a cell touching it.
    int rowsFrom(Cell c, Cell edge) const noexcept {
        if (edge == north())
            return y(c) + 1;
        if (edge == south())
            return height_ - y(c);
        return edge == west() ? x(c) + 1 : width_ - x(c);
    }
    // A cell's position along an edge: its column along north and south, its row along west and
    // east.
    int alongEdge(Cell c, Cell edge) const noexcept {
        return edge == north() || edge == south() ? x(c) : y(c);
    }
    // The colour that owns an edge node.
    Color edgeOwner(Cell edge) const noexcept {
        return edge < west() ? Color::Black : Color::White;
    }

    // Neighbours of any node; an edge node's neighbours are the cells along it.
    std::span<const Cell> neighbours(Cell c) const noexcept {
        return {adjacency_.data() + adjacencyStart_[c], adjacency_.data() + adjacencyStart_[c + 1]};
    }
    // Two interior cells by their coordinates (the dead-cell tests ask this of most pairs of
    // cells around a cell); an edge node by its neighbour list.
    bool adjacent(Cell a, Cell b) const noexcept {
        if (isEdge(a) || isEdge(b))
            return adjacentToEdge(a, b);
        return adjacentOffset(x(b) - x(a), y(b) - y(a));
    }
    // Whether a cell at (dx, dy) from another is its neighbour.
    static constexpr bool adjacentOffset(int dx, int dy) noexcept {
        return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && dx + dy >= -1 && dx + dy <= 1 &&
               (dx != 0 || dy != 0);
    }
    // An interior cell's six neighbouring cells in ring order (each one adjacent to the next, the
    // last to the first), starting north: (x, y-1), (x+1, y-1), (x+1, y), (x, y+1), (x-1, y+1),
    // (x-1, y); kNoCell where the ring leaves the board. Ring position r is bit 1 << r in the
    // local patterns that use it (inferior.cpp).
    static constexpr int kRingSize = 6;
    std::span<const Cell, kRingSize> ring(Cell c) const noexcept {
        return std::span<const Cell, kRingSize>(
            rings_.data() + static_cast<std::size_t>(c) * kRingSize, kRingSize);
    }
    // The offsets (dx, dy) of the ring positions, and the ring position of an offset (-1 if it
    // is not a neighbour's).
    static constexpr std::array<std::array<int, 2>, kRingSize> kRingOffsets{
        {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};
    static constexpr int ringPosition(int dx, int dy) noexcept {
        for (std::size_t r = 0; r < kRingOffsets.size(); ++r)
            if (kRingOffsets[r][0] == dx && kRingOffsets[r][1] == dy)
                return static_cast<int>(r);
        return -1;
    }

    // 180-degree rotation: maps the game onto itself on every board (edges: N<->S, W<->E).
    Cell rotate180(Cell c) const noexcept {
        // (x, y) -> (width-1-x, height-1-y) is cell numbering read backwards.
        return isEdge(c) ? rotateEdge180(c) : cellCount() - 1 - c;
    }
    // Reflection in the long diagonal, (x, y) -> (y, x): exchanges the players' roles. Only
    // meaningful on square boards (edges: N<->W, S<->E).
    Cell mirror(Cell c) const noexcept;

    // "a1" style name (lower case); edge nodes are "north", "south", "west", "east".
    std::string name(Cell c) const;
    // Parses an interior cell name, case-insensitively: one column letter and a row number
    // without leading zeros. nullopt for anything else or off the board.
    std::optional<Cell> parse(std::string_view text) const;

private:
    Geometry(int width, int height);
    Cell rotateEdge180(Cell edge) const noexcept;
    bool adjacentToEdge(Cell a, Cell b) const noexcept;

    int width_;
    int height_;
    std::vector<Cell> adjacency_;
    std::vector<int> adjacencyStart_;
    std::vector<Cell> rings_;            // kRingSize per interior cell
    std::vector<std::uint8_t> columnOf_; // by node
    std::vector<std::uint8_t> rowOf_;
};

} // namespace hex
