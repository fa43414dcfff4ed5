#include "search/transposition_table.h"

#include "core/zobrist.h"

#include <algorithm>
#include <cassert>

namespace hex {

CanonicalKey canonicalKey(const Board& board, Color toMove) noexcept {
    const bool rotated = board.rotatedKey() < board.key();
    const Key stones = rotated ? board.rotatedKey() : board.key();
    return {stones ^ zobrist::sideToMove(toMove), rotated};
}

TranspositionTable::TranspositionTable(std::size_t megabytes)
    : buckets_(bucketCount(megabytes)), patterns_(patternMegabytes(megabytes)),
      megabytes_(megabytes) {}

void TranspositionTable::resize(std::size_t megabytes) {
    buckets_ = ZeroedArray<Bucket>(bucketCount(megabytes));
    patterns_.resize(patternMegabytes(megabytes));
    megabytes_ = megabytes;
    generation_ = 0;
}

void TranspositionTable::clear() noexcept {
    buckets_.clear();
    patterns_.clear();
    generation_ = 0;
}

std::optional<TranspositionTable::Hit> TranspositionTable::probe(Key key) const noexcept {
    for (const Entry& e : bucketOf(key).entries) {
        if (e.bound() != Bound::None && e.key == key)
            return Hit{e.score, e.move, e.depth, e.bound()};
    }
    return std::nullopt;
}

void TranspositionTable::store(Key key, Score score, Cell move, int depth, Bound bound) noexcept {
    assert(bound != Bound::None);
    const auto storedDepth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    Bucket& bucket = bucketOf(key);
    Entry* victim = nullptr;
    for (Entry& e : bucket.entries) {
        if (e.bound() != Bound::None && e.key == key) {
            const bool keepOld =
                age(e) == 0 && bound != Bound::Exact && e.depth > storedDepth + kKeepDepthMargin;
            if (keepOld) {
                if (move != kNoCell)
                    e.move = static_cast<std::int16_t>(move);
                return;
            }
            victim = &e;
            if (move == kNoCell)
                move = e.move; // keep the known best move when the new result has none
            break;
        }
    }
    if (!victim) {
        auto worth = [this](const Entry& e) {
            return e.bound() == Bound::None ? -1'000'000 : e.depth - kAgePenalty * age(e);
        };
        victim = &bucket.entries[0];
        for (Entry& e : bucket.entries) {
            if (worth(e) < worth(*victim))
                victim = &e;
        }
    }
    victim->key = key;
    victim->score = score;
    victim->move = static_cast<std::int16_t>(move);
    victim->depth = storedDepth;
    victim->genBound = static_cast<std::uint8_t>(generation_ << 2 | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const noexcept {
    int used = 0;
    int seen = 0;
    for (const Bucket& b : buckets_) {
        for (const Entry& e : b.entries) {
            if (seen++ == 1000)
                return used;
            used += e.bound() != Bound::None && age(e) == 0 ? 1 : 0;
        }
    }
    return seen == 0 ? 0 : used * 1000 / seen;
}

} // namespace hex
