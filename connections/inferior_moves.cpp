#include "connections/inferior_moves.h"

#include "connections/inferior.h"

#include <utility>

namespace hex {
namespace {

// Whether a `color` stone on the empty neighbour n of c makes c dead. Restores the board.
bool killsWith(Board& board, Color color, Cell n, Cell c) {
    board.play(n, color);
    const bool dead = isDead(board, c);
    board.undo();
    return dead;
}

} // namespace

InferiorMoves findInferiorMoves(Board& board, Color toMove, const CellSet& candidates) {
    InferiorMoves result;
    const Geometry& g = board.geometry();
    const Color them = opponent(toMove);
    std::vector<std::pair<Cell, Cell>> dominations; // (cell, dominator), cells in order
    for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1)) {
        if (!board.isEmpty(c))
            continue;
        for (Cell n : g.neighbours(c)) {
            if (g.isEdge(n) || !board.isEmpty(n) || !mayDieBeside(board, c, n))
                continue;
            if (killsWith(board, them, n, c)) {
                result.pruned.set(c); // vulnerable; only these are pruned before the loop below
                result.moves.push_back({c, n, true});
                result.support.set(n);
                break;
            }
            if (killsWith(board, toMove, n, c))
                dominations.emplace_back(c, n);
        }
    }
    for (const auto& [c, d] : dominations) {
        // The dominator must stay a move that leads on to a kept one: not vulnerable, not pruned.
        if (result.pruned.test(c) || result.pruned.test(d))
            continue;
        result.pruned.set(c);
        result.support.set(d);
        result.moves.push_back({c, d, false});
    }
    return result;
}

} // namespace hex
