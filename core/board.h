#pragma once

#include "core/geometry.h"
#include "core/types.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace hex {

// Stones on a board plus the four permanently coloured edge nodes, with connectivity kept by a
// union-find that rolls back on undo (union by size, no path compression, so every union is one
// reversible pointer change). play/undo are strict LIFO and undo restores everything: stones,
// groups, keys and counts. Copyable (a copy is independent); cheap enough to copy per thread.
class Board {
public:
    Board(int width, int height);
    explicit Board(const Geometry& geometry);

    const Geometry& geometry() const noexcept { return *geometry_; }
    int width() const noexcept { return geometry_->width(); }
    int height() const noexcept { return geometry_->height(); }

    Stone at(Cell c) const noexcept { return stones_[c]; }
    bool isEmpty(Cell c) const noexcept { return at(c) == Stone::Empty; }
    bool has(Cell c, Color color) const noexcept { return at(c) == stoneOf(color); }

    // Precondition: c is an empty interior cell. Playing after the game is won is allowed.
    void play(Cell c, Color color);
    // Takes back the last play. Precondition: stoneCount() > 0.
    void undo();

    // The colour whose edges are joined, if any (at most one can be).
    std::optional<Color> winner() const noexcept;

    // Representative node of the group (stones of one colour plus, possibly, their edges) that
    // holds c; an empty cell is its own group. Stable only until the next play or undo.
    Cell group(Cell c) const noexcept;
    bool connected(Cell a, Cell b) const noexcept { return group(a) == group(b); }

    // Zobrist key of the stones (not the side to move), and the key the same stones would have
    // after a 180-degree rotation: a position and its rotation share min(key, rotatedKey).
    Key key() const noexcept { return key_; }
    Key rotatedKey() const noexcept { return rotatedKey_; }
    // The key of the position: the stones and whose move it is (the caches' and tables' key
    // where a position and its rotation are told apart).
    Key positionKey(Color toMove) const noexcept;

    int stoneCount() const noexcept { return static_cast<int>(history_.size()); }
    int emptyCount() const noexcept { return geometry_->cellCount() - stoneCount(); }
    int stoneCount(Color c) const noexcept { return colorCounts_[index(c)]; }

    // Cells in the order they were played.
    struct Played {
        Cell cell;
        Color color;
        std::uint16_t unions; // union-find records this play pushed
    };
    std::span<const Played> history() const noexcept { return history_; }

    // Interior empty cells in increasing index order.
    std::vector<Cell> emptyCells() const;

private:
    struct Union {
        Cell child; // the root that was hung below `root`
        Cell root;
    };

    Cell find(Cell c) const noexcept;
    bool unite(Cell a, Cell b);

    const Geometry* geometry_;
    std::vector<Stone> stones_;
    std::vector<Cell> parent_;
    std::vector<int> size_;
    std::vector<Played> history_;
    std::vector<Union> unions_;
    std::array<int, 2> colorCounts_{};
    Key key_;
    Key rotatedKey_;
};

// The position a line of moves ("a1 b2 ...", alternating colours from Black) leads to, or nullopt
// for a line that names no cell of the board, repeats one or continues a finished game.
std::optional<Board> positionAfter(const Geometry& geometry, std::string_view moves);

} // namespace hex
