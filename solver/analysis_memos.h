#pragma once

#include "connections/cell_set.h"
#include "core/types.h"

#include <algorithm>
#include <cstddef>
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

// Memos by position key, direct-mapped: a new one overwrites whatever shared its slot, so the
// memory stays fixed. With no entries it holds nothing. Being exact, they are kept from one solve
// to the next.
template <typename Memo>
class AnalysisMemos {
public:
    explicit AnalysisMemos(std::size_t entries) : entries_(entries) {}

    const Memo* find(Key key) const {
        if (entries_.empty())
            return nullptr;
        const Entry& e = entries_[key % entries_.size()];
        return e.used && e.key == key ? &e.memo : nullptr;
    }
    // The slot for `key`, marked as holding it (its memo still holds what was there before).
    Memo& store(Key key) {
        Entry& e = entries_[key % entries_.size()];
        e.key = key;
        e.used = true;
        return e.memo;
    }
    bool enabled() const noexcept { return !entries_.empty(); }

private:
    struct Entry {
        Key key = 0;
        bool used = false;
        Memo memo;
    };
    std::vector<Entry> entries_;
};

} // namespace hex
