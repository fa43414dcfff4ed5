#include "eval/skyline_solver.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace hex::eval {

namespace {

// Four independent partial sums: the dependency chain of a single accumulator, not the
// arithmetic, bounds a plain dot product. The order is fixed, so results stay reproducible.
double dot(const double* a, const double* b, int n) {
    double s0 = 0.0;
    double s1 = 0.0;
    double s2 = 0.0;
    double s3 = 0.0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
    }
    for (; k < n; ++k)
        s0 += a[k] * b[k];
    return (s0 + s1) + (s2 + s3);
}

} // namespace

void SkylineSolver::reset(int n) {
    n_ = n;
    allocated_ = false;
    first_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        first_[static_cast<std::size_t>(i)] = i;
    values_.clear();
}

void SkylineSolver::touch(int i, int j) {
    assert(!allocated_ && i != j);
    int& first = first_[static_cast<std::size_t>(std::max(i, j))];
    first = std::min(first, std::min(i, j));
}

void SkylineSolver::allocate() {
    rowStart_.resize(static_cast<std::size_t>(n_));
    int total = 0;
    for (int i = 0; i < n_; ++i) {
        rowStart_[static_cast<std::size_t>(i)] = total;
        total += i - first_[static_cast<std::size_t>(i)] + 1;
    }
    values_.assign(static_cast<std::size_t>(total), 0.0);
    allocated_ = true;
}

void SkylineSolver::addDiagonal(int i, double value) {
    if (!allocated_)
        allocate();
    values_[index(i, i)] += value;
}

void SkylineSolver::addOffDiagonal(int i, int j, double value) {
    if (!allocated_)
        allocate();
    const int row = std::max(i, j);
    const int column = std::min(i, j);
    assert(column >= first_[static_cast<std::size_t>(row)]);
    values_[index(row, column)] += value;
}

bool SkylineSolver::factorise() {
    if (!allocated_)
        allocate();
    double* data = values_.data();
    for (int i = 0; i < n_; ++i) {
        const int fi = first_[static_cast<std::size_t>(i)];
        // rowI[k - fi] is L(i, k).
        double* rowI = data + rowStart_[static_cast<std::size_t>(i)];
        for (int j = fi; j < i; ++j) {
            const int fj = first_[static_cast<std::size_t>(j)];
            const double* rowJ = data + rowStart_[static_cast<std::size_t>(j)];
            const int k0 = std::max(fi, fj);
            rowI[j - fi] =
                (rowI[j - fi] - dot(rowI + (k0 - fi), rowJ + (k0 - fj), j - k0)) / rowJ[j - fj];
        }
        const double diagonal = rowI[i - fi] - dot(rowI, rowI, i - fi);
        if (!(diagonal > 0.0))
            return false;
        rowI[i - fi] = std::sqrt(diagonal);
    }
    return true;
}

void SkylineSolver::solve(std::span<double> b) const {
    assert(static_cast<int>(b.size()) >= n_);
    // Forward: L y = b.
    for (int i = 0; i < n_; ++i) {
        const int fi = first_[static_cast<std::size_t>(i)];
        const double* rowI = values_.data() + rowStart_[static_cast<std::size_t>(i)];
        double sum = b[static_cast<std::size_t>(i)];
        for (int k = fi; k < i; ++k)
            sum -= rowI[k - fi] * b[static_cast<std::size_t>(k)];
        b[static_cast<std::size_t>(i)] = sum / rowI[i - fi];
    }
    // Backward: L^T x = y, column-oriented so the row storage is read contiguously.
    for (int i = n_ - 1; i >= 0; --i) {
        const int fi = first_[static_cast<std::size_t>(i)];
        const double* rowI = values_.data() + rowStart_[static_cast<std::size_t>(i)];
        const double x = b[static_cast<std::size_t>(i)] / rowI[i - fi];
        b[static_cast<std::size_t>(i)] = x;
        for (int k = fi; k < i; ++k)
            b[static_cast<std::size_t>(k)] -= rowI[k - fi] * x;
    }
}

} // namespace hex::eval
