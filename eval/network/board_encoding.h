#pragma once

#include "core/board.h"

#include <span>
#include <vector>

namespace hex::eval::network {

// The board encoding of docs/network.md (encoding version 1): the side to move always plays
// "Black" (top to bottom); with White to move the board is transposed and the colours swapped.
class CanonicalBoard {
public:
    static constexpr int kPlanes = 4;

    // `rotated`: the canonical view of the board turned by 180 degrees (the transpose and the
    // rotation commute, so either order gives this).
    CanonicalBoard(const Board& board, Color toMove, bool rotated = false);

    int width() const noexcept { return width_; }
    int height() const noexcept { return height_; }
    // The padded grid: one ring around the canonical board.
    int gridWidth() const noexcept { return width_ + 2; }
    int gridHeight() const noexcept { return height_ + 2; }

    // The original board's cell shown at canonical (x, y).
    Cell originalCell(int x, int y) const noexcept;
    // The stone at canonical (x, y): +1 the mover's, -1 the opponent's, 0 empty.
    int stone(int x, int y) const noexcept;

    // The four input planes over the padded grid, plane-major, each row-major
    // (plane * gridHeight + gy) * gridWidth + gx; `planes` has kPlanes * grid cells entries.
    void encode(std::span<float> planes) const;
    std::size_t planeValues() const noexcept {
        return static_cast<std::size_t>(kPlanes * gridWidth() * gridHeight());
    }

private:
    const Board* board_;
    Color toMove_;
    bool transposed_;
    bool rotated_;
    int width_;
    int height_;
};

} // namespace hex::eval::network
