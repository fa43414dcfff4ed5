#pragma once

#include "eval/circuit.h"

#include "connections/connections.h"
#include "core/board.h"

#include <vector>

namespace hex::eval {

// Conductances of the links VcLinks makes, before the division by the carrier (see below).
// Dyadic, like every conductance of the circuit, so that the colour symmetry stays bit for bit.
struct VcConductances {
    double emptyToEmpty = 1.0; // as the circuit's own adjacency of two empty cells
    double ownToEmpty = 2.0;   // as a stone's or an edge's adjacency to an empty cell
    // Two own groups (stones or an edge) that a full connection joins. A group with a template
    // to its edge is nearly as connected as one on it, so this is far above an adjacency.
    double ownToOwn = 16.0;
};

// The virtual connections of one colour as circuit links, the way Hexy, Six and Wolve augment
// the resistance network: every two endpoints (own groups, the own edges and empty cells) that
// H-search joins by a full connection and that are not adjacent get a link. Its conductance
// falls with the cells every full carrier of the pair needs (their intersection, k cells): the
// base over the power of two at or above k + 1, so a connection with two disjoint carriers is
// as good as an adjacency and a bridge counts a quarter.
class VcLinks {
public:
    // H-search limits for an evaluation: the solver's defaults (12 fulls, 24 semis per pair,
    // OR over 4) cost about 60 ms for both colours on an 11x11 middlegame of 30 stones; two
    // fulls and four semis per pair, OR over 3, about 7 ms (1.8 ms at 10 stones), which a
    // search at one second per move can afford.
    static constexpr VcLimits kEvaluationLimits{2, 4, 3, false};

    explicit VcLinks(VcConductances conductances = {}, VcLimits limits = kEvaluationLimits)
        : conductances_(conductances), connections_(limits) {}

    // Builds color's connections on board and appends their links.
    void append(const Board& board, Color color, std::vector<Link>& links);

private:
    double conductance(const Board& board, Cell a, Cell b, std::span<const CellSet> fulls) const;

    VcConductances conductances_;
    Connections connections_;
    std::vector<Cell> endpoints_;
};

} // namespace hex::eval
