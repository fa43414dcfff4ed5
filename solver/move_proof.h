#pragma once

#include "core/board.h"
#include "solver/outcome.h"

namespace hex {

// The mover's result of playing `move`: a win at once, or else the result of `proveReply`
// (the position after the move solved for the opponent, its result for the opponent to move),
// turned round. A win's proof holds the move; a loss's is the opponent's winning pattern, by
// which the caller narrows its other moves. Meaningless when the reply's solve was stopped.
template <typename ProveReply>
Outcome proveMove(Board& board, Cell move, Color toMove, ProveReply&& proveReply) {
    board.play(move, toMove);
    const bool wonAtOnce = board.winner() == toMove;
    const Outcome reply = wonAtOnce ? Outcome{} : proveReply(opponent(toMove));
    board.undo();
    Outcome result{wonAtOnce || !reply.win, reply.proof, move};
    if (result.win)
        result.proof.set(move);
    return result;
}

} // namespace hex
