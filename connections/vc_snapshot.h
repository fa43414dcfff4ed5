#pragma once

#include "connections/cell_set.h"
#include "core/board.h"
#include "core/types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hex {

// One colour's connections after a build, compact enough to keep one per search depth. A later
// build on a position that holds every one of these stones, and more of either colour, can start
// from them instead of from scratch (Connections::buildFrom): the owner's new stones only make
// connections stronger, and the opponent's new stones only break those they touch.
struct VcSnapshot {
    struct Entry {
        Cell a; // endpoints, each by one of its nodes (the cell, or a node of the group)
        Cell b;
        Cell key; // kNoCell for a full connection
    };

    Color color = Color::Black;
    int width = 0;
    int height = 0;
    int words = 0; // carrier words of the build, per entry in `carriers`
    CellSet black; // the stones of the position it was built on
    CellSet white;
    std::vector<Entry> entries;
    std::vector<std::uint64_t> carriers;
    int generation = 0; // builds since the last one from scratch

    // Memory of the connections (for budgets).
    std::size_t bytes() const noexcept {
        return entries.size() * sizeof(Entry) + carriers.size() * sizeof(std::uint64_t);
    }
    // Whether `board` holds every stone of the snapshot's position (same size), so that it can
    // start a build of `owner`'s connections there.
    bool appliesTo(const Board& board, Color owner) const;
    // The same test with the board's stones given (stonesOf), when several snapshots are tried.
    bool appliesTo(const Board& board, Color owner, const CellSet& blackStones,
                   const CellSet& whiteStones) const;
};

// The cells of `board` that hold a stone of `color`.
CellSet stonesOf(const Board& board, Color color);

} // namespace hex
