#pragma once

#include "core/geometry.h"
#include "core/types.h"

#include <array>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace hex {

// A fixed-size set of board nodes (interior cells and edge nodes), 64 bits per word. Value type:
// carriers and proof sets are copied freely, so it has no heap storage. `CellSet` holds every node
// of the largest board; the H-search works on the narrowest width that holds the cells of the
// board at hand (one word up to 8x8), since set operations are most of its time.
template <int W>
class BasicCellSet {
public:
    static constexpr int kWords = W;
    static constexpr int kCapacity = kWords * 64;

    constexpr BasicCellSet() = default;

    static BasicCellSet of(std::initializer_list<Cell> cells) {
        BasicCellSet s;
        for (Cell c : cells)
            s.set(c);
        return s;
    }

    bool test(Cell c) const noexcept { return (words_[word(c)] >> bit(c)) & 1U; }
    void set(Cell c) noexcept { words_[word(c)] |= std::uint64_t{1} << bit(c); }
    void reset(Cell c) noexcept { words_[word(c)] &= ~(std::uint64_t{1} << bit(c)); }

    bool any() const noexcept {
        for (std::uint64_t w : words_)
            if (w != 0)
                return true;
        return false;
    }
    bool none() const noexcept { return !any(); }
    int count() const noexcept {
        int n = 0;
        for (std::uint64_t w : words_)
            n += popcount(w);
        return n;
    }
    bool intersects(const BasicCellSet& o) const noexcept {
        for (int i = 0; i < kWords; ++i)
            if ((words_[i] & o.words_[i]) != 0)
                return true;
        return false;
    }
    bool isSubsetOf(const BasicCellSet& o) const noexcept {
        for (int i = 0; i < kWords; ++i)
            if ((words_[i] & ~o.words_[i]) != 0)
                return false;
        return true;
    }
    // Smallest member, or kNoCell when empty.
    Cell first() const noexcept { return nextFrom(0); }
    // Smallest member >= c, or kNoCell.
    Cell nextFrom(Cell c) const noexcept {
        if (c >= kCapacity)
            return kNoCell;
        int w = word(c);
        std::uint64_t bits = words_[w] & (~std::uint64_t{0} << bit(c));
        while (true) {
            if (bits != 0)
                return w * 64 + std::countr_zero(bits);
            if (++w == kWords)
                return kNoCell;
            bits = words_[w];
        }
    }
    // Members in increasing order.
    std::vector<Cell> cells() const {
        std::vector<Cell> out;
        for (Cell c = first(); c != kNoCell; c = nextFrom(c + 1))
            out.push_back(c);
        return out;
    }

    BasicCellSet& operator|=(const BasicCellSet& o) noexcept {
        for (int i = 0; i < kWords; ++i)
            words_[i] |= o.words_[i];
        return *this;
    }
    BasicCellSet& operator&=(const BasicCellSet& o) noexcept {
        for (int i = 0; i < kWords; ++i)
            words_[i] &= o.words_[i];
        return *this;
    }
    // Set difference.
    BasicCellSet& operator-=(const BasicCellSet& o) noexcept {
        for (int i = 0; i < kWords; ++i)
            words_[i] &= ~o.words_[i];
        return *this;
    }
    friend BasicCellSet operator|(BasicCellSet a, const BasicCellSet& b) noexcept { return a |= b; }
    friend BasicCellSet operator&(BasicCellSet a, const BasicCellSet& b) noexcept { return a &= b; }
    friend BasicCellSet operator-(BasicCellSet a, const BasicCellSet& b) noexcept { return a -= b; }
    bool operator==(const BasicCellSet&) const = default;

    // The same members in a set of another width; members beyond its capacity are dropped.
    template <int V>
    BasicCellSet<V> resized() const noexcept {
        BasicCellSet<V> out;
        for (int i = 0; i < (W < V ? W : V); ++i)
            out.setWord(i, words_[static_cast<std::size_t>(i)]);
        return out;
    }
    std::uint64_t wordAt(int i) const noexcept { return words_[static_cast<std::size_t>(i)]; }
    void setWord(int i, std::uint64_t bits) noexcept { words_[static_cast<std::size_t>(i)] = bits; }

private:
    // Inline bit count: without -mpopcnt, std::popcount becomes a library call.
    static int popcount(std::uint64_t w) noexcept {
        w = w - ((w >> 1) & 0x5555555555555555ULL);
        w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
        w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return static_cast<int>((w * 0x0101010101010101ULL) >> 56);
    }
    static int word(Cell c) noexcept { return c >> 6; }
    static int bit(Cell c) noexcept { return c & 63; }

    std::array<std::uint64_t, kWords> words_{};
};

using CellSet = BasicCellSet<6>;
static_assert(CellSet::kCapacity >= Geometry::kMaxNodes);

// The nodes mapped through the 180-degree rotation: how a proof pattern stored for a position's
// canonical orientation is read back.
inline CellSet rotated180(const Geometry& geometry, const CellSet& cells) {
    CellSet out;
    for (Cell c = cells.first(); c != kNoCell; c = cells.nextFrom(c + 1))
        out.set(geometry.rotate180(c));
    return out;
}

} // namespace hex
