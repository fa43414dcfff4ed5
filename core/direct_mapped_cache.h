#pragma once

#include "core/types.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hex {

// A cache by position key, direct-mapped: key k lives in slot k % slots, and a new entry
// overwrites whatever held its slot, so the memory stays bounded. A slot's entry is allocated
// when the slot is first written, in an arena that grows in the order of those first writes:
// the keys fall on slots at random, so entries kept in slot order would touch a new page of
// memory for nearly every entry (a page fault and its zeroing each: a tenth of the whole 6x6
// solve), while the arena's entries lie side by side. Only the slot index (4 bytes a slot) is
// allocated for the full size, so `slots` must stay below 2^32 (the solver's VC cache has 2^17, its
// memos 2^14). Which entries are kept is the same as with one array of `slots` entries. With no
// slots it holds nothing.
template <typename Value>
class DirectMappedCache {
public:
    explicit DirectMappedCache(std::size_t slots) : entryOfSlot_(slots, kNoEntry) {}

    const Value* find(Key key) const {
        if (!enabled())
            return nullptr;
        const std::uint32_t at = entryOfSlot_[key % entryOfSlot_.size()];
        if (at == kNoEntry)
            return nullptr;
        const Entry& e = entry(at);
        return e.key == key ? &e.value : nullptr;
    }
    // The slot for `key`, marked as holding it (its value still holds what was there before).
    // Precondition: enabled().
    Value& store(Key key) {
        std::uint32_t& at = entryOfSlot_[key % entryOfSlot_.size()];
        if (at == kNoEntry)
            at = newEntry();
        Entry& e = entry(at);
        e.key = key;
        return e.value;
    }
    bool enabled() const noexcept { return !entryOfSlot_.empty(); }
    // Forgets every entry and frees the arena (the slot index keeps its size).
    void clear() {
        std::fill(entryOfSlot_.begin(), entryOfSlot_.end(), kNoEntry);
        chunks_.clear();
        used_ = 0;
    }

private:
    static constexpr std::uint32_t kNoEntry = UINT32_MAX;
    static constexpr std::size_t kChunkEntries = 64;
    struct Entry {
        Key key = 0;
        Value value{};
    };
    // Chunks, not one growing vector: a reference store() returned stays valid.
    using Chunk = std::array<Entry, kChunkEntries>;

    const Entry& entry(std::uint32_t at) const {
        return (*chunks_[at / kChunkEntries])[at % kChunkEntries];
    }
    Entry& entry(std::uint32_t at) { return (*chunks_[at / kChunkEntries])[at % kChunkEntries]; }
    std::uint32_t newEntry() {
        if (used_ == chunks_.size() * kChunkEntries)
            chunks_.push_back(std::make_unique<Chunk>());
        return static_cast<std::uint32_t>(used_++);
    }

    std::vector<std::uint32_t> entryOfSlot_;
    std::vector<std::unique_ptr<Chunk>> chunks_;
    std::size_t used_ = 0;
};

} // namespace hex
