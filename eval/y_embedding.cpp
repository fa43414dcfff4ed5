#include "eval/y_embedding.h"

#include <algorithm>

namespace hex::eval {

namespace {

// The plane kernels are built twice, for baseline x86-64 (two doubles per SSE2 register) and for
// AVX2 (four per register), and the loader picks the AVX2 copy where the processor has it. The
// results are bit-identical: every element is computed by the same IEEE operations in the same
// order, and the project compiles with -ffp-contract=off, so no fused multiply-add appears.
// Not under ThreadSanitizer: GCC 12 instruments the clones' resolver, which the dynamic loader
// runs before TSan's runtime is initialised, and every TSan program died of SIGSEGV before main.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define OHMHEX_WIDE_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define OHMHEX_WIDE_VECTORS
#endif

// Indexed by Stone: Empty, Black, White.
constexpr double kStoneValue[] = {0.0, 1.0, -1.0};

double stoneValue(Stone stone) { return kStoneValue[static_cast<int>(stone)]; }

// a + (b + c) and a * (b * c): exchanging b and c (the mirror image of a triangle, which is what
// transposing the Hex board does) then gives bit-identical results.
double majority(double a, double b, double c) { return 0.5 * (a + (b + c) - a * (b * c)); }

// The plane kernels run over a whole level as one flat array: with the rows `stride` apart,
// triangle i reads plane[i], plane[i + 1] and plane[i + stride], constant offsets, so one long
// loop covers every row (the padding column and the cells beyond the diagonal are computed too
// and cleaned up by the caller). This avoids the per-row loop set-up, which cost more than the
// arithmetic on rows of at most 19 cells. The restrict-qualified parameters let the compiler
// vectorise without run-time overlap checks (the inputs are only read).
OHMHEX_WIDE_VECTORS void reducePlane(const double* __restrict row, const double* __restrict below,
                                     double* __restrict out, int count) {
    for (int i = 0; i < count; ++i)
        out[i] = majority(row[i], row[i + 1], below[i]);
}

// Adjoints of the cells of a level from the adjoints of the triangles that read them: as corner
// a of triangle (x, y), b of (x - 1, y) and c of (x, y - 1), each scaled by the partial
// derivative of f, df/da = (1 - bc) / 2 and so on. Summed as a + (b + c): the mirror image
// exchanges b and c, so the transposed board gets bit-identical derivatives. The common factor
// 1/2 is applied once (scaling by a power of two is exact, so this equals halving each term).
// Triangles beyond the level's diagonal, in the padding column or before the first row have zero
// adjoints and contribute nothing.
OHMHEX_WIDE_VECTORS void gatherPlane(const double* __restrict above, const double* __restrict row,
                                     const double* __restrict below,
                                     const double* __restrict adjointAbove,
                                     const double* __restrict adjointRow, double* __restrict out,
                                     int count) {
    for (int i = 0; i < count; ++i) {
        const double asA = adjointRow[i] * (1.0 - row[i + 1] * below[i]);
        const double asB = adjointRow[i - 1] * (1.0 - row[i - 1] * below[i - 1]);
        const double asC = adjointAbove[i] * (1.0 - above[i] * above[i + 1]);
        out[i] = 0.5 * (asA + (asB + asC));
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
    // Cells are numbered y * width + x, and the 180-degree rotation of cell c is
    // cellCount - 1 - c; walking the rows directly avoids a division per cell.
    const Cell lastCell = g.cellCount() - 1;
    for (int y = 0; y < height_; ++y) {
        double* out = &value_[at(0, 0, y)];
        const Cell first = y * width_;
        if (rotated) {
            for (int x = 0; x < width_; ++x)
                out[x] = stoneValue(board.at(lastCell - (first + x)));
        } else {
            for (int x = 0; x < width_; ++x)
                out[x] = stoneValue(board.at(first + x));
        }
    }
    return reduceLevels();
}

double YPyramid::reduce(const Geometry& g, std::span<const double> cellValues) {
    resize(g);
    for (Cell c = 0; c < g.cellCount(); ++c)
        value_[at(0, g.x(c), g.y(c))] = cellValues[static_cast<std::size_t>(c)];
    return reduceLevels();
}

int YPyramid::flatCount(int k) const {
    const int last = levels_ - 1 - k;
    const int lastRow = std::min(height_ - 1, last);
    return lastRow * stride_ + std::min(width_ - 1, last - lastRow) + 1;
}

double YPyramid::reduceLevels() {
    for (int k = 1; k < levels_; ++k) {
        const double* previous = &value_[at(k - 1, 0, 0)];
        const int count = flatCount(k);
        reducePlane(previous, previous + stride_, &value_[at(k, 0, 0)], count);
        // The flat kernel overwrote the padding column (x = width) of the rows it covered.
        for (int y = 0; y * stride_ + width_ < count; ++y)
            value_[at(k, width_, y)] = -1.0;
    }
    return value_[at(levels_ - 1, 0, 0)];
}

void YPyramid::backPropagate() {
    adjoint_[at(levels_ - 1, 0, 0)] = 1.0;
    for (int k = levels_ - 1; k >= 1; --k) {
        const double* row = &value_[at(k - 1, 0, 0)];
        const double* adjointRow = &adjoint_[at(k, 0, 0)];
        const int count = flatCount(k - 1);
        gatherPlane(row - stride_, row, row + stride_, adjointRow - stride_, adjointRow,
                    &adjoint_[at(k - 1, 0, 0)], count);
        // The cells beyond the diagonal came out exactly 0 (every triangle that reads them is
        // beyond the diagonal of level k too), but the padding column got the derivatives with
        // respect to the padding cells, which must not flow into the next level.
        for (int y = 0; y * stride_ + width_ < count; ++y)
            adjoint_[at(k - 1, width_, y)] = 0.0;
    }
}

void YPyramid::addGradient(const Geometry& g, bool rotated, std::span<double> gradient) {
    backPropagate();
    const Cell lastCell = g.cellCount() - 1;
    for (int y = 0; y < height_; ++y) {
        const double* adjoint = &adjoint_[at(0, 0, y)];
        const Cell first = y * width_;
        for (int x = 0; x < width_; ++x) {
            const Cell cell = rotated ? lastCell - (first + x) : first + x;
            gradient[static_cast<std::size_t>(cell)] += adjoint[x];
        }
    }
}

} // namespace hex::eval
