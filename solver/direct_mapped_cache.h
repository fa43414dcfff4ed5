#pragma once

#include "core/types.h"

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace hex {

// A cache by position key, direct-mapped: key k lives in slot k % slots, and a new entry
// overwrites whatever held its slot, so the memory stays bounded. The slots are allocated a page
// at a time, when a slot of the page is first written: a solver that runs briefly (a short solve
// in a game, a test's) touches a few pages instead of initialising its whole size, which for the
// connection summaries is about 30 MB per solver. Which entries are kept is the same as with one
// array of `slots` entries. With no slots it holds nothing.
template <typename Value>
class DirectMappedCache {
public:
    explicit DirectMappedCache(std::size_t slots)
        : slots_(slots), pages_((slots + kPageSlots - 1) / kPageSlots) {}

    const Value* find(Key key) const {
        if (slots_ == 0)
            return nullptr;
        const std::size_t slot = key % slots_;
        const std::unique_ptr<Page>& page = pages_[slot / kPageSlots];
        if (!page)
            return nullptr;
        const Entry& e = (*page)[slot % kPageSlots];
        return e.used && e.key == key ? &e.value : nullptr;
    }
    // The slot for `key`, marked as holding it (its value still holds what was there before).
    // Precondition: enabled().
    Value& store(Key key) {
        const std::size_t slot = key % slots_;
        std::unique_ptr<Page>& page = pages_[slot / kPageSlots];
        if (!page)
            page = std::make_unique<Page>();
        Entry& e = (*page)[slot % kPageSlots];
        e.key = key;
        e.used = true;
        return e.value;
    }
    bool enabled() const noexcept { return slots_ != 0; }

private:
    // Small pages: the keys are spread at random, so a short solve touches one page per entry.
    static constexpr std::size_t kPageSlots = 64;
    struct Entry {
        Key key = 0;
        bool used = false;
        Value value{};
    };
    using Page = std::array<Entry, kPageSlots>;

    std::size_t slots_;
    std::vector<std::unique_ptr<Page>> pages_;
};

} // namespace hex
