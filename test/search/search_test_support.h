#pragma once

#include "core/board.h"
#include "core/random.h"
#include "core/score.h"
#include "search/search.h"
#include "search/transposition_table.h"
#include "test/search/distance_evaluator.h"
#include "test/support/board_with.h"

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

namespace hex::testing {

constexpr std::size_t kSearchTestTableMb = 4;

// One search with a fresh table and the distance evaluator: a reproducible result.
inline SearchResult searchOnce(const Board& board, Color toMove, const SearchLimits& limits) {
    TranspositionTable table(kSearchTestTableMb);
    DistanceEvaluator evaluator;
    Search search(table, evaluator);
    return search.run(board, toMove, limits);
}

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

// A position of `stones` random stones on an n x n board that no stone decided, with its side to
// move; nullopt when a stone would have won (draw another).
struct RandomPosition {
    Board board;
    Color toMove;
};
inline std::optional<RandomPosition> drawPosition(int n, int stones, SplitMix& rng) {
    Board board(n, n);
    if (!randomPosition(board, stones, rng))
        return std::nullopt;
    return RandomPosition{board, stones % 2 == 0 ? Color::Black : Color::White};
}

// Calls visit(board, toMove, index) on random positions from drawPosition (n x n, minStones plus
// up to spread - 1 more) until it has accepted `count` of them: visit returns whether the
// position counts (false skips it), index counts the accepted ones so far.
template <typename Visit>
void forRandomPositions(int n, int count, int minStones, int spread, SplitMix& rng, Visit visit) {
    for (int accepted = 0; accepted < count;) {
        auto drawn = drawPosition(n, minStones + rng.below(spread), rng);
        if (drawn && visit(drawn->board, drawn->toMove, accepted))
            ++accepted;
    }
}

} // namespace hex::testing
