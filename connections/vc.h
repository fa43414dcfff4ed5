#pragma once

#include "connections/cell_set.h"
#include "engine/core/types.h"

namespace hex {

// Bounds on the H-search. Every VC it reports is valid whatever the limits; the limits only trade
// completeness for time.
struct VcLimits {
    int maxFullPerPair = 12;  // full connections kept per pair of endpoints
    int maxSemiPerPair = 24;  // semi connections kept per pair of endpoints
    int maxOrSemis = 4;       // semis combined by one application of the OR rule
    bool andOverEdge = false; // whether the AND rule may go through a group holding an own edge
};

// A semi connection: the owner connects its endpoints inside `carrier` if it moves first, by
// playing `key` (which belongs to the carrier) and then answering every intrusion.
struct Semi {
    CellSet carrier;
    Cell key = kNoCell;
};

} // namespace hex
