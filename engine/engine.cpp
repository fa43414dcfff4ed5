#include "engine/engine.h"

#include "engine/first_player.h"

namespace hex {

Engine::Engine() : game_(11, 11) { declareEngineOptions(options_); }

bool Engine::wantsSwap(Color color) const {
    if (!options_.getBool("allow_swap") || !game_.swapPossible())
        return false;
    const Board& board = game_.board();
    const Board::Played lone = board.history().back();
    if (lone.color == color)
        return false;
    if (options_.getString("swap_style") == "pieces" && !game_.geometry().square())
        return false;
    // Stones away from the border are strong first moves on every board from 3x3 up (the
    // proven tables agree for 3x3 to 6x6, apart from a few cells next to the acute corners).
    const Geometry& g = game_.geometry();
    const int x = g.x(lone.cell);
    const int y = g.y(lone.cell);
    return x > 0 && y > 0 && x < g.width() - 1 && y < g.height() - 1;
}

std::optional<Move> Engine::chooseMove(Color color, const StopFn& shouldStop) {
    (void)shouldStop; // the one-ply player is instantaneous
    const Board& board = game_.board();
    if (board.emptyCount() == 0 || board.winner() == opponent(color))
        return std::nullopt;
    if (wantsSwap(color))
        return options_.getString("swap_style") == "pieces" ? Move::swapPieces()
                                                            : Move::swapSides();
    return Move::stone(firstPlayerMove(board, color));
}

std::optional<Move> Engine::generateMove(Color color, const StopFn& shouldStop) {
    const std::optional<Move> move = chooseMove(color, shouldStop);
    if (move)
        game_.play(color, *move);
    return move;
}

} // namespace hex
