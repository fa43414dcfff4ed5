#pragma once
// Ground truth for the link providers' tests: small positions and exhaustive play.

#include "test/eval/eval_test_support.h"

#include "core/board.h"

#include <random>
#include <unordered_map>

namespace hex::testing {

// A random position with at most `maxEmpty` empty cells (for exhaustive play) where about half
// the cells are empty before the cap and Black has more stones, so templates with large
// carriers still occur.
inline Board randomSparsePosition(int width, int height, int maxEmpty, std::mt19937& rng) {
    for (;;) {
        Board board(width, height);
        for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
            const int roll = randomBelow(rng, 10);
            if (roll >= 5)
                board.play(c, roll >= 8 ? Color::White : Color::Black);
        }
        if (board.emptyCount() <= maxEmpty)
            return board;
    }
}

// Ground truth by exhaustive play: whether `color` joins the groups of a and b when the opponent
// moves first and both fill the board's empty cells. An empty b counts as the colour's own (what
// a connection to an empty cell means). Connections only ever grow, so the owner wins as soon as
// they are joined and loses when the board is full first.
class SecondPlayerConnection {
public:
    SecondPlayerConnection(Board board, Color color) : board_(std::move(board)), color_(color) {}

    bool joins(Cell a, Cell b) {
        memo_.clear();
        const bool playedB = !board_.geometry().isEdge(b) && board_.isEmpty(b);
        if (playedB)
            board_.play(b, color_);
        const bool result = search(a, b, opponent(color_));
        if (playedB)
            board_.undo();
        return result;
    }

private:
    bool search(Cell a, Cell b, Color toMove) {
        if (board_.connected(a, b))
            return true;
        if (board_.emptyCount() == 0)
            return false;
        if (const auto it = memo_.find(board_.key()); it != memo_.end())
            return it->second;
        const bool ownerToMove = toMove == color_;
        bool result = !ownerToMove; // the owner needs one good move, the opponent one refutation
        for (Cell c : board_.emptyCells()) {
            board_.play(c, toMove);
            const bool joined = search(a, b, opponent(toMove));
            board_.undo();
            if (joined == ownerToMove) {
                result = joined;
                break;
            }
        }
        memo_.emplace(board_.key(), result);
        return result;
    }

    Board board_;
    Color color_;
    std::unordered_map<Key, bool> memo_; // the side to move follows from the stone count
};

} // namespace hex::testing
