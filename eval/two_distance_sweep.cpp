#include "eval/two_distance_sweep.h"

#include "eval/index.h"

#include <algorithm>

namespace hex::eval {

namespace {

// Twice for a group: after its second settled liberty all its liberties are settled.
constexpr int kLibertiesPassedOn = 2;

} // namespace

void TwoDistanceSweep::load(const Board& board) {
    geometry_ = &board.geometry();
    const Geometry& g = *geometry_;
    const int cells = g.cellCount();
    const int nodes = g.nodeCount();
    root_.resize(at(nodes));
    for (Cell c = 0; c < nodes; ++c)
        root_[at(c)] = board.isEmpty(c) ? c : board.group(c);
    emptyNeighbours_.resize(at(cells * kSlots));
    emptyNeighbourCount_.assign(at(cells), 0);
    libertyStart_.assign(at(nodes + 1), 0);
    for (Color color : {Color::Black, Color::White}) {
        groups_[index(color)].resize(at(cells * kSlots));
        groupCount_[index(color)].assign(at(cells), 0);
    }
    // One pass over the empty cells. A group touching a cell through several stones is listed
    // once; the roots of the two colours' groups differ, so one liberty table serves both. The
    // counts are kept in locals: byte stores may alias anything and would force reloads.
    for (Cell u = 0; u < cells; ++u) {
        if (!board.isEmpty(u))
            continue;
        const std::size_t slots = at(u * kSlots);
        Cell* const empties = emptyNeighbours_.data() + slots;
        Cell* const groups[2] = {groups_[0].data() + slots, groups_[1].data() + slots};
        int emptyCount = 0;
        int groupCount[2] = {0, 0};
        for (Cell n : g.neighbours(u)) {
            const Stone stone = board.at(n);
            if (stone == Stone::Empty) {
                empties[emptyCount++] = n;
                continue;
            }
            const int side = index(stone == Stone::Black ? Color::Black : Color::White);
            const Cell root = root_[at(n)];
            Cell* const end = groups[side] + groupCount[side];
            if (std::find(groups[side], end, root) != end)
                continue;
            *end = root;
            ++groupCount[side];
            ++libertyStart_[at(root + 1)];
        }
        emptyNeighbourCount_[at(u)] = static_cast<std::uint8_t>(emptyCount);
        groupCount_[0][at(u)] = static_cast<std::uint8_t>(groupCount[0]);
        groupCount_[1][at(u)] = static_cast<std::uint8_t>(groupCount[1]);
    }
    for (int r = 0; r < nodes; ++r)
        libertyStart_[at(r + 1)] += libertyStart_[at(r)];
    liberties_.resize(at(libertyStart_[at(nodes)]));
    fill_.assign(libertyStart_.begin(), libertyStart_.end() - 1);
    for (int side = 0; side < 2; ++side) {
        for (Cell u = 0; u < cells; ++u) {
            const Cell* const groups = groups_[side].data() + u * kSlots;
            for (int i = 0; i < groupCount_[side][at(u)]; ++i)
                liberties_[at(fill_[at(groups[i])]++)] = u;
        }
    }
}

std::span<const Cell> TwoDistanceSweep::liberties(Cell root) const noexcept {
    return {liberties_.data() + libertyStart_[at(root)],
            liberties_.data() + libertyStart_[at(root + 1)]};
}

void TwoDistanceSweep::distancesFrom(Color color, Cell edge, int unreachable,
                                     std::vector<int>& distance) {
    const Geometry& g = *geometry_;
    const int cells = g.cellCount();
    const Cell* const ownGroups = groups_[index(color)].data();
    const std::uint8_t* const ownGroupCount = groupCount_[index(color)].data();
    distance.assign(at(cells), unreachable);
    heard_.assign(at(cells), kNoCell);
    passedOn_.assign(at(g.nodeCount()), 0);
    queue_.resize(at(cells));
    int tail = 0;
    // u hears that its neighbour v is settled; the second distinct one settles u at next.
    auto hear = [&](Cell u, Cell v, int next) {
        Cell& heard = heard_[at(u)];
        if (heard == kNoCell) {
            heard = v;
        } else if (heard != v && heard != u) {
            heard = u;
            distance[at(u)] = next;
            queue_[at(tail++)] = u;
        }
    };
    // The edge cannot be blocked, so the cells touching it (through own groups) are at 1; its
    // group has nothing left to pass on.
    const Cell edgeRoot = root_[at(edge)];
    passedOn_[at(edgeRoot)] = kLibertiesPassedOn;
    for (Cell u : liberties(edgeRoot)) {
        heard_[at(u)] = u;
        distance[at(u)] = 1;
        queue_[at(tail++)] = u;
    }
    // Breadth first, so cells are settled in order of distance and the second distinct settled
    // neighbour a cell hears of is its second-smallest.
    for (int head = 0; head < tail; ++head) {
        const Cell v = queue_[at(head)];
        const int next = distance[at(v)] + 1;
        const std::size_t slots = at(v * kSlots);
        for (int i = 0; i < emptyNeighbourCount_[at(v)]; ++i)
            hear(emptyNeighbours_[slots + at(i)], v, next);
        for (int i = 0; i < ownGroupCount[v]; ++i) {
            const Cell root = ownGroups[slots + at(i)];
            if (passedOn_[at(root)] == kLibertiesPassedOn)
                continue;
            ++passedOn_[at(root)];
            for (Cell u : liberties(root))
                hear(u, v, next);
        }
    }
}

void TwoDistanceSweep::potentials(Color color, int unreachable, std::vector<int>& potential) {
    const Geometry& g = *geometry_;
    distancesFrom(color, g.edge1(color), unreachable, distance1_);
    distancesFrom(color, g.edge2(color), unreachable, distance2_);
    potential.resize(at(g.cellCount()));
    for (std::size_t c = 0; c < potential.size(); ++c)
        potential[c] = std::min(unreachable, distance1_[c] + distance2_[c]);
}

} // namespace hex::eval
