#include "connections/inferior_moves.h"

#include "connections/inferior.h"

#include <vector>

namespace hex {
namespace {

// Whether a `color` stone on the empty neighbour n of c makes c dead. Restores the board.
bool killsWith(Board& board, Color color, Cell n, Cell c) {
    board.play(n, color);
    const bool dead = deadByLinks(board, c);
    board.undo();
    return dead;
}

// The empty neighbour e of c such that {c, e} is a pair captured by `color` once a `color` stone
// is on c's empty neighbour d, or kNoCell. The rings choose the partners worth playing d for.
// Restores the board.
Cell capturedPartnerWith(Board& board, const NeighbourRings& rings, Color color, Cell d, Cell c) {
    const Geometry& g = board.geometry();
    CellSet possible;
    for (Cell e : g.neighbours(c))
        if (!g.isEdge(e) && e != d && board.isEmpty(e) && rings.mayBeDead(c, d, e) &&
            rings.mayBeDead(e, c, d))
            possible.set(e);
    if (possible.none())
        return kNoCell;
    board.play(d, color);
    Cell partner = kNoCell;
    for (Cell e = possible.first(); e != kNoCell && partner == kNoCell;
         e = possible.nextFrom(e + 1))
        if (capturedPairByLinks(board, color, c, e))
            partner = e;
    board.undo();
    return partner;
}

struct Domination {
    Cell cell;
    Cell dominator;
    Cell partner;
};

} // namespace

InferiorMoves findInferiorMoves(Board& board, Color toMove, const CellSet& candidates) {
    InferiorMoves result;
    const Geometry& g = board.geometry();
    const Color them = opponent(toMove);
    const NeighbourRings rings(board);
    std::vector<Domination> dominations; // cells in order
    for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1)) {
        if (!board.isEmpty(c))
            continue;
        for (Cell n : g.neighbours(c)) {
            if (g.isEdge(n) || !board.isEmpty(n))
                continue;
            const bool mayDie = rings.mayBeDead(c, n);
            if (mayDie && killsWith(board, them, n, c)) {
                result.pruned.set(c); // vulnerable; only these are pruned before the loop below
                result.moves.push_back({c, n, true});
                result.support.set(n);
                break;
            }
            if (mayDie && killsWith(board, toMove, n, c)) {
                dominations.push_back({c, n, kNoCell});
                continue;
            }
            if (const Cell e = capturedPartnerWith(board, rings, toMove, n, c); e != kNoCell)
                dominations.push_back({c, n, e});
        }
    }
    for (const Domination& d : dominations) {
        // The dominator must stay a move that leads on to a kept one: not vulnerable, not pruned.
        if (result.pruned.test(d.cell) || result.pruned.test(d.dominator))
            continue;
        result.pruned.set(d.cell);
        result.support.set(d.dominator);
        if (d.partner != kNoCell)
            result.support.set(d.partner);
        result.moves.push_back({d.cell, d.dominator, false, d.partner});
    }
    return result;
}

} // namespace hex
