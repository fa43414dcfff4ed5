#pragma once

#include "core/board.h"
#include "core/types.h"
#include "core/zeroed_array.h"
#include "search/pattern_table.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace hex {

// What a stored score means relative to the true value of the position.
enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// The key under which the search stores a position: a position and its 180-degree rotation share
// min(key, rotatedKey), combined with the side to move. `rotated` says that the canonical
// orientation is the rotated one, so moves are mapped with Geometry::rotate180 on the way in and
// out (the rotation is its own inverse).
struct CanonicalKey {
    Key key = 0;
    bool rotated = false;
};
CanonicalKey canonicalKey(const Board& board, Color toMove) noexcept;
inline Cell toCanonical(const Geometry& geometry, CanonicalKey k, Cell move) noexcept {
    return k.rotated && move != kNoCell ? geometry.rotate180(move) : move;
}
inline Cell fromCanonical(const Geometry& geometry, CanonicalKey k, Cell move) noexcept {
    return toCanonical(geometry, k, move);
}

// A fixed-size hash table of search results, one thread at a time.
//
// Entry layout (16 bytes, four entries per 64-byte bucket so a probe touches one cache line):
//   bytes 0-7   key      the full 64-bit canonical key (verification; no index bits are dropped)
//   bytes 8-11  score    int32, node-relative: proven scores are stored as distance from this node
//   bytes 12-13 move     int16 cell in canonical orientation, -1 for none
//   byte  14    depth    remaining depth of the search that stored it (0-255)
//   byte  15    genBound generation (high 6 bits) << 2 | Bound (low 2 bits); Bound::None = empty
//
// Replacement: a store for a key already in the bucket overwrites it unless that entry is of the
// current generation and clearly deeper (more than kKeepDepthMargin) with a non-exact new bound;
// otherwise the victim is the entry with the least depth - kAgePenalty * age, where age counts
// searches (newSearch calls) since it was written, so stale deep entries eventually give way.
//
// The proof patterns of proven scores live beside the entries in a PatternTable of an extra
// eighth of the size, cleared and resized with them.
class TranspositionTable {
public:
    struct Hit {
        Score score;
        Cell move; // canonical orientation
        int depth;
        Bound bound;
    };

    explicit TranspositionTable(std::size_t megabytes);

    // Reallocates (and clears) to about `megabytes` MB; at least one bucket.
    void resize(std::size_t megabytes);
    void clear() noexcept;
    // Starts a new search generation (ageing).
    void newSearch() noexcept { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    std::optional<Hit> probe(Key key) const noexcept;
    void store(Key key, Score score, Cell move, int depth, Bound bound) noexcept;

    PatternTable& patterns() noexcept { return patterns_; }
    const PatternTable& patterns() const noexcept { return patterns_; }

    // Occupied entries of the current generation per thousand, from the first 1000 entries.
    int hashfull() const noexcept;
    std::size_t megabytes() const noexcept { return megabytes_; }

private:
    struct Entry {
        std::uint64_t key;
        std::int32_t score;
        std::int16_t move;
        std::uint8_t depth;
        std::uint8_t genBound;

        Bound bound() const noexcept { return static_cast<Bound>(genBound & 3); }
        std::uint8_t generation() const noexcept {
            return static_cast<std::uint8_t>(genBound >> 2);
        }
    };
    static_assert(sizeof(Entry) == 16);

    static constexpr int kBucketSize = 4;
    static constexpr int kAgePenalty = 8;
    static constexpr int kKeepDepthMargin = 2;
    static constexpr std::size_t kPatternShare = 8; // the pattern table gets 1/8 of the memory

    struct alignas(64) Bucket {
        Entry entries[kBucketSize];
    };
    static_assert(sizeof(Bucket) == 64);

    static std::size_t bucketCount(std::size_t megabytes) noexcept {
        return std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    }
    static std::size_t patternMegabytes(std::size_t megabytes) noexcept {
        return std::max<std::size_t>(1, megabytes / kPatternShare);
    }

    Bucket& bucketOf(Key key) noexcept { return buckets_[key % buckets_.size()]; }
    const Bucket& bucketOf(Key key) const noexcept { return buckets_[key % buckets_.size()]; }
    int age(const Entry& e) const noexcept { return (generation_ - e.generation()) & 63; }

    ZeroedArray<Bucket> buckets_;
    PatternTable patterns_;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
};

} // namespace hex
