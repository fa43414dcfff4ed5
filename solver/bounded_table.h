#pragma once

#include "core/types.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hex {

// A key-value table that never holds more than its capacity: when it is full, a new key takes
// the place of the entry with the least work among a few picked at random (sampled eviction, as
// in Redis's approximated LRU), so that what cost the most to compute stays. The work is the
// caller's measure of what recomputing an entry would cost (the solver stores the nodes it
// searched). The random picks come from a fixed seed: the same calls evict the same entries,
// which keeps the solver's benchmarks reproducible.
template <class Value>
class BoundedTable {
    struct Slot {
        Value value;
        std::uint64_t work;
        std::size_t index; // of the key in keys_
    };

public:
    explicit BoundedTable(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

    // The stored value, or nullptr when the key is absent.
    const Value* find(Key key) const {
        const auto it = slots_.find(key);
        return it == slots_.end() ? nullptr : &it->second.value;
    }
    std::uint64_t workOf(Key key) const {
        const auto it = slots_.find(key);
        return it == slots_.end() ? 0 : it->second.work;
    }

    // Stores `value` under `key` (replacing what was there); a new key in a full table first
    // evicts an entry.
    void store(Key key, const Value& value, std::uint64_t work) {
        if (const auto it = slots_.find(key); it != slots_.end()) {
            it->second.value = value;
            it->second.work = work;
            return;
        }
        if (keys_.size() >= capacity_)
            evictOne();
        slots_.emplace(key, Slot{value, work, keys_.size()});
        keys_.push_back(key);
    }

    void erase(Key key) {
        const auto it = slots_.find(key);
        if (it == slots_.end())
            return;
        const std::size_t index = it->second.index;
        slots_.erase(it);
        removeKeyAt(index);
    }

    void clear() {
        slots_.clear();
        keys_.clear();
    }

    // A smaller capacity evicts entries until the table fits.
    void setCapacity(std::size_t capacity) {
        capacity_ = std::max<std::size_t>(capacity, 1);
        while (keys_.size() > capacity_)
            evictOne();
    }

    std::size_t size() const noexcept { return keys_.size(); }
    std::size_t capacity() const noexcept { return capacity_; }
    std::uint64_t evictions() const noexcept { return evictions_; }

    // Bytes an entry costs, for sizing a table from a memory budget: the key, the slot and the
    // control byte of the open-addressing table at its lowest load (7/16, just after it doubled),
    // and the key's copy in the sampling list.
    static constexpr std::size_t kBytesPerEntry =
        (sizeof(Key) + sizeof(Slot) + 1) * 16 / 7 + sizeof(Key);

private:
    // Samples with replacement: with 8 picks, an entry in the cheapest eighth of the table is
    // evicted with probability 1 - (7/8)^8, about 66%, and the costliest entry almost never.
    static constexpr int kSamples = 8;

    void evictOne() {
        std::size_t victim = nextIndex();
        std::uint64_t least = slots_.find(keys_[victim])->second.work;
        for (int i = 1; i < kSamples; ++i) {
            const std::size_t index = nextIndex();
            const std::uint64_t work = slots_.find(keys_[index])->second.work;
            if (work < least) {
                least = work;
                victim = index;
            }
        }
        slots_.erase(keys_[victim]);
        removeKeyAt(victim);
        ++evictions_;
    }

    // Swaps the last key into `index`, so the list stays dense for sampling.
    void removeKeyAt(std::size_t index) {
        if (index + 1 != keys_.size()) {
            keys_[index] = keys_.back();
            slots_.find(keys_[index])->second.index = index;
        }
        keys_.pop_back();
    }

    std::size_t nextIndex() { // xorshift64: cheap, and fixed by the seed
        random_ ^= random_ << 13;
        random_ ^= random_ >> 7;
        random_ ^= random_ << 17;
        return static_cast<std::size_t>(random_ % keys_.size());
    }

    std::size_t capacity_;
    // Open addressing (Abseil's Swiss table): the solver looks up every child of every node it
    // visits, and std::unordered_map's node-per-entry lookups were 6% of a 7x7 solve.
    absl::flat_hash_map<Key, Slot> slots_;
    std::vector<Key> keys_;
    std::uint64_t random_ = 0x9e3779b97f4a7c15ULL;
    std::uint64_t evictions_ = 0;
};

} // namespace hex
