#pragma once

#include "core/board.h"
#include "core/score.h"
#include "test/support/board_with.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

namespace hex::testing {

// Exact value by plain full-width minimax, wins scored kWin - plies like the search. Only for
// boards with a handful of empty cells.
inline Score exactValue(Board& board, Color toMove, int ply = 0) {
    Score best = -kInfinity;
    for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
        if (!board.isEmpty(c))
            continue;
        board.play(c, toMove);
        const Score s =
            board.winner() ? kWin - (ply + 1) : -exactValue(board, opponent(toMove), ply + 1);
        board.undo();
        best = std::max(best, s);
    }
    return best;
}

// A reproducible pseudo-random generator (SplitMix64), the same on every platform.
class SplitMix {
public:
    explicit SplitMix(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

private:
    std::uint64_t state_;
};

// Plays `stones` random stones alternately (Black first) without deciding the game; false if
// that failed (a stone would have won).
inline bool randomPosition(Board& board, int stones, SplitMix& rng) {
    Color color = Color::Black;
    for (int i = 0; i < stones; ++i) {
        std::vector<Cell> empty = board.emptyCells();
        const Cell c = empty[static_cast<std::size_t>(rng.below(static_cast<int>(empty.size())))];
        board.play(c, color);
        if (board.winner())
            return false;
        color = opponent(color);
    }
    return true;
}

} // namespace hex::testing
