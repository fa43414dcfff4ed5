#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <vector>

namespace hex {

// A candidate with its static score (smaller is more promising; the sum of the four distances
// below, so unreachable cells score very high).
struct ScoredMove {
    Cell move;
    int score;
};

// Candidate moves, most promising first: cells on or near both colours' shortest edge-to-edge
// paths (least sum over both colours of the cell's distances to that colour's two edges, own
// stones free, opponent stones blocking). Ties go to the lower cell index, so the order is
// deterministic. orderMoves is the same order without the scores.
std::vector<ScoredMove> scoreMoves(const Board& board, const CellSet& candidates);
std::vector<Cell> orderMoves(const Board& board, const CellSet& candidates);

} // namespace hex
