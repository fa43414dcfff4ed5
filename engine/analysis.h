#pragma once

#include "connections/cell_set.h"
#include "connections/vc.h"
#include "core/board.h"

#include <cstdint>
#include <vector>

namespace hex {

// What the connection layer knows about a position, for the HexGui displays: fresh H-search
// builds and inferior-cell analysis on a copy of the board (the board is never changed).

// The cells `toMove` must play in, or lose at once to the opponent's virtual connections (every
// empty cell when nothing is forced; none when the opponent is already connected virtually or
// the game is over).
std::vector<Cell> mustPlayCells(const Board& board, Color toMove);

// A cell the fill-in or the solver's move pruning leaves out.
struct InferiorCell {
    enum class Kind : std::uint8_t {
        Dead,          // filled in (with Black; the colour does not matter)
        CapturedBlack, // filled in with Black
        CapturedWhite, // filled in with White
        Vulnerable,    // `by` kills it
        Dominated,     // `by` dominates it
    };
    Cell cell = kNoCell;
    Kind kind = Kind::Dead;
    Cell by = kNoCell; // Vulnerable and Dominated only
};

// Dead cells, then Black's and White's captured cells, then the moves of `toMove` among the
// other empty cells that the solver leaves out; none when the game is over.
std::vector<InferiorCell> inferiorCells(const Board& board, Color toMove);

// One colour's virtual connections between two endpoints (cells or the colour's edges), by a
// fresh build within `limits`.
struct ConnectionsBetween {
    std::vector<CellSet> fulls;
    std::vector<Semi> semis;
};

ConnectionsBetween connectionsBetween(const Board& board, Color color, Cell from, Cell to,
                                      const VcLimits& limits = {});

} // namespace hex
