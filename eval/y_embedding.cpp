#include "eval/y_embedding.h"

#include <algorithm>

namespace hex::eval {

namespace {

double stoneValue(Stone stone) {
    if (stone == Stone::Black)
        return 1.0;
    return stone == Stone::White ? -1.0 : 0.0;
}

// a + (b + c) and a * (b * c): exchanging b and c (the mirror image of a triangle, which is what
// transposing the Hex board does) then gives bit-identical results.
double majority(double a, double b, double c) { return 0.5 * (a + (b + c) - a * (b * c)); }

// The row kernels take restrict-qualified parameters so that the compiler vectorises them
// without run-time overlap checks. Triangle x of a row reads row[x], row[x + 1] and below[x].
void reduceRow(const double* __restrict row, const double* __restrict below, double* __restrict out,
               int count) {
    for (int x = 0; x < count; ++x)
        out[x] = majority(row[x], row[x + 1], below[x]);
}

// Adjoints of one row of cells from the adjoints of the triangles that read them: as corner a
// of triangle (x, y), b of (x - 1, y) and c of (x, y - 1), each scaled by the partial derivative
// of f, df/da = (1 - bc) / 2 and so on. Summed as a + (b + c): the mirror image exchanges b and
// c, so the transposed board gets bit-identical derivatives. Entries at x = -1 or y = -1 and
// beyond the level's diagonal are zero adjoints, which contribute nothing.
void gatherRow(const double* __restrict above, const double* __restrict row,
               const double* __restrict below, const double* __restrict adjointAbove,
               const double* __restrict adjointRow, double* __restrict out, int count) {
    for (int x = 0; x < count; ++x) {
        const double asA = (0.5 * adjointRow[x]) * (1.0 - row[x + 1] * below[x]);
        const double asB = (0.5 * adjointRow[x - 1]) * (1.0 - row[x - 1] * below[x - 1]);
        const double asC = (0.5 * adjointAbove[x]) * (1.0 - above[x] * above[x + 1]);
        out[x] = asA + (asB + asC);
    }
}

} // namespace

void YPyramid::resize(const Geometry& g) {
    if (g.width() == width_ && g.height() == height_)
        return;
    width_ = g.width();
    height_ = g.height();
    levels_ = side(g);
    stride_ = width_ + 1;
    plane_ = stride_ * (height_ + 1);
    // A leading pad of one row and one cell lets the kernels read (x - 1, y - 1) of level 0.
    // Nothing ever writes the pad, the padding row and column of the adjoints, or the cells
    // beyond each level's diagonal, so those stay 0.
    value_.assign(static_cast<std::size_t>(kPad + levels_ * plane_), 0.0);
    adjoint_.assign(value_.size(), 0.0);
    // The padding never changes: White beyond the east edge, Black beyond the south edge.
    for (int k = 0; k < levels_; ++k) {
        for (int y = 0; y < height_; ++y)
            value_[at(k, width_, y)] = -1.0;
        for (int x = 0; x < width_; ++x)
            value_[at(k, x, height_)] = 1.0;
    }
}

double YPyramid::reduce(const Board& board, bool rotated) {
    const Geometry& g = board.geometry();
    resize(g);
    for (Cell c = 0; c < g.cellCount(); ++c)
        value_[at(0, g.x(c), g.y(c))] = stoneValue(board.at(rotated ? g.rotate180(c) : c));
    return reduceLevels();
}

double YPyramid::reduce(const Geometry& g, std::span<const double> cellValues) {
    resize(g);
    for (Cell c = 0; c < g.cellCount(); ++c)
        value_[at(0, g.x(c), g.y(c))] = cellValues[static_cast<std::size_t>(c)];
    return reduceLevels();
}

double YPyramid::reduceLevels() {
    for (int k = 1; k < levels_; ++k) {
        const int last = levels_ - 1 - k; // level k holds the cells with x + y <= last
        for (int y = 0; y <= std::min(height_ - 1, last); ++y) {
            const double* row = &value_[at(k - 1, 0, y)];
            reduceRow(row, row + stride_, &value_[at(k, 0, y)], std::min(width_ - 1, last - y) + 1);
        }
    }
    return value_[at(levels_ - 1, 0, 0)];
}

void YPyramid::backPropagate() {
    adjoint_[at(levels_ - 1, 0, 0)] = 1.0;
    for (int k = levels_ - 1; k >= 1; --k) {
        const int last = levels_ - k; // level k - 1 holds the cells with x + y <= last
        for (int y = 0; y <= std::min(height_ - 1, last); ++y) {
            const double* row = &value_[at(k - 1, 0, y)];
            const double* adjointRow = &adjoint_[at(k, 0, y)];
            gatherRow(row - stride_, row, row + stride_, adjointRow - stride_, adjointRow,
                      &adjoint_[at(k - 1, 0, y)], std::min(width_ - 1, last - y) + 1);
        }
    }
}

void YPyramid::addGradient(const Geometry& g, bool rotated, std::span<double> gradient) {
    backPropagate();
    for (Cell c = 0; c < g.cellCount(); ++c) {
        const Cell original = rotated ? g.rotate180(c) : c;
        gradient[static_cast<std::size_t>(original)] += adjoint_[at(0, g.x(c), g.y(c))];
    }
}

} // namespace hex::eval
