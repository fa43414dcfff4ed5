#pragma once

#include "core/board.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hex::eval {

// The breadth-first two-distance sweeps of TwoDistanceEvaluator (docs/evaluators.md, "twodistance")
// on one board. load() reads the stones and groups once for both colours: every group's liberties
// and every empty cell's empty neighbours and adjacent groups. potentials() then runs the two
// sweeps of a colour.
//
// A sweep does not expand neighbourhoods through groups cell by cell. A cell is settled at one
// more than the distance of the second distinct settled cell among its neighbours, so it only
// has to remember the first one it heard of. A group passes on just its first two settled
// liberties: after those every liberty of the group has two settled neighbours, so later ones
// cannot change anything. Each group's liberty list is walked at most twice per sweep, instead
// of once per settled liberty (edge groups have long lists).
class TwoDistanceSweep {
public:
    // Reads board; valid until the board changes.
    void load(const Board& board);

    // Two-distance potential of every cell for color: td(c, edge1) + td(c, edge2), capped at
    // unreachable (occupied cells and cells that cannot reach both edges get unreachable).
    void potentials(Color color, int unreachable, std::vector<int>& potential);

private:
    // A cell has at most six neighbours, so fixed slots per cell need no offsets.
    static constexpr int kSlots = 6;

    std::span<const Cell> liberties(Cell root) const noexcept;
    void distancesFrom(Color color, Cell edge, int unreachable, std::vector<int>& distance);

    const Geometry* geometry_ = nullptr;
    std::vector<Cell> root_; // group of every stone and edge node
    // Per empty cell: its empty neighbours, and the distinct groups (by root) of each colour
    // next to it, edges included; kSlots entries per cell.
    std::vector<Cell> emptyNeighbours_;
    std::vector<std::uint8_t> emptyNeighbourCount_;
    std::vector<Cell> groups_[2];
    std::vector<std::uint8_t> groupCount_[2];
    // The empty cells next to each group (edges included), CSR keyed by the group's root.
    std::vector<int> libertyStart_;
    std::vector<Cell> liberties_;
    std::vector<int> fill_;
    // Sweep state. heard_ per cell: kNoCell, the first settled neighbour heard of, or the cell
    // itself once it is settled.
    std::vector<Cell> heard_;
    std::vector<int> passedOn_; // per group root: settled liberties passed on (0..2)
    std::vector<Cell> queue_;
    std::vector<int> distance1_;
    std::vector<int> distance2_;
};

} // namespace hex::eval
