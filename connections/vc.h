#pragma once

#include "connections/cell_set.h"
#include "core/types.h"

#include <cstddef>
#include <utility>

namespace hex {

// Bounds on the H-search. Every VC it reports is valid whatever the limits; the limits only trade
// completeness for time.
struct VcLimits {
    int maxFullPerPair = 12;  // full connections kept per pair of endpoints
    int maxSemiPerPair = 24;  // semi connections kept per pair of endpoints
    int maxOrSemis = 4;       // semis combined by one application of the OR rule
    bool andOverEdge = false; // whether the AND rule may go through a group holding an own edge
    bool ladders = false;     // whether fulls are extended along second-row ladders (LadderStep)
    // Whether the OR rule and the fulls kept aim at the smallest intersection of each pair's
    // fulls (HSearch::coverOrRule; maxOrSemis then does not apply) instead of the first ones.
    bool coverOr = false;
    // Whether an own group or an empty cell near an edge that the rules leave without a full to
    // it is tried by an exact local search in a window along the edge (EdgeWindows).
    bool edgeWindows = false;
    // Whether the edge templates (edge_templates.h: precomputed exact connections of a cell
    // three or more rows from its edge, with helper stones) are matched after the rules.
    bool edgeTemplates = false;

    bool operator==(const VcLimits&) const = default;
};

// Index of the unordered endpoint pair {a, b} in a nodes x nodes table (only a <= b is used).
inline std::size_t vcPairIndex(int a, int b, int nodes) noexcept {
    if (a > b)
        std::swap(a, b);
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(nodes) +
           static_cast<std::size_t>(b);
}

// A semi connection: the owner connects its endpoints inside `carrier` if it moves first, by
// playing `key` (which belongs to the carrier) and then answering every intrusion.
struct Semi {
    CellSet carrier;
    Cell key = kNoCell;
};

} // namespace hex
