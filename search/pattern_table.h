#pragma once

#include "connections/cell_set.h"
#include "core/geometry.h"
#include "core/types.h"
#include "core/zeroed_array.h"

#include <cstddef>
#include <optional>

namespace hex {

// The proof patterns of the search's proven results, beside the TT and under the same canonical
// key (search/transposition_table.h): a pattern is the set of empty cells a proven win or loss
// depends on (the loser may own every other empty cell and the result still stands), stored in
// the canonical orientation. Direct-mapped, a new pattern replaces whatever was in its slot: a
// lost pattern only costs pruning, since a proven score without a pattern falls back to the
// conservative "every empty cell".
class PatternTable {
public:
    // About `megabytes` MB; at least one entry.
    explicit PatternTable(std::size_t megabytes) { resize(megabytes); }

    void resize(std::size_t megabytes);
    void clear() noexcept;

    std::optional<CellSet> probe(Key key) const noexcept;
    void store(Key key, const CellSet& pattern) noexcept;

private:
    struct Entry {
        Key key = 0;
        bool used = false;
        CellSet pattern;
    };
    const Entry& slotOf(Key key) const noexcept { return entries_[key % entries_.size()]; }

    ZeroedArray<Entry> entries_;
};

// `cells` mapped through Geometry::rotate180 when `rotate` (its own inverse).
CellSet rotatedIf(const Geometry& geometry, bool rotate, const CellSet& cells);

} // namespace hex
