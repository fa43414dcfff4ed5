#include "core/move.h"

namespace hex {

std::string moveName(const Geometry& geometry, Move move) {
    switch (move.kind) {
    case MoveKind::SwapPieces:
        return "swap-pieces";
    case MoveKind::SwapSides:
        return "swap-sides";
    case MoveKind::Stone:
        break;
    }
    return geometry.name(move.cell);
}

} // namespace hex
