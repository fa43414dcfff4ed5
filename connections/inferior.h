#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace hex {

// Inferior cells by local patterns. Definitions used here:
//   dead:     an empty cell whose colour cannot change the winner of any completion of the board.
//             Local test: for each colour, the neighbours of the cell that are not of the other
//             colour are pairwise linked (same group, adjacent, an empty cell touching the
//             other's group, or two empty cells touching one group of that colour), so a path
//             through the cell can always bypass it.
//   captured: a pair of adjacent empty cells {a, b} such that, for colour X, a is dead once X
//             holds b and b is dead once X holds a. X answers an intrusion in the pair with the
//             other cell and the intruding stone is dead, so filling both with X keeps the value
//             for either side to move.
// Both properties survive adding stones, which is why fill-in may apply them one after another
// and why a proof found after fill-in stays valid with the filled cells added to it.

// The colour-blind part of the dead-cell test, by bit masks over each empty cell's six
// neighbours in ring order, for all the empty cells of one position at once: the fill-in and the
// inferior moves test most cells many times, each time with one or two neighbours filled. A cell
// can be dead only if every two of its empty neighbours that are not adjacent share a group of
// each colour (see `linked` in inferior.cpp), so each of them must touch both colours. The rings
// only choose which cells get the exact test (deadByLinks), never decide one, so rings taken
// before some stones were played are still safe to use: they may only miss a dead cell.
class NeighbourRings {
public:
    explicit NeighbourRings(const Board& board);
    // Whether the empty cell c may be dead once `filledA` and `filledB` (kNoCell: none), empty
    // when the rings were taken, hold stones of any colour. Inline: the inferior-move search
    // asks it millions of times in a solve, most often with two cells near c.
    bool mayBeDead(Cell c, Cell filledA = kNoCell, Cell filledB = kNoCell) const noexcept {
        const Ring& ring = rings_[static_cast<std::size_t>(c)];
        const FilledBits a = filledBits(c, filledA);
        const FilledBits b = filledBits(c, filledB);
        return ringMayBeDead(ring.empty, ring.both | a.beside | b.beside, a.own | b.own);
    }

    // A cell with more empty neighbours than this, once the filled ones are left out, is not
    // tested: it is rarely dead, and the test would be most of the fill-in's time.
    static constexpr int kMaxEmptyAround = 4;

    // The colour-blind condition on ring bits: `empty` the empty neighbours, `both` those
    // touching both colours, `filled` the neighbours about to hold stones (which the two ring
    // cells beside each touch, as a stone of either colour).
    static bool ringMayBeDead(unsigned empty, unsigned both, unsigned filled) noexcept {
        const unsigned left = empty & ~filled;
        if (std::popcount(left) > kMaxEmptyAround)
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

private:
    // Ring bits turned by `by` positions (1: each cell's next neighbour in ring order).
    static unsigned rotate(unsigned ringBits, int by) noexcept {
        return ((ringBits << by) | (ringBits >> (Geometry::kRingSize - by))) & 0x3FU;
    }

    struct Ring {
        std::uint8_t empty = 0; // ring bits of the empty neighbours
        std::uint8_t both = 0;  // those that touch both colours
    };
    // What a stone on f changes in the ring of c: `own`, f's ring bit if f is in the ring; else
    // `beside`, the ring cells f touches (they touch both colours then, as far as the
    // colour-blind condition can tell).
    struct FilledBits {
        unsigned own = 0;
        unsigned beside = 0;
    };
    // Those bits for a stone at (dx, dy) from a cell, up to kReach steps away in each coordinate
    // (farther ones change nothing). `beside` may name ring positions off the board: the
    // condition reads it only for empty ring cells.
    static constexpr int kReach = 2;
    struct OffsetBits {
        std::uint8_t own = 0;
        std::uint8_t beside = 0;
    };
    using OffsetTable = std::array<std::array<OffsetBits, 2 * kReach + 1>, 2 * kReach + 1>;
    static constexpr OffsetTable makeOffsetTable() noexcept;
    static const OffsetTable kOffsetBits;

    // Interior cells by their offset (a table); an edge node is in no ring, and the ring cells
    // along it touch it.
    FilledBits filledBits(Cell c, Cell f) const noexcept {
        if (f == kNoCell)
            return {};
        if (geometry_->isEdge(f)) [[unlikely]]
            return edgeBits(c, f);
        const int dx = geometry_->x(f) - geometry_->x(c);
        const int dy = geometry_->y(f) - geometry_->y(c);
        if (dx < -kReach || dx > kReach || dy < -kReach || dy > kReach)
            return {};
        const OffsetBits& entry = kOffsetBits[static_cast<std::size_t>(dy + kReach)]
                                             [static_cast<std::size_t>(dx + kReach)];
        return {entry.own, entry.beside};
    }
    FilledBits edgeBits(Cell c, Cell edge) const noexcept;

    const Geometry* geometry_;
    std::vector<Ring> rings_; // by cell; the bits only for the cells empty when taken
};

// Precondition: c is an empty interior cell.
bool isDead(const Board& board, Cell c);
// The exact local test alone (both colours' links), for callers that filtered with
// NeighbourRings.
bool deadByLinks(const Board& board, Cell c);

// Whether the adjacent empty interior cells {a, b} are a pair captured by `color` (see above).
// `board` is restored before returning. The second form skips the colour-blind filter: its
// callers filtered with NeighbourRings (taken before any stone they played since).
bool isCapturedPair(Board& board, Color color, Cell a, Cell b);
bool capturedPairByLinks(Board& board, Color color, Cell a, Cell b);

struct InferiorCells {
    CellSet dead;
    std::array<CellSet, 2> captured; // by colour index; pairs may overlap between colours
};

// One pass over the current board (no fill-in). `board` is restored before returning.
InferiorCells findInferior(Board& board);

// Fills dead cells (with Black; their colour is irrelevant) and captured pairs (with their
// owner) until none is left. The stones stay on `board`; the caller undoes `stones` plays.
struct FillIn {
    CellSet cells;
    int stones = 0;
};
FillIn fillInferior(Board& board);

} // namespace hex
