#include "connections/game_state.h"

namespace hex {

CellSet emptyCellSet(const Board& board) {
    CellSet s;
    for (Cell c = 0; c < board.geometry().cellCount(); ++c)
        if (board.isEmpty(c))
            s.set(c);
    return s;
}

EdgeSummary summariseEdges(const Connections& vcs) {
    EdgeSummary summary;
    // Fulls and semis are sorted by size: the first is the smallest proof.
    if (!vcs.edgeFulls().empty())
        summary.full = vcs.edgeFulls().front();
    const auto semis = vcs.edgeSemis();
    if (!semis.empty()) {
        summary.semi = semis.front();
        summary.semiIntersection = semis.front().carrier;
    }
    for (const Semi& s : semis) {
        summary.semiIntersection &= s.carrier;
        summary.semiUnion |= s.carrier;
    }
    return summary;
}

GameState analyseGameState(const Board& board, Color toMove, const Connections& own,
                           const Connections& opp) {
    return analyseGameState(board, toMove, summariseEdges(own), summariseEdges(opp));
}

GameState analyseGameState(const Board& board, Color toMove, const EdgeSummary& own,
                           const EdgeSummary& opp) {
    GameState state;
    if (const auto w = board.winner()) {
        state.winner = *w;
        return state;
    }
    if (own.full) {
        state.winner = toMove;
        state.proof = *own.full;
        const Cell any = state.proof.any() ? state.proof.first() : emptyCellSet(board).first();
        state.winningMove = any;
        return state;
    }
    if (own.semi) {
        state.winner = toMove;
        state.proof = own.semi->carrier;
        state.winningMove = own.semi->key;
        return state;
    }
    return analyseThreats(board, toMove, opp);
}

GameState analyseThreats(const Board& board, Color toMove, const EdgeSummary& opp) {
    GameState state;
    if (const auto w = board.winner()) {
        state.winner = *w;
        return state;
    }
    if (opp.full) {
        state.winner = opponent(toMove);
        state.proof = *opp.full;
        return state;
    }
    state.mustPlay = emptyCellSet(board);
    if (opp.semi) {
        state.mustPlay &= opp.semiIntersection;
        state.mustPlayReason = opp.semiUnion;
    }
    if (state.mustPlay.none()) {
        state.winner = opponent(toMove);
        state.proof = state.mustPlayReason;
    }
    return state;
}

} // namespace hex
