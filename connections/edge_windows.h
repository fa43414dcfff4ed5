#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hex {

// Exact local proofs that an own group joins one of its edges, for the connections a fast
// H-search misses: those whose carriers are too large for its per-pair limits, or whose proof
// is no AND/OR composition of smaller connections (a group beside an obtuse corner, say, which
// the opponent can only stop by a ladder that runs into the corner).
//
// The window is every cell within `depth` rows of the edge and within `margin` cells, along the
// edge, of the group's cells near it. The opponent holds every cell outside it and moves first;
// a memoised search decides whether the owner still joins the group to the edge. The
// opponent's moves are only tried inside the carrier of the owner's win if it moved now (a move
// elsewhere leaves that win standing), which keeps the search small. A proof is a full
// connection whose carrier is the cells the proof used, so it is sound on the real board: the
// opponent has fewer cells there, the owner more.
class EdgeWindows {
public:
    struct Limits {
        int depth = 3;        // rows of the window, counted from the edge
        int margin = 2;       // cells either side of the group, along the edge
        int maxEmpty = 18;    // larger windows are not searched
        int maxNodes = 20000; // a search past this many positions gives up (no proof)
    };

    EdgeWindows() = default;
    explicit EdgeWindows(Limits limits) : limits_(limits) {}

    // The carrier of a full connection between the own group holding `stone` and `edge` (one of
    // the owner's edges), if the local search proves one; nullopt if it does not, if the group
    // is not near the edge, or if the window is too large.
    std::optional<CellSet> prove(const Board& board, Cell stone, Cell edge);
    // The same for an empty cell, as the H-search's endpoints mean it: the carrier of a full
    // connection the owner has once it plays `cell` (which the carrier does not hold).
    std::optional<CellSet> proveFromEmpty(const Board& board, Cell cell, Cell edge);

    // The same search on a window given cell by cell and without a node limit, so exact:
    // whether the owner of `edge`, holding `own` (which holds `cell`), joins `cell`'s group to
    // the edge when the opponent holds every cell outside `own` and `empty` and moves first. At
    // most 64 cells (std::invalid_argument beyond). For the edge templates (edge_templates.h).
    static bool joinsExactly(const Geometry& g, Cell cell, Cell edge, const CellSet& own,
                             const CellSet& empty);

    // Searches run and positions visited since construction (for statistics and tests).
    long long searches() const noexcept { return searches_; }

private:
    struct Window;
    struct Search;

    std::optional<Window> windowOf(const Board& board, Cell stone, Cell edge) const;
    static void linkNeighbours(const Geometry& g, Window& w);

    Limits limits_;
    // Results by window contents (the cells, their states and the group's reach): positions
    // along a search path share most of their edges.
    std::unordered_map<std::string, std::optional<CellSet>> cache_;
    long long searches_ = 0;
};

} // namespace hex
