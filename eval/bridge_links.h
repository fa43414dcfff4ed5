#pragma once

#include "eval/circuit.h"

#include "core/board.h"

#include <vector>

namespace hex::eval {

// Conductances of the links appendBridgeLinks makes. They must be dyadic (sums of powers of two)
// so that the circuit's matrix entries stay exact sums whatever the order of the branches: the
// colour symmetry of the resistance evaluator is bit for bit.
struct BridgeConductances {
    // Two own stones of different groups with two empty common neighbours. Adjacent stones are
    // merged (infinite conductance); the two carrier paths alone give only 2. Chosen by
    // self-play (docs/evaluators.md): with 4 the links clearly beat no links; 2 lost to 4, and
    // 16 beat 4 head to head but not no links.
    double stoneToStone = 4.0;
    // An own stone and its second-row edge with the two edge-row cells empty (template II).
    double stoneToEdge = 4.0;
    // An own stone and an empty cell with two empty common neighbours. At most 0.5 keeps the
    // evaluator monotone (an own stone never lowers the own value): a move into the carrier
    // drops at most two such links ending at one empty cell and raises that cell's branch to the
    // move from 1 to 2. Adjacency to an empty cell is only 2, so a bridge must stay below it.
    double stoneToEmpty = 0.5;
    // An own stone on the third row and that edge when one of the two ziggurats (template
    // IIIa, eight carrier cells) holds no opponent stone; 0 leaves the template out.
    double stoneToEdgeZiggurat = 0.0;
};

// The virtual connections of `color` that need no search, as circuit links: every bridge
// (a cell pair with exactly the two empty common neighbours of the hexagonal grid) from an own
// stone to another own stone or to an empty cell, template II from an own stone on the second
// row to that edge and, if asked for, template IIIa from the third row. Each is a second-player
// connection inside its carrier (two cells, eight for IIIa).
// Links come in the colour's cell order (rows for Black, columns for White), so a transposed,
// colour-exchanged board yields the same links in the same order.
void appendBridgeLinks(const Board& board, Color color, std::vector<Link>& links,
                       const BridgeConductances& conductances = {});

} // namespace hex::eval
