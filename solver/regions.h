#pragma once

#include "connections/cell_set.h"
#include "core/board.h"
#include "core/types.h"

#include <vector>

namespace hex {

// The regions of a position for the side to move X (docs/solver.md, "Decompositions"). X's
// edge groups are its edges with the X stones joined to them; every other cell that is not the
// opponent's is free. A shortest X chain between the two edge groups runs through free cells,
// only its first cell touches the first edge group and only its last the second, so it never
// steps between two cells that touch the same edge group. The regions are the components of the
// free cells under the other steps that touch both edge groups: in this position and in any
// that follows it, a shortest X chain between this position's edge groups lies in one of them.
//
// So when there are two or more the position splits: X to move wins if and only if it wins,
// moving first, one of the positions with every empty cell outside one region given to the
// opponent. A win there is a win here (this position has fewer opponent stones); when all are
// lost, the opponent answers each X move inside the region it was played in, with that region's
// winning strategy (anywhere at all after a move outside every region), and no region ends with
// an X chain. Each region holds an empty cell unless X has already won.
std::vector<CellSet> regionsOf(const Board& board, Color toMove);

} // namespace hex
