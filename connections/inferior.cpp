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

// The six directions around a cell in ring order: consecutive ones (and the last and the first)
// are the neighbours that are adjacent to each other.
constexpr std::array<std::array<int, 2>, 6> kRing{
    {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};

unsigned rotate(unsigned ringBits, int by) {
    return ((ringBits << by) | (ringBits >> (6 - by))) & 0x3FU;
}

// The colour-blind condition on ring bits: `empty` the empty neighbours, `both` those touching
// both colours, `filled` the neighbours about to hold stones (which the two ring cells beside
// each touch, as a stone of either colour).
bool ringMayBeDead(unsigned empty, unsigned both, unsigned filled) {
    const unsigned left = empty & ~filled;
    if (std::popcount(left) > NeighbourRings::kMaxEmptyAround)
        return false;
    const unsigned linked = both | rotate(filled, 1) | rotate(filled, 5);
    // A cell left that does not touch both colours must be adjacent to every other one left.
    for (unsigned bad = left & ~linked; bad != 0; bad &= bad - 1) {
        const unsigned b = bad & (~bad + 1);
        if ((left & ~(b | rotate(b, 1) | rotate(b, 5))) != 0)
            return false;
    }
    return true;
}

// c's neighbours in ring order, kNoCell off the board.
std::array<Cell, 6> ringAround(const Geometry& g, Cell c) {
    std::array<Cell, 6> cells{};
    const int x = g.x(c);
    const int y = g.y(c);
    for (std::size_t r = 0; r < kRing.size(); ++r) {
        const int nx = x + kRing[r][0];
        const int ny = y + kRing[r][1];
        const bool on = nx >= 0 && ny >= 0 && nx < g.width() && ny < g.height();
        cells[r] = on ? g.cell(nx, ny) : kNoCell;
    }
    return cells;
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
        ring.cells = ringAround(g, c);
        if (!board.isEmpty(c))
            continue;
        for (std::size_t r = 0; r < ring.cells.size(); ++r) {
            const Cell n = ring.cells[r];
            if (n == kNoCell || !board.isEmpty(n))
                continue;
            ring.empty = static_cast<std::uint8_t>(ring.empty | (1U << r));
            if (both[static_cast<std::size_t>(n)])
                ring.both = static_cast<std::uint8_t>(ring.both | (1U << r));
        }
    }
}

std::uint8_t NeighbourRings::bitOf(const Ring& ring, Cell n) const noexcept {
    if (n == kNoCell)
        return 0;
    for (std::size_t r = 0; r < ring.cells.size(); ++r)
        if (ring.cells[r] == n)
            return static_cast<std::uint8_t>(1U << r);
    return 0;
}

// The ring cells beside f, a cell two steps from the ring's centre (one of the ring's own is
// handled by ringMayBeDead): a stone on f makes them touch both colours, as far as the
// colour-blind condition can tell.
unsigned NeighbourRings::besideOutside(const Ring& ring, Cell f) const noexcept {
    unsigned bits = 0;
    if (f == kNoCell || bitOf(ring, f) != 0)
        return bits;
    for (std::size_t r = 0; r < ring.cells.size(); ++r)
        if (ring.cells[r] != kNoCell && geometry_->adjacent(ring.cells[r], f))
            bits |= 1U << r;
    return bits;
}

bool NeighbourRings::mayBeDead(Cell c, Cell filledA, Cell filledB) const noexcept {
    const Ring& ring = rings_[static_cast<std::size_t>(c)];
    const unsigned both = ring.both | besideOutside(ring, filledA) | besideOutside(ring, filledB);
    return ringMayBeDead(ring.empty, both,
                         static_cast<unsigned>(bitOf(ring, filledA) | bitOf(ring, filledB)));
}

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
