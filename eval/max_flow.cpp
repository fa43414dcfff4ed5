#include "eval/max_flow.h"

#include "eval/index.h"
#include "eval/scoring.h"

#include <algorithm>

namespace hex::eval {

namespace {

constexpr int kFar = 1 << 20;

// In the augmenting-path network only group roots appear. An empty cell is split into an entry
// 2 * cell and an exit 2 * cell + 1 joined by an arc of capacity 1; an own group (or edge) has
// no capacity limit and needs no split: entry and exit are both 2 * root.
int nodeIn(Cell node) { return 2 * node; }
int nodeOut(const Board& board, Cell node) { return board.isEmpty(node) ? 2 * node + 1 : 2 * node; }

} // namespace

void MaxFlowEvaluator::chainDistances(const Board& board, Color chooser, Cell start,
                                      std::vector<int>& dist) {
    const Geometry& g = board.geometry();
    const Color blocker = opponent(chooser);
    dist.assign(at(g.nodeCount()), kFar);
    dist[at(start)] = 0;
    layer_.assign(1, start);
    // Layer by layer (0-1 breadth first): free steps extend the current layer, paid steps
    // go to the next one; an entry whose distance has improved since is skipped.
    for (int d = 0; !layer_.empty(); ++d) {
        nextLayer_.clear();
        for (std::size_t i = 0; i < layer_.size(); ++i) {
            const Cell v = layer_[i];
            if (dist[at(v)] != d)
                continue;
            for (Cell n : g.neighbours(v)) {
                if (board.has(n, blocker))
                    continue;
                const int cost = board.isEmpty(n) ? 1 : 0;
                if (d + cost < dist[at(n)]) {
                    dist[at(n)] = d + cost;
                    (cost == 0 ? layer_ : nextLayer_).push_back(n);
                }
            }
        }
        std::swap(layer_, nextLayer_);
    }
}

MaxFlowEvaluator::Flow MaxFlowEvaluator::flow(const Board& board, Color color, std::span<int> cut) {
    const Geometry& g = board.geometry();
    const Color chooser = opponent(color);
    chainDistances(board, chooser, g.edge1(chooser), fromFirst_);
    Flow result{fromFirst_[at(g.edge2(chooser))], 0};
    if (result.flow >= kFar)
        return result;
    chainDistances(board, chooser, g.edge2(chooser), fromSecond_);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (!board.isEmpty(c) || fromFirst_[at(c)] >= kFar || fromSecond_[at(c)] >= kFar)
            continue;
        // Both distances count the cell itself: subtract it once.
        const int slack = fromFirst_[at(c)] + fromSecond_[at(c)] - 1 - result.flow;
        result.cutCells += slack == 0;
        if (!cut.empty())
            cut[at(c)] += std::max(0, 2 - slack);
    }
    return result;
}

int MaxFlowEvaluator::flowByAugmentingPaths(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    const Color other = opponent(color);
    const Cell source = board.group(g.edge1(color));
    const Cell sink = board.group(g.edge2(color));
    if (source == sink)
        return FlowNetwork::kUnbounded;
    network_.reset(2 * g.nodeCount());
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (board.isEmpty(c))
            network_.addArc(nodeIn(c), nodeOut(board, c), 1);
    }
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (board.has(c, other))
            continue;
        for (Cell n : g.neighbours(c)) {
            // Each pair once; edges have larger numbers than every cell.
            if (n < c || board.has(n, other) || board.connected(c, n))
                continue;
            const Cell a = board.group(c);
            const Cell b = board.group(n);
            network_.addArc(nodeOut(board, a), nodeIn(b), FlowNetwork::kUnbounded);
            network_.addArc(nodeOut(board, b), nodeIn(a), FlowNetwork::kUnbounded);
        }
    }
    return network_.maxFlow(nodeOut(board, source), nodeIn(sink));
}

Score MaxFlowEvaluator::score(const Board& board, Flow own, Flow other) const {
    const int weight = board.geometry().cellCount() + 1;
    return weight * (own.flow - other.flow) + (other.cutCells - own.cutCells);
}

Score MaxFlowEvaluator::evaluate(const Board& board, Color toMove) {
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    const Flow own = flow(board, toMove, {});
    const Flow other = flow(board, opponent(toMove), {});
    return score(board, own, other);
}

Score MaxFlowEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                          std::span<int> cellValues) {
    clearCells(board, cellValues);
    if (const auto terminal = terminalScore(board, toMove))
        return *terminal;
    const Flow own = flow(board, toMove, cellValues);
    const Flow other = flow(board, opponent(toMove), cellValues);
    return score(board, own, other);
}

} // namespace hex::eval
