#include "solver/move_order.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace hex {
namespace {

constexpr int kFar = 1 << 20;

// 0-1 breadth-first distances from `edge`: entering an empty cell costs 1, an own stone 0.
void distances(const Board& board, Color color, Cell edge, std::vector<int>& dist) {
    const Geometry& g = board.geometry();
    dist.assign(static_cast<std::size_t>(g.nodeCount()), kFar);
    std::deque<Cell> queue;
    dist[static_cast<std::size_t>(edge)] = 0;
    queue.push_back(edge);
    while (!queue.empty()) {
        const Cell c = queue.front();
        queue.pop_front();
        for (Cell n : g.neighbours(c)) {
            if (g.isEdge(n) || board.has(n, opponent(color)))
                continue;
            const int step = board.isEmpty(n) ? 1 : 0;
            const int d = dist[static_cast<std::size_t>(c)] + step;
            if (d < dist[static_cast<std::size_t>(n)]) {
                dist[static_cast<std::size_t>(n)] = d;
                if (step == 0)
                    queue.push_front(n);
                else
                    queue.push_back(n);
            }
        }
    }
}

} // namespace

std::vector<ScoredMove> scoreMoves(const Board& board, const CellSet& candidates) {
    const Geometry& g = board.geometry();
    std::vector<int> score(static_cast<std::size_t>(g.nodeCount()), 0);
    std::vector<int> dist;
    for (Color color : {Color::Black, Color::White}) {
        for (Cell edge : {g.edge1(color), g.edge2(color)}) {
            distances(board, color, edge, dist);
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
