#pragma once

#include <span>
#include <vector>

namespace hex::eval {

// A symmetric positive-definite linear solver that stores each row of the lower triangle from
// its first non-zero column (the "skyline" or envelope) and factorises in place by Cholesky.
// For a Hex circuit numbered along the short side of the board the envelope is a band about one
// row wide, so a factorisation costs O(n * width^2): far cheaper than a general sparse Cholesky
// with its symbolic analysis, and fully deterministic (fixed operation order).
//
// Usage: reset(n), declare every off-diagonal entry with touch(i, j), then addDiagonal /
// addOffDiagonal, factorise() and solve(). Scratch memory is kept between uses.
class SkylineSolver {
public:
    // Starts a new n x n system, all entries zero.
    void reset(int n);
    // Declares that entry (i, j) may be non-zero. All declarations precede the first add.
    void touch(int i, int j);
    void addDiagonal(int i, double value);
    // Adds value to the symmetric pair (i, j) and (j, i); i != j, both declared.
    void addOffDiagonal(int i, int j, double value);
    // In-place Cholesky A = L L^T. False if A is not (numerically) positive definite.
    bool factorise();
    // Solves A x = b in place (b becomes x). Precondition: factorise() returned true.
    void solve(std::span<double> b) const;

    int size() const noexcept { return n_; }
    // Number of stored lower-triangle entries (the envelope), for tests and tuning.
    int envelope() const noexcept { return static_cast<int>(values_.size()); }

private:
    std::size_t index(int i, int j) const {
        const auto row = static_cast<std::size_t>(i);
        return static_cast<std::size_t>(rowStart_[row] + j - first_[row]);
    }
    void allocate();

    int n_ = 0;
    bool allocated_ = false;
    std::vector<int> first_;    // first non-zero column of each row
    std::vector<int> rowStart_; // values_ index of (i, first_[i]); row i runs to column i
    std::vector<double> values_;
};

} // namespace hex::eval
