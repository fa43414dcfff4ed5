#pragma once

#include "core/board.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace hex::eval {

// Which of the two Y embeddings (the board, or its 180-degree rotation) gives the Y-reduction's
// cell values, so that only one reverse pass is needed. The rule must be carried along exactly
// by both symmetries the evaluator has: rotating the board must pick the other embedding (whose
// pyramid is then the same one), and the transposed board with the colours exchanged must pick
// the same embedding (whose pyramid is then the mirror image, negated). Both only when neither
// can be preferred: e.g. a board equal to its rotation.
enum class YOrientation { Plain, Rotated, Both };

namespace detail {

// A pseudo-random weight in [1, 2^40) for each class of cells {c, transpose(c), rotation(c),
// both(c)}: 361 of them cannot overflow a 64-bit sum.
inline std::int64_t orbitWeight(int u, int s) {
    std::uint64_t z = static_cast<std::uint64_t>(std::abs(u)) * 0x9E3779B97F4A7C15ULL +
                      static_cast<std::uint64_t>(std::abs(s)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 31)) * 0x94D049BB133111EBULL;
    z ^= z >> 29;
    return static_cast<std::int64_t>(z & ((std::uint64_t{1} << 40) - 1)) + 1;
}

// Sum over the stones of (+1 Black, -1 White) * sign(u) * weight(|u|, |s|), where
// u = 2(x - y) - (w - h) and s = 2(x + y) - (w + h) + 2 are twice the cell's offsets from the
// centre across and along the diagonal x = y. The rotation negates u and s (the sum changes
// sign); the transpose negates u and keeps s, and exchanging the colours negates the stones
// (the sum is unchanged). Cells with u = 0 are their own transposes and must weigh 0. Exact
// integers, so the symmetries hold exactly.
inline std::int64_t antisymmetricSignature(const Board& board) {
    const int w = board.width();
    const int h = board.height();
    std::int64_t sum = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Stone stone = board.at(y * w + x);
            const int u = 2 * (x - y) - (w - h);
            if (stone == Stone::Empty || u == 0)
                continue;
            const std::int64_t weight = orbitWeight(u, 2 * (x + y) - (w + h) + 2);
            const bool positive = (stone == Stone::Black) == (u > 0);
            sum += positive ? weight : -weight;
        }
    }
    return sum;
}

} // namespace detail

// The embedding whose reduction is closer to 0: the more decided one saturates near +-1, where
// its derivatives are tiny. The rotation exchanges the two values and the colour exchange
// negates both, so the comparison of |value| follows both symmetries. On a tie (often both
// exactly +-1 in a decided position) an exactly antisymmetric signature of the stones decides,
// and only when that is 0 too are both needed.
inline YOrientation gradientOrientation(const Board& board, double plainValue,
                                        double rotatedValue) {
    if (std::abs(plainValue) != std::abs(rotatedValue))
        return std::abs(plainValue) < std::abs(rotatedValue) ? YOrientation::Plain
                                                             : YOrientation::Rotated;
    const std::int64_t signature = detail::antisymmetricSignature(board);
    if (signature == 0)
        return YOrientation::Both;
    return signature > 0 ? YOrientation::Plain : YOrientation::Rotated;
}

} // namespace hex::eval
