#include "connections/inferior.h"

#include <array>
#include <bit>
#include <span>

namespace hex {
namespace {

// Whether the empty cell `empty` touches the `color` group whose root is `root`.
bool touchesGroup(const Board& board, Color color, Cell empty, Cell root) {
    for (Cell n : board.geometry().neighbours(empty))
        if (board.has(n, color) && board.group(n) == root)
            return true;
    return false;
}

// Whether the empty cells u and v both touch one `color` group (a stone or an edge).
bool shareGroup(const Board& board, Color color, Cell u, Cell v) {
    for (Cell n : board.geometry().neighbours(u))
        if (board.has(n, color) && touchesGroup(board, color, v, board.group(n)))
            return true;
    return false;
}

// Whether two nodes that may be used by `color` (empty, or own stone or edge) are linked: a path
// of `color` through a cell adjacent to both could step from one to the other without it,
// directly or through an own group both touch (its stones are `color`'s in every completion).
bool linked(const Board& board, Color color, Cell u, Cell v) {
    const bool uEmpty = board.isEmpty(u);
    const bool vEmpty = board.isEmpty(v);
    if (!uEmpty && !vEmpty)
        return board.connected(u, v);
    if (uEmpty && vEmpty)
        return board.geometry().adjacent(u, v) || shareGroup(board, color, u, v);
    return touchesGroup(board, color, uEmpty ? u : v, board.group(uEmpty ? v : u));
}

// A `color` stone on c joins nothing its neighbours could not join without it.
bool uselessFor(const Board& board, Color color, Cell c) {
    std::array<Cell, 8> usable{};
    int count = 0;
    for (Cell n : board.geometry().neighbours(c))
        if (!board.has(n, opponent(color)))
            usable[static_cast<std::size_t>(count++)] = n;
    for (int i = 0; i < count; ++i)
        for (int j = i + 1; j < count; ++j)
            if (!linked(board, color, usable[static_cast<std::size_t>(i)],
                        usable[static_cast<std::size_t>(j)]))
                return false;
    return true;
}

// Whether the empty cell u touches a stone or edge of each colour.
bool touchesBothColours(const Board& board, Cell u) {
    bool black = false;
    bool white = false;
    for (Cell n : board.geometry().neighbours(u)) {
        black = black || board.has(n, Color::Black);
        white = white || board.has(n, Color::White);
    }
    return black && white;
}

// Plays `filled` for `color`, runs the exact test on `tested`, takes the stone back.
bool deadOnceFilled(Board& board, Color color, Cell filled, Cell tested) {
    board.play(filled, color);
    const bool dead = deadByLinks(board, tested);
    board.undo();
    return dead;
}

} // namespace

NeighbourRings::NeighbourRings(const Board& board)
    : geometry_(&board.geometry()), rings_(static_cast<std::size_t>(board.geometry().cellCount())) {
    const Geometry& g = board.geometry();
    std::array<bool, Geometry::kMaxCells> both{};
    for (Cell u = 0; u < g.cellCount(); ++u)
        both[static_cast<std::size_t>(u)] = board.isEmpty(u) && touchesBothColours(board, u);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        Ring& ring = rings_[static_cast<std::size_t>(c)];
        if (!board.isEmpty(c))
            continue;
        const auto cells = g.ring(c);
        for (std::size_t r = 0; r < cells.size(); ++r) {
            const Cell n = cells[r];
            if (n == kNoCell || !board.isEmpty(n))
                continue;
            const auto bit = static_cast<std::uint8_t>(1U << r);
            ring.empty = static_cast<std::uint8_t>(ring.empty | bit);
            if (both[static_cast<std::size_t>(n)])
                ring.both = static_cast<std::uint8_t>(ring.both | bit);
        }
    }
}

NeighbourRings::FilledBits NeighbourRings::edgeBits(Cell c, Cell edge) const noexcept {
    FilledBits bits;
    const auto cells = geometry_->ring(c);
    for (std::size_t r = 0; r < cells.size(); ++r)
        if (cells[r] != kNoCell && geometry_->adjacent(cells[r], edge))
            bits.beside |= 1U << r;
    return bits;
}

constexpr NeighbourRings::OffsetTable NeighbourRings::makeOffsetTable() noexcept {
    OffsetTable table{};
    for (int dy = -kReach; dy <= kReach; ++dy)
        for (int dx = -kReach; dx <= kReach; ++dx) {
            OffsetBits& bits =
                table[static_cast<std::size_t>(dy + kReach)][static_cast<std::size_t>(dx + kReach)];
            if (const int own = Geometry::ringPosition(dx, dy); own >= 0) {
                bits.own = static_cast<std::uint8_t>(1U << own);
                continue;
            }
            for (std::size_t r = 0; r < Geometry::kRingOffsets.size(); ++r) {
                const auto [rx, ry] = Geometry::kRingOffsets[r];
                if (Geometry::adjacentOffset(dx - rx, dy - ry))
                    bits.beside = static_cast<std::uint8_t>(bits.beside | (1U << r));
            }
        }
    return table;
}

constinit const NeighbourRings::OffsetTable NeighbourRings::kOffsetBits = makeOffsetTable();

bool deadByLinks(const Board& board, Cell c) {
    return uselessFor(board, Color::Black, c) && uselessFor(board, Color::White, c);
}

// The colour-blind condition first: it rejects most cells for far less than the links.
bool isDead(const Board& board, Cell c) {
    return NeighbourRings(board).mayBeDead(c) && deadByLinks(board, c);
}

bool capturedPairByLinks(Board& board, Color color, Cell a, Cell b) {
    return deadOnceFilled(board, color, b, a) && deadOnceFilled(board, color, a, b);
}

bool isCapturedPair(Board& board, Color color, Cell a, Cell b) {
    const NeighbourRings rings(board);
    return rings.mayBeDead(a, b) && rings.mayBeDead(b, a) &&
           capturedPairByLinks(board, color, a, b);
}

InferiorCells findInferior(Board& board) {
    InferiorCells result;
    const Geometry& g = board.geometry();
    const NeighbourRings rings(board);
    for (Cell c = 0; c < g.cellCount(); ++c)
        if (board.isEmpty(c) && rings.mayBeDead(c) && deadByLinks(board, c))
            result.dead.set(c);
    for (Cell a = 0; a < g.cellCount(); ++a) {
        if (!board.isEmpty(a) || result.dead.test(a))
            continue;
        for (Cell b : g.neighbours(a)) {
            if (b <= a || g.isEdge(b) || !board.isEmpty(b) || result.dead.test(b) ||
                !rings.mayBeDead(a, b) || !rings.mayBeDead(b, a))
                continue;
            for (Color color : {Color::Black, Color::White}) {
                if (capturedPairByLinks(board, color, a, b)) {
                    result.captured[static_cast<std::size_t>(index(color))].set(a);
                    result.captured[static_cast<std::size_t>(index(color))].set(b);
                }
            }
        }
    }
    return result;
}

// Each pass filters with the rings taken at its start: a cell only the pass's own fill-in makes
// dead is found by the next pass, which any fill-in starts.
FillIn fillInferior(Board& board) {
    FillIn fill;
    const Geometry& g = board.geometry();
    bool changed = true;
    while (changed && !board.winner()) {
        changed = false;
        const NeighbourRings rings(board);
        auto fillWith = [&](Cell c, Color color) {
            board.play(c, color);
            fill.cells.set(c);
            ++fill.stones;
            changed = true;
        };
        for (Cell c = 0; c < g.cellCount(); ++c)
            if (board.isEmpty(c) && rings.mayBeDead(c) && deadByLinks(board, c))
                fillWith(c, Color::Black);
        for (Cell a = 0; a < g.cellCount(); ++a) {
            for (Cell b : g.neighbours(a)) {
                if (b <= a || g.isEdge(b) || !board.isEmpty(a) || !board.isEmpty(b) ||
                    !rings.mayBeDead(a, b) || !rings.mayBeDead(b, a))
                    continue;
                for (Color color : {Color::Black, Color::White}) {
                    if (board.isEmpty(a) && capturedPairByLinks(board, color, a, b)) {
                        fillWith(a, color);
                        fillWith(b, color);
                    }
                }
            }
        }
    }
    return fill;
}

} // namespace hex
