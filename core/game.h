#pragma once

#include "core/board.h"
#include "core/move.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hex {

// A game record on top of a Board: the moves in order (stones and swaps), the side to move and
// the rules for what may be played. Stones may be played by either colour in any order and after
// the game is decided, because HexGui rebuilds positions that way; the side to move is always
// the opponent of the last mover, except after a swap-sides move.
class Game {
public:
    struct Entry {
        Color color;
        Move move;
        Color toMoveBefore;
    };

    Game(int width, int height);

    const Board& board() const noexcept { return board_; }
    const Geometry& geometry() const noexcept { return board_.geometry(); }
    Color toMove() const noexcept { return toMove_; }
    std::span<const Entry> history() const noexcept { return history_; }

    // Why `color` may not play `move` now, or nullopt if it may.
    std::optional<std::string> whyIllegal(Color color, Move move) const;
    // Precondition: whyIllegal(color, move) is nullopt.
    void play(Color color, Move move);
    // Takes back the last move of any kind. Precondition: !history().empty().
    void undo();
    // Empties the board and history; Black to move.
    void clear();
    // Precondition: Geometry::validSize(width, height). Also clears.
    void resize(int width, int height);

    // A swap needs exactly one stone on the board and no swap before it: one swap per game.
    bool swapPossible() const noexcept { return board_.stoneCount() == 1 && !swapped(); }
    bool swapped() const noexcept;

private:
    void applyToBoard(const Entry& entry);
    void rebuildBoard();

    Board board_;
    std::vector<Entry> history_;
    Color toMove_ = Color::Black;
};

} // namespace hex
