#include "core/zeroed_array.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace hex {
namespace {

struct alignas(64) Line {
    std::uint64_t words[8];
};

struct Entry {
    std::uint64_t key = 0;
    bool used = false;
};

bool allZero(const ZeroedArray<Line>& lines) {
    return std::all_of(lines.begin(), lines.end(), [](const Line& line) {
        return std::all_of(std::begin(line.words), std::end(line.words),
                           [](std::uint64_t w) { return w == 0; });
    });
}

TEST(ZeroedArray, StartsAsZeroBytesAtTheElementsAlignment) {
    for (std::size_t size : {1u, 3u, 1000u, 300000u}) {
        const ZeroedArray<Line> lines(size);
        ASSERT_EQ(lines.size(), size);
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(lines.begin()) % alignof(Line), 0u) << size;
        EXPECT_TRUE(allZero(lines)) << size;
    }
}

TEST(ZeroedArray, ClearReturnsEveryElementToZeroAndKeepsTheSize) {
    ZeroedArray<Line> lines(50000);
    for (std::size_t i = 0; i < lines.size(); i += 7)
        lines[i].words[i % 8] = i + 1;
    lines.clear();
    EXPECT_EQ(lines.size(), 50000u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(lines.begin()) % alignof(Line), 0u);
    EXPECT_TRUE(allZero(lines));
}

TEST(ZeroedArray, ZeroBytesAreTheValueInitialisedEntry) {
    ZeroedArray<Entry> entries(100);
    entries[42] = {7, true};
    EXPECT_EQ(entries[42].key, 7u);
    entries.clear();
    for (const Entry& e : entries)
        EXPECT_TRUE(e.key == Entry{}.key && e.used == Entry{}.used);
}

// A size whose bytes overflow size_t is refused before calloc sees it (a larger one that fits
// would make the sanitizers' allocators stop the program rather than return null).
TEST(ZeroedArray, ASizeBeyondTheAddressSpaceIsBadAlloc) {
    EXPECT_THROW(ZeroedArray<Line>(SIZE_MAX / 32), std::bad_alloc);
}

TEST(ZeroedArray, AMovedArrayKeepsItsElements) {
    ZeroedArray<Entry> a(10);
    a[3] = {9, true};
    ZeroedArray<Entry> b = std::move(a);
    EXPECT_EQ(b.size(), 10u);
    EXPECT_EQ(b[3].key, 9u);
    EXPECT_EQ(a.size(), 0u);
    EXPECT_EQ(a.begin(), a.end());
    a = std::move(b);
    EXPECT_EQ(a.size(), 10u);
    EXPECT_EQ(a[3].key, 9u);
    EXPECT_EQ(b.size(), 0u);
}

} // namespace
} // namespace hex
