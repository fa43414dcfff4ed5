#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <cstddef>
#include <optional>
#include <unordered_map>

namespace hex {

// Proven results keyed by the position up to 180-degree rotation plus the side to move. Entries
// are stored in the orientation of the smaller of key() and rotatedKey(), so a position and its
// rotation share one entry and the proof and move come back in the caller's orientation.
// Full table: new results are dropped (old ones stay valid forever).
class ProofTable {
public:
    struct Entry {
        Color winner;
        CellSet proof; // the winner's threat pattern (empty cells of the position)
        Cell move;     // the winner's move when the winner was to move, else kNoCell
    };

    explicit ProofTable(std::size_t maxEntries) : maxEntries_(maxEntries) {}

    // The key a position is stored under: the same for a position and its rotation.
    static Key keyOf(const Board& board, Color toMove);

    std::optional<Entry> find(const Board& board, Color toMove) const;
    void store(const Board& board, Color toMove, const Entry& entry);
    void clear() { entries_.clear(); }
    std::size_t size() const noexcept { return entries_.size(); }

private:
    std::size_t maxEntries_;
    std::unordered_map<Key, Entry> entries_;
};

} // namespace hex
