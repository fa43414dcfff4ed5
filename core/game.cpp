#include "core/game.h"

#include <cassert>

namespace hex {

Game::Game(int width, int height) : board_(width, height) {}

std::optional<std::string> Game::whyIllegal(Color color, Move move) const {
    (void)color;
    switch (move.kind) {
    case MoveKind::Stone:
        if (move.cell < 0 || geometry().isEdge(move.cell))
            return "cell is not on the board";
        if (!board_.isEmpty(move.cell))
            return "cell " + geometry().name(move.cell) + " is occupied";
        return std::nullopt;
    case MoveKind::SwapPieces:
    case MoveKind::SwapSides:
        if (board_.stoneCount() != 1)
            return "swap needs exactly one stone on the board";
        if (swapped())
            return "the game has had its swap already";
        // Mirroring the stone needs the transpose to be a cell of the same board.
        if (move.kind == MoveKind::SwapPieces && !geometry().square())
            return "swap-pieces needs a square board";
        return std::nullopt;
    }
    return "unknown move";
}

bool Game::swapped() const noexcept {
    for (const Entry& entry : history_)
        if (entry.move.isSwap())
            return true;
    return false;
}

void Game::play(Color color, Move move) {
    assert(!whyIllegal(color, move));
    const Entry entry{color, move, toMove_};
    history_.push_back(entry);
    applyToBoard(entry);
    toMove_ = move.kind == MoveKind::SwapSides ? color : opponent(color);
}

void Game::applyToBoard(const Entry& entry) {
    switch (entry.move.kind) {
    case MoveKind::Stone:
        board_.play(entry.move.cell, entry.color);
        break;
    case MoveKind::SwapPieces: {
        // The board is strictly LIFO, so the lone stone is taken back and its mirror image
        // played in the swapper's colour.
        const Board::Played lone = board_.history().back();
        board_.undo();
        board_.play(geometry().mirror(lone.cell), opponent(lone.color));
        break;
    }
    case MoveKind::SwapSides:
        break;
    }
}

void Game::undo() {
    assert(!history_.empty());
    const Entry last = history_.back();
    history_.pop_back();
    toMove_ = last.toMoveBefore;
    if (last.move.kind == MoveKind::Stone)
        board_.undo();
    else
        rebuildBoard();
}

void Game::rebuildBoard() {
    board_ = Board(geometry());
    for (const Entry& entry : history_)
        applyToBoard(entry);
}

void Game::clear() {
    history_.clear();
    toMove_ = Color::Black;
    board_ = Board(geometry());
}

void Game::resize(int width, int height) {
    history_.clear();
    toMove_ = Color::Black;
    board_ = Board(width, height);
}

} // namespace hex
