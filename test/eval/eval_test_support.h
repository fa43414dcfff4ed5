#pragma once

#include "core/board.h"
#include "test/support/board_with.h"

#include <random>
#include <vector>

namespace hex::testing {

// Deterministic helpers for the evaluator tests: std::mt19937 output is fixed by the standard,
// and `rng() % n` (unlike the standard distributions) is the same on every library.

inline int randomBelow(std::mt19937& rng, int n) {
    return static_cast<int>(rng() % static_cast<unsigned>(n));
}

// Plays `stones` random stones, alternating colours from Black; stops early if the board fills.
inline Board randomPosition(int width, int height, int stones, std::mt19937& rng) {
    Board board(width, height);
    std::vector<Cell> cells = board.emptyCells();
    Color color = Color::Black;
    for (int i = 0; i < stones && !cells.empty(); ++i) {
        const auto pick =
            static_cast<std::size_t>(randomBelow(rng, static_cast<int>(cells.size())));
        board.play(cells[pick], color);
        cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(pick));
        color = opponent(color);
    }
    return board;
}

// A random position that nobody has won yet (retries with fewer stones if needed).
inline Board randomOpenPosition(int width, int height, std::mt19937& rng) {
    const int cells = width * height;
    for (int attempt = 0;; ++attempt) {
        const int stones = randomBelow(rng, std::max(1, cells * 2 / 3 >> std::min(attempt, 4)) + 1);
        Board board = randomPosition(width, height, stones, rng);
        if (!board.winner())
            return board;
    }
}

// The board reflected in its long diagonal with the colours exchanged: a position in which
// the other player stands exactly as the original player did.
inline Board transposedSwapped(const Board& board) {
    Board result(board.height(), board.width());
    const Geometry& g = board.geometry();
    for (const Board::Played& p : board.history())
        result.play(result.geometry().cell(g.y(p.cell), g.x(p.cell)), opponent(p.color));
    return result;
}

inline Cell transposedCell(const Geometry& g, const Geometry& t, Cell c) {
    return t.cell(g.y(c), g.x(c));
}

} // namespace hex::testing
