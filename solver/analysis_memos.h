#pragma once

#include "connections/cell_set.h"
#include "core/direct_mapped_cache.h"
#include "core/types.h"

#include <utility>
#include <vector>

namespace hex {

// The parts of a node's analysis that depend on the position alone, kept for the node's next
// visits: the proof-number search comes back to an open node again and again (about a third of
// its visits are returns), and the fill-in of a position, and its inferior moves among the same
// candidates, come out the same each time. Both are exact (pure functions of what their keys and
// the candidates hold), so the search is the same with or without them; together they are about
// a third of a first visit's cost.
struct FillMemo {
    std::vector<std::pair<Cell, Color>> stones; // in the order played
    CellSet cells;
};
struct InferiorMemo {
    CellSet candidates; // what the moves were looked for among
    CellSet pruned;
    CellSet support;
};

// Memos by position key (see DirectMappedCache). Being exact, they are kept from one solve to the
// next, until Solver::clear.
template <typename Memo>
using AnalysisMemos = DirectMappedCache<Memo>;

} // namespace hex
