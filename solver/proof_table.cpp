#include "solver/proof_table.h"

#include "core/zobrist.h"

namespace hex {
namespace {

bool rotated(const Board& board) { return board.rotatedKey() < board.key(); }

Key canonicalKey(const Board& board, Color toMove) {
    return (rotated(board) ? board.rotatedKey() : board.key()) ^ zobrist::sideToMove(toMove);
}

ProofTable::Entry orient(const Board& board, ProofTable::Entry e) {
    if (!rotated(board))
        return e;
    const Geometry& g = board.geometry();
    e.proof = rotated180(g, e.proof);
    if (e.move != kNoCell)
        e.move = g.rotate180(e.move);
    return e;
}

} // namespace

Key ProofTable::keyOf(const Board& board, Color toMove) { return canonicalKey(board, toMove); }

std::optional<ProofTable::Entry> ProofTable::find(const Board& board, Color toMove) const {
    const Key key = canonicalKey(board, toMove);
    std::optional<Entry> found;
    {
        const std::lock_guard lock(mutex_);
        if (const Entry* e = entries_.find(key))
            found = *e;
    }
    if (!found)
        return std::nullopt;
    return orient(board, *found); // rotation is an involution
}

void ProofTable::store(const Board& board, Color toMove, const Entry& entry, std::uint64_t work) {
    const Key key = canonicalKey(board, toMove);
    const Entry oriented = orient(board, entry);
    const std::lock_guard lock(mutex_);
    entries_.store(key, oriented, work);
}

void ProofTable::clear() {
    const std::lock_guard lock(mutex_);
    entries_.clear();
}

void ProofTable::setCapacity(std::size_t maxEntries) {
    const std::lock_guard lock(mutex_);
    entries_.setCapacity(maxEntries);
}

std::size_t ProofTable::size() const {
    const std::lock_guard lock(mutex_);
    return entries_.size();
}

std::size_t ProofTable::capacity() const {
    const std::lock_guard lock(mutex_);
    return entries_.capacity();
}

std::uint64_t ProofTable::evictions() const {
    const std::lock_guard lock(mutex_);
    return entries_.evictions();
}

} // namespace hex
