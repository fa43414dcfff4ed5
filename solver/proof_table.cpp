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
    const Entry* e = entries_.find(canonicalKey(board, toMove));
    if (e == nullptr)
        return std::nullopt;
    return orient(board, *e); // rotation is an involution
}

void ProofTable::store(const Board& board, Color toMove, const Entry& entry, std::uint64_t work) {
    entries_.store(canonicalKey(board, toMove), orient(board, entry), work);
}

} // namespace hex
