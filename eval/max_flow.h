#pragma once

#include "eval/evaluator.h"
#include "eval/flow_network.h"

#include <vector>

namespace hex::eval {

// Vertex-capacitated maximum flow between each colour's edges (docs/evaluators.md, "maxflow"):
// empty cells carry capacity 1, own groups and the edges are unbounded, opponent stones are
// removed. The flow is the number of cell-disjoint ways to connect (Menger). Value for X against Y:
//     K * (flow_X - flow_Y) + (cut_Y - cut_X),   K = cells + 1,
// where cut_X counts the empty cells lying on some minimum cut of X (equivalently on some
// shortest chain of Y): many of them mean Y has many ways to cut X. The flows alone are too
// coarse (one stone rarely changes them); the weight K keeps the tie-break below one unit of
// flow, so the value stays monotone.
//
// The board is planar, so by Menger and the Hex theorem X's maximum flow equals X's minimum
// vertex cut, which is exactly the opponent's shortest chain: the fewest empty cells Y must
// fill to join Y's edges (own stones free, X's stones impassable). That is a 0-1 breadth-first
// search, an order of magnitude cheaper than augmenting paths; flowByAugmentingPaths keeps the
// general computation (it stays valid once virtual-connection links make the graph
// non-planar) and the tests check that both agree.
//
// Cell values: each minimum cut of X is one of Y's shortest chains, so a cell's slack for X is
// how many cells longer the shortest Y chain through it is than the shortest overall. Value =
// sum over both colours of max(0, 2 - slack): 2 on a minimum cut, 1 one cell off it (0..4).
class MaxFlowEvaluator final : public Evaluator {
public:
    std::string_view name() const override { return "maxflow"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

    struct Flow {
        int flow;     // cell-disjoint connections
        int cutCells; // empty cells on some minimum cut
    };

    // Cell-disjoint connections for color by the dual shortest chain; with cut non-empty, adds
    // each empty cell's max(0, 2 - slack) to its entry.
    Flow flow(const Board& board, Color color, std::span<int> cut);
    // The same number by Dinic's augmenting paths on the split-vertex network.
    int flowByAugmentingPaths(const Board& board, Color color);

private:
    Score score(const Board& board, Flow own, Flow other) const;
    // Fewest empty cells chooser must fill to reach each node from start (chooser's stones and
    // edges cost 0, the other colour's are impassable); kFar where unreachable.
    void chainDistances(const Board& board, Color chooser, Cell start, std::vector<int>& dist);

    FlowNetwork network_;
    std::vector<int> fromFirst_;
    std::vector<int> fromSecond_;
    std::vector<Cell> layer_;
    std::vector<Cell> nextLayer_;
};

} // namespace hex::eval
