#include "connections/game_state.h"

namespace hex {

CellSet emptyCellSet(const Board& board) {
    CellSet s;
    for (Cell c = 0; c < board.geometry().cellCount(); ++c)
        if (board.isEmpty(c))
            s.set(c);
    return s;
}

GameState analyseGameState(const Board& board, Color toMove, const Connections& own,
                           const Connections& opp) {
    GameState state;
    if (const auto w = board.winner()) {
        state.winner = *w;
        return state;
    }
    // Fulls and semis are sorted by size: the first is the smallest proof.
    if (!own.edgeFulls().empty()) {
        state.winner = toMove;
        state.proof = own.edgeFulls().front();
        const Cell any = state.proof.any() ? state.proof.first() : emptyCellSet(board).first();
        state.winningMove = any;
        return state;
    }
    if (!own.edgeSemis().empty()) {
        state.winner = toMove;
        state.proof = own.edgeSemis().front().carrier;
        state.winningMove = own.edgeSemis().front().key;
        return state;
    }
    if (!opp.edgeFulls().empty()) {
        state.winner = opponent(toMove);
        state.proof = opp.edgeFulls().front();
        return state;
    }
    state.mustPlay = emptyCellSet(board);
    for (const Semi& s : opp.edgeSemis()) {
        state.mustPlay &= s.carrier;
        state.mustPlayReason |= s.carrier;
    }
    if (state.mustPlay.none()) {
        state.winner = opponent(toMove);
        state.proof = state.mustPlayReason;
    }
    return state;
}

} // namespace hex
