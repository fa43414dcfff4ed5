#include "search/pattern_table.h"

#include <algorithm>

namespace hex {

void PatternTable::resize(std::size_t megabytes) {
    const std::size_t entries = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Entry));
    entries_ = ZeroedArray<Entry>(entries);
}

void PatternTable::clear() noexcept { entries_.clear(); }

std::optional<CellSet> PatternTable::probe(Key key) const noexcept {
    const Entry& e = slotOf(key);
    if (!e.used || e.key != key)
        return std::nullopt;
    return e.pattern;
}

void PatternTable::store(Key key, const CellSet& pattern) noexcept {
    Entry& e = entries_[key % entries_.size()];
    e.key = key;
    e.used = true;
    e.pattern = pattern;
}

CellSet rotatedIf(const Geometry& geometry, bool rotate, const CellSet& cells) {
    return rotate ? rotated180(geometry, cells) : cells;
}

} // namespace hex
