#include "core/direct_mapped_cache.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace hex {
namespace {

TEST(DirectMappedCache, FindsWhatWasStoredUntilItsSlotIsTaken) {
    DirectMappedCache<int> cache(1000);
    EXPECT_TRUE(cache.enabled());
    EXPECT_EQ(cache.find(7), nullptr);
    cache.store(7) = 70;
    ASSERT_NE(cache.find(7), nullptr);
    EXPECT_EQ(*cache.find(7), 70);
    EXPECT_EQ(cache.find(1007), nullptr); // same slot, another key
    cache.store(1007) = 17;
    EXPECT_EQ(cache.find(7), nullptr);
    EXPECT_EQ(*cache.find(1007), 17);
}

// A cleared cache holds nothing, and a value stored after the clear starts from a fresh entry
// (its arena was freed: the old value is gone, not found again).
TEST(DirectMappedCache, ClearForgetsEveryEntry) {
    DirectMappedCache<int> cache(100);
    for (Key k = 0; k < 300; ++k)
        cache.store(k) = static_cast<int>(k) + 1;
    cache.clear();
    EXPECT_TRUE(cache.enabled());
    for (Key k = 0; k < 300; ++k)
        EXPECT_EQ(cache.find(k), nullptr) << k;
    EXPECT_EQ(cache.store(250), 0);
    cache.store(250) = 5;
    EXPECT_EQ(*cache.find(250), 5);
}

TEST(DirectMappedCache, WithoutSlotsHoldsNothing) {
    const DirectMappedCache<int> cache(0);
    EXPECT_FALSE(cache.enabled());
    EXPECT_EQ(cache.find(0), nullptr);
    EXPECT_EQ(cache.find(12345), nullptr);
}

// The arena changes where entries live, not which ones are kept: the same as one array of
// `slots` entries, modelled by a map from slot to key and value. Sizes around the arena's chunk
// of 64 entries, and more slots written than one chunk holds.
TEST(DirectMappedCache, KeepsWhatOneFlatArrayWouldKeep) {
    for (const std::size_t slots : {1U, 63U, 64U, 65U, 1000U, 4096U}) {
        DirectMappedCache<std::uint64_t> cache(slots);
        std::map<std::size_t, std::pair<Key, std::uint64_t>> model;
        std::mt19937_64 rng(slots);
        for (int i = 0; i < 20'000; ++i) {
            const Key key = rng() % (3 * slots + 7);
            const std::size_t slot = key % slots;
            const auto it = model.find(slot);
            const std::uint64_t* found = cache.find(key);
            if (it != model.end() && it->second.first == key) {
                ASSERT_NE(found, nullptr);
                ASSERT_EQ(*found, it->second.second);
            } else {
                ASSERT_EQ(found, nullptr);
            }
            if (rng() % 2 == 0) {
                const std::uint64_t value = rng();
                cache.store(key) = value;
                model[slot] = {key, value};
            }
        }
    }
}

// A caller may hold the value store() gave while it stores more (the arena grows by chunks,
// never moving an entry).
TEST(DirectMappedCache, AStoredValueStaysPutWhileTheArenaGrows) {
    DirectMappedCache<std::uint64_t> cache(10'000);
    std::uint64_t& first = cache.store(5);
    first = 42;
    for (Key key = 6; key < 5'000; ++key)
        cache.store(key) = key;
    first = 43;
    ASSERT_NE(cache.find(5), nullptr);
    EXPECT_EQ(cache.find(5), &first);
    EXPECT_EQ(*cache.find(5), 43U);
    EXPECT_EQ(*cache.find(4'999), 4'999U);
}

} // namespace
} // namespace hex
