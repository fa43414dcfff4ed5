#include "connections/vc_snapshot.h"

namespace hex {

CellSet stonesOf(const Board& board, Color color) {
    CellSet out;
    for (Cell c = 0; c < board.geometry().cellCount(); ++c)
        if (board.has(c, color))
            out.set(c);
    return out;
}

bool VcSnapshot::appliesTo(const Board& board, Color owner) const {
    return appliesTo(board, owner, stonesOf(board, Color::Black), stonesOf(board, Color::White));
}

bool VcSnapshot::appliesTo(const Board& board, Color owner, const CellSet& blackStones,
                           const CellSet& whiteStones) const {
    return words > 0 && owner == color && board.width() == width && board.height() == height &&
           black.isSubsetOf(blackStones) && white.isSubsetOf(whiteStones);
}

} // namespace hex
