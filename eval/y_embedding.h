#pragma once

#include "core/board.h"

#include <span>
#include <vector>

namespace hex::eval {

// Hex inside Y (docs/evaluators.md, "yreduction"). A w x h Hex board sits in the Y board of side m
// = w + h - 1 with Y coordinates (i, j), 0 <= j <= i < m: Hex cell (x, y) is Y cell (x + y, y). The
// Y cells beyond the south edge (j >= h) are filled with Black, those beyond the east edge (i - j
// >= w) with White; then the Y winner is the Hex winner. Values: Black +1, White -1, empty 0.
//
// The probabilistic reduction replaces each level by the next smaller one with
// f(a, b, c) = (a + b + c - abc) / 2 on every triangle (i, j), (i + 1, j), (i + 1, j + 1), down
// to one value in [-1, 1] (Black's view). On a full board every f is an exact majority, so the
// value is exactly +-1 for the winner. The reverse pass gives d value / d cell for every cell.
//
// Layout: every level is kept in Hex coordinates, x = i - j and y = j, where the triangle
// reads (x, y), (x + 1, y) and (x, y + 1). A cell beyond the board stays filled at every level
// (each triangle there is made of filled cells of one colour), so each level is the w x h grid
// plus one padding column of White (x = w) and one padding row of Black (y = h); level k keeps
// only the cells with x + y <= m - 1 - k. With the rows one stride apart a triangle reads
// constant offsets, so each level is one flat vectorised loop over all its rows.
class YPyramid {
public:
    static int side(const Geometry& g) noexcept { return g.width() + g.height() - 1; }

    // Embeds the board (or, with rotated, its 180-degree rotation) and reduces it.
    double reduce(const Board& board, bool rotated);
    // The same on arbitrary cell values in [-1, 1] (cellCount entries, index = cell), unrotated.
    double reduce(const Geometry& g, std::span<const double> cellValues);
    // After a reduce: adds d value / d cell of each Hex cell to gradient (cellCount entries),
    // indexed by the cell of the board that was passed, not its image under the rotation.
    void addGradient(const Geometry& g, bool rotated, std::span<double> gradient);

private:
    void resize(const Geometry& g);
    double reduceLevels();
    // Entries the flat kernels cover on level k: every row up to the last one that holds a cell
    // of the level, from (0, 0) up to that row's last cell.
    int flatCount(int k) const;
    void backPropagate();
    // Index of (x, y) in level k (k = 0 is the board itself), after the leading pad.
    std::size_t at(int k, int x, int y) const {
        return static_cast<std::size_t>(kPad + k * plane_ + y * stride_ + x);
    }

    static constexpr int kPad = Geometry::kMaxSide + 2; // >= stride + 1

    int width_ = 0;
    int height_ = 0;
    int levels_ = 0;
    int stride_ = 0; // width + 1
    int plane_ = 0;  // (width + 1) * (height + 1)
    std::vector<double> value_;
    std::vector<double> adjoint_;
};

} // namespace hex::eval
