#include "eval/two_distance.h"

#include "eval/scoring.h"

#include <algorithm>
#include <cstdint>

namespace hex::eval {

namespace {

constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr std::uint8_t kEmpty = 0;
constexpr std::uint8_t kOwn = 1;
constexpr std::uint8_t kOpponent = 2;

} // namespace

void TwoDistanceEvaluator::findRoots(const Board& board) {
    const int nodes = board.geometry().nodeCount();
    root_.resize(at(nodes));
    for (Cell c = 0; c < nodes; ++c)
        root_[at(c)] = board.group(c);
}

void TwoDistanceEvaluator::findLiberties(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    const int nodes = g.nodeCount();
    // Liberties of each own group (edges included), as a CSR table keyed by the group's root.
    // stamp_ remembers the last cell counted for a root, so a cell touching a group twice is
    // listed once.
    kind_.resize(at(nodes));
    for (Cell c = 0; c < nodes; ++c)
        kind_[at(c)] = board.isEmpty(c) ? kEmpty : board.has(c, color) ? kOwn : kOpponent;
    groupStart_.assign(at(nodes + 1), 0);
    stamp_.assign(at(nodes), -1);
    auto forEachLiberty = [&](auto visit) {
        for (Cell u = 0; u < g.cellCount(); ++u) {
            if (kind_[at(u)] != kEmpty)
                continue;
            for (Cell n : g.neighbours(u)) {
                const Cell root = root_[at(n)];
                if (kind_[at(n)] == kOwn && stamp_[at(root)] != u) {
                    stamp_[at(root)] = u;
                    visit(root, u);
                }
            }
        }
    };
    forEachLiberty([&](Cell root, Cell) { ++groupStart_[at(root + 1)]; });
    for (int r = 0; r < nodes; ++r)
        groupStart_[at(r + 1)] += groupStart_[at(r)];
    liberties_.resize(at(groupStart_[at(nodes)]));
    fill_.assign(groupStart_.begin(), groupStart_.end() - 1);
    stamp_.assign(at(nodes), -1);
    forEachLiberty([&](Cell root, Cell u) { liberties_[at(fill_[at(root)]++)] = u; });
    // From here on stamp_ holds epochs (buildNeighbourhoods); the liberty pass used cells.
    stamp_.assign(at(nodes), 0);
    epoch_ = 0;
}

void TwoDistanceEvaluator::buildNeighbourhoods(const Board& board) {
    const Geometry& g = board.geometry();
    // Neighbours of each empty cell: the empty cells next to it and the liberties of the own
    // groups next to it, each listed once (the epoch stamps mark what is already listed, and the
    // groups already expanded). Built once per colour, shared by both edges' sweeps.
    start_.assign(at(g.cellCount() + 1), 0);
    neighbours_.clear();
    for (Cell u = 0; u < g.cellCount(); ++u) {
        if (kind_[at(u)] == kEmpty) {
            ++epoch_;
            stamp_[at(u)] = epoch_;
            for (Cell n : g.neighbours(u)) {
                if (kind_[at(n)] == kEmpty) {
                    stamp_[at(n)] = epoch_;
                    neighbours_.push_back(n);
                }
            }
            for (Cell n : g.neighbours(u)) {
                const Cell root = root_[at(n)];
                if (kind_[at(n)] != kOwn || stamp_[at(root)] == epoch_)
                    continue;
                stamp_[at(root)] = epoch_;
                for (int i = groupStart_[at(root)]; i < groupStart_[at(root + 1)]; ++i) {
                    const Cell v = liberties_[at(i)];
                    if (stamp_[at(v)] != epoch_) {
                        stamp_[at(v)] = epoch_;
                        neighbours_.push_back(v);
                    }
                }
            }
        }
        start_[at(u + 1)] = static_cast<int>(neighbours_.size());
    }
}

void TwoDistanceEvaluator::distancesFrom(const Board& board, Cell edge,
                                         std::vector<int>& distance) {
    const int cells = board.geometry().cellCount();
    const int infinite = unreachable(cells);
    distance.assign(at(cells), infinite);
    count_.assign(at(cells), 0);
    queue_.clear();
    // The edge cannot be blocked, so the cells touching it (through own groups) are at 1.
    const Cell edgeRoot = root_[at(edge)];
    for (int i = groupStart_[at(edgeRoot)]; i < groupStart_[at(edgeRoot + 1)]; ++i) {
        distance[at(liberties_[at(i)])] = 1;
        queue_.push_back(liberties_[at(i)]);
    }
    // Breadth first: a cell is settled when its second neighbour is settled, at one more than
    // that (second-smallest) neighbour's distance; count_ counts settled neighbours.
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        const Cell v = queue_[head];
        const int next = distance[at(v)] + 1;
        for (int i = start_[at(v)]; i < start_[at(v + 1)]; ++i) {
            const Cell u = neighbours_[at(i)];
            if (++count_[at(u)] == 2 && distance[at(u)] == infinite) {
                distance[at(u)] = next;
                queue_.push_back(u);
            }
        }
    }
}

std::span<const int> TwoDistanceEvaluator::potentials(const Board& board, Color color) {
    findRoots(board);
    return potentialsWithRoots(board, color);
}

std::span<const int> TwoDistanceEvaluator::potentialsWithRoots(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    const int cells = g.cellCount();
    const int infinite = unreachable(cells);
    findLiberties(board, color);
    buildNeighbourhoods(board);
    distancesFrom(board, g.edge1(color), distance1_);
    distancesFrom(board, g.edge2(color), distance2_);
    std::vector<int>& potential = potential_[index(color)];
    potential.assign(at(cells), infinite);
    for (Cell c = 0; c < cells; ++c) {
        if (board.isEmpty(c))
            potential[at(c)] = std::min(infinite, distance1_[at(c)] + distance2_[at(c)]);
    }
    return potential;
}

TwoDistanceEvaluator::Summary
TwoDistanceEvaluator::summarise(std::span<const int> potential) const {
    const int infinite = unreachable(static_cast<int>(potential.size()));
    Summary summary{infinite, 0};
    for (int p : potential) {
        if (p < summary.potential)
            summary = {p, 0};
        if (p == summary.potential && p < infinite)
            ++summary.count;
    }
    return summary;
}

Score TwoDistanceEvaluator::score(const Board& board, Summary own, Summary other) const {
    const int weight = board.geometry().cellCount() + 1;
    return weight * (other.potential - own.potential) + (own.count - other.count);
}

Score TwoDistanceEvaluator::evaluate(const Board& board, Color toMove) {
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    findRoots(board);
    const Summary own = summarise(potentialsWithRoots(board, toMove));
    const Summary other = summarise(potentialsWithRoots(board, opponent(toMove)));
    return score(board, own, other);
}

Score TwoDistanceEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                              std::span<int> cellValues) {
    clearCells(board, cellValues);
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    findRoots(board);
    const std::span<const int> own = potentialsWithRoots(board, toMove);
    const std::span<const int> other = potentialsWithRoots(board, opponent(toMove));
    const int infinite = unreachable(board.geometry().cellCount());
    for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
        if (board.isEmpty(c))
            cellValues[at(c)] = 2 * infinite - own[at(c)] - other[at(c)];
    }
    return score(board, summarise(own), summarise(other));
}

} // namespace hex::eval
