#pragma once

#include "core/geometry.h"
#include "core/types.h"

namespace hex::eval {

// The numbering that keeps a colour's band of cells narrow: along rows for Black (whose edges are
// the first and last rows), along columns for White. The transposed board with colours
// exchanged is thus numbered identically, so colour symmetry holds bit for bit.
inline Cell cellInOrder(const Geometry& g, Color color, int k) {
    return color == Color::Black ? k : g.cell(k / g.height(), k % g.height());
}

// The inverse of cellInOrder: the position of `c` in the colour's numbering.
inline int positionInOrder(const Geometry& g, Color color, Cell c) {
    return color == Color::Black ? c : g.x(c) * g.height() + g.y(c);
}

} // namespace hex::eval
