#pragma once

#include "core/board.h"
#include "eval/evaluator.h"

#include <algorithm>
#include <deque>
#include <span>
#include <vector>

namespace hex::testing {

// A small exact evaluator for search tests, independent of eval/: each side's shortest-path
// distance (empty cells cost 1, own stones 0, opponent stones block) between its edges; the value
// is the difference, and a cell's importance is how close the shortest paths through it come to
// the best ones, for both colours. Integer-only, so 180-degree rotations score identically.
class DistanceEvaluator : public eval::Evaluator {
public:
    static constexpr Score kScale = 100;
    static constexpr int kSlack = 3;

    std::string_view name() const override { return "test-distance"; }

    Score evaluate(const Board& board, Color toMove) override {
        return kScale * (distance(board, opponent(toMove)) - distance(board, toMove));
    }

    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override {
        std::fill(cellValues.begin(), cellValues.end(), 0);
        for (Color c : {Color::Black, Color::White}) {
            const Geometry& g = board.geometry();
            const std::vector<int> from1 = distances(board, c, g.edge1(c));
            const std::vector<int> from2 = distances(board, c, g.edge2(c));
            const int best = from1[static_cast<std::size_t>(g.edge2(c))];
            for (Cell cell = 0; cell < g.cellCount(); ++cell) {
                const auto i = static_cast<std::size_t>(cell);
                if (!board.isEmpty(cell) || from1[i] >= kUnreachable || from2[i] >= kUnreachable)
                    continue;
                const int through = from1[i] + from2[i] - 1;
                cellValues[i] += std::max(0, kSlack + 1 - (through - best));
            }
        }
        return evaluate(board, toMove);
    }

private:
    static constexpr int kUnreachable = 1 << 20;

    static int distance(const Board& board, Color c) {
        const Geometry& g = board.geometry();
        const int d = distances(board, c, g.edge1(c))[static_cast<std::size_t>(g.edge2(c))];
        return std::min(d, g.cellCount() + 1);
    }

    // 0-1 breadth-first search from `source`; an empty cell costs 1 to enter.
    static std::vector<int> distances(const Board& board, Color c, Cell source) {
        const Geometry& g = board.geometry();
        std::vector<int> dist(static_cast<std::size_t>(g.nodeCount()), kUnreachable);
        std::deque<Cell> queue{source};
        dist[static_cast<std::size_t>(source)] = 0;
        while (!queue.empty()) {
            const Cell node = queue.front();
            queue.pop_front();
            for (Cell n : g.neighbours(node)) {
                if (board.has(n, opponent(c)))
                    continue;
                const int cost = board.isEmpty(n) ? 1 : 0;
                const int d = dist[static_cast<std::size_t>(node)] + cost;
                if (d >= dist[static_cast<std::size_t>(n)])
                    continue;
                dist[static_cast<std::size_t>(n)] = d;
                if (cost == 0)
                    queue.push_front(n);
                else
                    queue.push_back(n);
            }
        }
        return dist;
    }
};

} // namespace hex::testing
