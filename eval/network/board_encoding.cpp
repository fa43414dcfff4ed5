#include "eval/network/board_encoding.h"

#include <algorithm>
#include <cassert>

namespace hex::eval::network {

CanonicalBoard::CanonicalBoard(const Board& board, Color toMove, bool rotated)
    : board_(&board), toMove_(toMove), transposed_(toMove == Color::White), rotated_(rotated),
      width_(transposed_ ? board.height() : board.width()),
      height_(transposed_ ? board.width() : board.height()) {}

Cell CanonicalBoard::originalCell(int x, int y) const noexcept {
    if (rotated_) {
        x = width_ - 1 - x;
        y = height_ - 1 - y;
    }
    return transposed_ ? board_->geometry().cell(y, x) : board_->geometry().cell(x, y);
}

int CanonicalBoard::stone(int x, int y) const noexcept {
    const Cell c = originalCell(x, y);
    if (board_->isEmpty(c))
        return 0;
    return board_->has(c, toMove_) ? 1 : -1;
}

void CanonicalBoard::encode(std::span<float> planes) const {
    assert(planes.size() == planeValues());
    const int gw = gridWidth();
    const int gh = gridHeight();
    const std::size_t plane = static_cast<std::size_t>(gw * gh);
    std::fill(planes.begin(), planes.end(), 0.0f);
    const auto at = [&](int p, int gx, int gy) -> float& {
        return planes[static_cast<std::size_t>(p) * plane + static_cast<std::size_t>(gy * gw + gx)];
    };
    for (int gy = 0; gy < gh; ++gy)
        for (int gx = 0; gx < gw; ++gx)
            at(3, gx, gy) = 1.0f;
    // The ring: the mover's edges above and below, the opponent's left and right; the corners
    // stay empty.
    for (int gx = 1; gx <= width_; ++gx) {
        at(0, gx, 0) = 1.0f;
        at(0, gx, gh - 1) = 1.0f;
    }
    for (int gy = 1; gy <= height_; ++gy) {
        at(1, 0, gy) = 1.0f;
        at(1, gw - 1, gy) = 1.0f;
    }
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            const int s = stone(x, y);
            at(s == 1 ? 0 : s == -1 ? 1 : 2, x + 1, y + 1) = 1.0f;
        }
}

} // namespace hex::eval::network
