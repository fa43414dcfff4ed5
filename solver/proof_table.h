#pragma once

#include "connections/cell_set.h"
#include "core/board.h"
#include "solver/bounded_table.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>

namespace hex {

// Proven results keyed by the position up to 180-degree rotation plus the side to move. Entries
// are stored in the orientation of the smaller of key() and rotatedKey(), so a position and its
// rotation share one entry and the proof and move come back in the caller's orientation.
// A full table makes room by evicting a result that took little work to prove (BoundedTable): a
// long proof then costs more time, since evicted results are proven again, but never fails for
// lack of memory. Thread-safe: the threads of one solve share it (RootHelper); a lock costs
// little beside a node's connection builds.
class ProofTable {
public:
    struct Entry {
        Color winner;
        CellSet proof; // the winner's threat pattern (empty cells of the position)
        Cell move;     // the winner's move when the winner was to move, else kNoCell
    };

    explicit ProofTable(std::size_t maxEntries) : entries_(maxEntries) {}

    // The key a position is stored under: the same for a position and its rotation.
    static Key keyOf(const Board& board, Color toMove);

    std::optional<Entry> find(const Board& board, Color toMove) const;
    // `work`: what proving it cost (nodes searched), which decides what a full table evicts.
    void store(const Board& board, Color toMove, const Entry& entry, std::uint64_t work);
    void clear();
    void setCapacity(std::size_t maxEntries);
    std::size_t size() const;
    std::size_t capacity() const;
    std::uint64_t evictions() const;
    static constexpr std::size_t kBytesPerEntry = BoundedTable<Entry>::kBytesPerEntry;

private:
    mutable std::mutex mutex_; // guards entries_
    BoundedTable<Entry> entries_;
};

} // namespace hex
