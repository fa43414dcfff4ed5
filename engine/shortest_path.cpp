#include "engine/shortest_path.h"

#include <deque>
#include <vector>

namespace hex {

int stonesToConnect(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    std::vector<int> distance(static_cast<std::size_t>(g.nodeCount()), kUnreachable);
    std::deque<Cell> frontier{g.edge1(color)};
    distance[static_cast<std::size_t>(g.edge1(color))] = 0;
    while (!frontier.empty()) {
        const Cell c = frontier.front();
        frontier.pop_front();
        const int here = distance[static_cast<std::size_t>(c)];
        for (Cell n : g.neighbours(c)) {
            if (board.has(n, opponent(color)))
                continue;
            const bool free = board.has(n, color); // own stones and own edges cost nothing
            const int through = here + (free ? 0 : 1);
            if (through >= distance[static_cast<std::size_t>(n)])
                continue;
            distance[static_cast<std::size_t>(n)] = through;
            if (free)
                frontier.push_front(n);
            else
                frontier.push_back(n);
        }
    }
    return distance[static_cast<std::size_t>(g.edge2(color))];
}

} // namespace hex
