#pragma once

#include "eval/skyline_solver.h"

#include "core/board.h"

#include <span>
#include <vector>

namespace hex::eval {

// An extra conductance between the groups of two nodes in one colour's circuit: the hook for
// virtual connections (a VC between a and b becomes a low-resistance link). Links whose ends
// are the same group, or touch an opponent stone, are ignored.
struct Link {
    Cell a;
    Cell b;
    double conductance;
};

// One colour's resistor network (docs/evaluators.md, "resistance"): nodes are the colour's groups
// (its two edges included) and the empty cells; opponent stones are removed. Adjacent nodes are
// joined by conductance 1 (empty-empty) or 2 (stone or edge to empty), parallel adjacencies add up.
// The first edge is the source, the second is grounded.
class Circuit {
public:
    static constexpr double kEmptyToEmpty = 1.0;
    static constexpr double kStoneToEmpty = 2.0;

    // Effective resistance between color's edges: 0 when they are joined, +infinity when the
    // opponent has cut them apart. With a unit current from edge to edge, adds the current
    // through every empty cell (half the sum of its branch currents) to throughput, which must
    // have geometry().cellCount() entries or be empty.
    double solve(const Board& board, Color color, std::span<const Link> links,
                 std::span<double> throughput);

private:
    struct Branch {
        Cell a;
        Cell b;
        double conductance;
    };

    // Marks the nodes the first edge reaches through empty cells, own stones and links.
    void markReachable(const Board& board, Color color, std::span<const Link> links);
    void numberNodes(const Board& board, Color color);
    void collectBranches(const Board& board, std::span<const Link> links);
    void assemble();
    void addThroughput(const Board& board, std::span<double> throughput) const;
    Cell root(Cell node) const { return root_[static_cast<std::size_t>(node)]; }
    int unknown(Cell node) const { return index_[static_cast<std::size_t>(root(node))]; }

    std::vector<Cell> root_; // group of every node for the position being solved
    std::vector<char> reached_;
    std::vector<Cell> stack_;
    // Per group representative: its unknown, or -1 when grounded (the sink) or not in the network.
    std::vector<int> index_;
    std::vector<int> lastPosition_; // per group root: position of its last cell in the order
    int unknowns_ = 0;
    int source_ = 0; // the source's unknown: the last one
    std::vector<Branch> branches_;
    std::vector<double> voltage_;
    SkylineSolver solver_;
};

} // namespace hex::eval
