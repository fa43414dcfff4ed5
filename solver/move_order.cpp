#include "solver/move_order.h"

#include <algorithm>
#include <array>
#include <limits>

namespace hex {
namespace {

constexpr int kFar = 1 << 20;

using NodeValues = std::array<int, Geometry::kMaxNodes>;

// What entering node c costs `color`: 0 for an own stone, 1 for an empty cell, kFar for what it
// cannot enter (opponent stones, edges), so that one comparison in the search rejects those too.
int stepCost(const Board& board, Color color, Cell c) {
    if (board.geometry().isEdge(c) || board.has(c, opponent(color)))
        return kFar;
    return board.isEmpty(c) ? 1 : 0;
}

void stepCosts(const Board& board, Color color, NodeValues& cost) {
    for (Cell c = 0; c < board.geometry().nodeCount(); ++c)
        cost[static_cast<std::size_t>(c)] = stepCost(board, color, c);
}

// Distances from `edge` under `cost`, found layer by layer: the cells at distance d are settled
// (own stones reached through them join the layer) before any at d + 1, so each node is stacked
// once and fixed arrays replace the 0-1 deque.
void distances(const Geometry& g, const NodeValues& cost, Cell edge, NodeValues& dist) {
    std::fill_n(dist.begin(), g.nodeCount(), kFar);
    std::array<Cell, Geometry::kMaxNodes> layerCells;
    std::array<Cell, Geometry::kMaxNodes> nextLayerCells;
    Cell* layer = layerCells.data();
    Cell* nextLayer = nextLayerCells.data();
    std::size_t layerSize = 0;
    dist[static_cast<std::size_t>(edge)] = 0;
    layer[layerSize++] = edge;
    for (int d = 0; layerSize > 0; ++d) {
        std::size_t nextSize = 0;
        while (layerSize > 0) {
            const Cell c = layer[--layerSize];
            for (Cell n : g.neighbours(c)) {
                const int step = cost[static_cast<std::size_t>(n)];
                if (d + step >= dist[static_cast<std::size_t>(n)])
                    continue;
                dist[static_cast<std::size_t>(n)] = d + step;
                if (step == 0)
                    layer[layerSize++] = n;
                else
                    nextLayer[nextSize++] = n;
            }
        }
        std::swap(layer, nextLayer);
        layerSize = nextSize;
    }
}

} // namespace

std::vector<ScoredMove> scoreMoves(const Board& board, const CellSet& candidates) {
    const Geometry& g = board.geometry();
    NodeValues score{};
    NodeValues cost;
    NodeValues dist;
    for (Color color : {Color::Black, Color::White}) {
        stepCosts(board, color, cost);
        for (Cell edge : {g.edge1(color), g.edge2(color)}) {
            distances(g, cost, edge, dist);
            for (Cell c = 0; c < g.cellCount(); ++c)
                score[static_cast<std::size_t>(c)] = std::min(
                    score[static_cast<std::size_t>(c)] + dist[static_cast<std::size_t>(c)], kFar);
        }
    }
    std::vector<ScoredMove> moves;
    for (Cell c : candidates.cells())
        moves.push_back({c, score[static_cast<std::size_t>(c)]});
    std::stable_sort(moves.begin(), moves.end(),
                     [](const ScoredMove& a, const ScoredMove& b) { return a.score < b.score; });
    return moves;
}

std::vector<Cell> orderMoves(const Board& board, const CellSet& candidates) {
    std::vector<Cell> moves;
    for (const ScoredMove& m : scoreMoves(board, candidates))
        moves.push_back(m.move);
    return moves;
}

} // namespace hex
