#pragma once

#include "core/geometry.h"
#include "core/types.h"

#include <vector>

namespace hex {

// One step of a second-row ladder toward an edge. `from` and `to` are adjacent cells, neither
// touching the edge, and `shared` is their common neighbour on the edge's first row. If `shared`
// and `to` are empty and `to` (or an own group touching it) has a full connection to the edge
// whose carrier avoids `shared`, `from` and `to`, then `from` (an empty cell or the owner's
// group holding it) is joined to the edge too: the opponent must take `shared` (else the owner
// does and touches the edge), and then the owner plays `to` and keeps its connection. In H-search
// terms the OR of the semi with key `shared` and the semi with key `to`; written out because the
// per-pair limits of a fast build drop the long carriers a ladder grows, and a ladder is only as
// good as its whole length.
struct LadderStep {
    Cell from;
    Cell to;
    Cell shared;
};

// Every ladder step toward `edge` (an edge node) on `g`, ordered so that one pass in order
// extends a ladder by its whole length in either direction along the edge.
std::vector<LadderStep> ladderSteps(const Geometry& g, Cell edge);

} // namespace hex
