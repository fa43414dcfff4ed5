#include "connections/inferior.h"

#include <algorithm>
#include <array>
#include <span>

namespace hex {
namespace {

// Whether two nodes that may be used by `color` (empty, or own stone or edge) are linked: a path
// of `color` through a cell adjacent to both could step from one to the other directly.
bool linked(const Board& board, Color color, Cell u, Cell v) {
    const bool uEmpty = board.isEmpty(u);
    const bool vEmpty = board.isEmpty(v);
    if (!uEmpty && !vEmpty)
        return board.connected(u, v);
    if (uEmpty && vEmpty)
        return board.geometry().adjacent(u, v);
    const Cell empty = uEmpty ? u : v;
    const Cell root = board.group(uEmpty ? v : u);
    for (Cell n : board.geometry().neighbours(empty))
        if (board.has(n, color) && board.group(n) == root)
            return true;
    return false;
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

int emptyNeighbours(const Board& board, Cell c) {
    const auto around = board.geometry().neighbours(c);
    return static_cast<int>(
        std::count_if(around.begin(), around.end(), [&](Cell n) { return board.isEmpty(n); }));
}

// A cell with four empty neighbours or more fails mayDieBeside beside each of them, so it is in no
// captured pair: checked once per cell, it spares most of the pair tests.
bool mayBeInCapturedPair(const Board& board, Cell a) { return emptyNeighbours(board, a) <= 3; }

// A colour-blind necessary condition for {a, b} to be a captured pair (see mayDieBeside), checked
// once per pair rather than once per colour.
bool mayBeCapturedPair(const Board& board, Cell a, Cell b) {
    return mayDieBeside(board, a, b) && mayDieBeside(board, b, a);
}

// Whether the adjacent empty cells a and b, which pass mayBeCapturedPair, are captured by color.
// Restores the board.
bool capturedPair(Board& board, Color color, Cell a, Cell b) {
    board.play(b, color);
    const bool aDead = isDead(board, a);
    board.undo();
    if (!aDead)
        return false;
    board.play(a, color);
    const bool bDead = isDead(board, b);
    board.undo();
    return bDead;
}

// Whether the empty neighbours of c, `except` aside, are pairwise adjacent. Two empty cells are
// linked only when adjacent, and both colours may use them, so this is necessary for c to be dead
// (with `except` filled by either colour). Three empty neighbours never qualify (a cell's
// neighbours form a ring of six, without triangles).
bool emptyNeighboursPairwiseAdjacent(const Board& board, Cell c, Cell except) {
    std::array<Cell, 2> empty{};
    std::size_t count = 0;
    for (Cell n : board.geometry().neighbours(c)) {
        if (n == except || !board.isEmpty(n))
            continue;
        if (count == empty.size())
            return false;
        empty[count++] = n;
    }
    return count < 2 || board.geometry().adjacent(empty[0], empty[1]);
}

} // namespace

// Checked before playing anything: most pairs fail it.
bool mayDieBeside(const Board& board, Cell c, Cell filled) {
    return emptyNeighboursPairwiseAdjacent(board, c, filled);
}

// The colour-blind condition first: it rejects most cells for far less than uselessFor.
bool isDead(const Board& board, Cell c) {
    return emptyNeighboursPairwiseAdjacent(board, c, kNoCell) &&
           uselessFor(board, Color::Black, c) && uselessFor(board, Color::White, c);
}

InferiorCells findInferior(Board& board) {
    InferiorCells result;
    const Geometry& g = board.geometry();
    for (Cell c = 0; c < g.cellCount(); ++c)
        if (board.isEmpty(c) && isDead(board, c))
            result.dead.set(c);
    for (Cell a = 0; a < g.cellCount(); ++a) {
        if (!board.isEmpty(a) || result.dead.test(a) || !mayBeInCapturedPair(board, a))
            continue;
        for (Cell b : g.neighbours(a)) {
            if (b <= a || g.isEdge(b) || !board.isEmpty(b) || result.dead.test(b) ||
                !mayBeCapturedPair(board, a, b))
                continue;
            for (Color color : {Color::Black, Color::White}) {
                if (capturedPair(board, color, a, b)) {
                    result.captured[static_cast<std::size_t>(index(color))].set(a);
                    result.captured[static_cast<std::size_t>(index(color))].set(b);
                }
            }
        }
    }
    return result;
}

FillIn fillInferior(Board& board) {
    FillIn fill;
    const Geometry& g = board.geometry();
    bool changed = true;
    while (changed && !board.winner()) {
        changed = false;
        for (Cell c = 0; c < g.cellCount(); ++c) {
            if (board.isEmpty(c) && isDead(board, c)) {
                board.play(c, Color::Black);
                fill.cells.set(c);
                ++fill.stones;
                changed = true;
            }
        }
        for (Cell a = 0; a < g.cellCount(); ++a) {
            if (!board.isEmpty(a) || !mayBeInCapturedPair(board, a))
                continue;
            for (Cell b : g.neighbours(a)) {
                if (g.isEdge(b) || !board.isEmpty(b) || !board.isEmpty(a) ||
                    !mayBeCapturedPair(board, a, b))
                    continue;
                for (Color color : {Color::Black, Color::White}) {
                    if (board.isEmpty(a) && capturedPair(board, color, a, b)) {
                        board.play(a, color);
                        board.play(b, color);
                        fill.cells.set(a);
                        fill.cells.set(b);
                        fill.stones += 2;
                        changed = true;
                    }
                }
            }
        }
    }
    return fill;
}

} // namespace hex
