#include "solver/regions.h"

namespace hex {
namespace {

// Which cells are free for X, and which touch each of X's edge groups.
struct FreeCells {
    CellSet free;
    CellSet touches1;
    CellSet touches2;
};

FreeCells freeCellsOf(const Board& board, Color toMove) {
    const Geometry& g = board.geometry();
    const Cell edge1 = g.edge1(toMove);
    const Cell edge2 = g.edge2(toMove);
    const auto inEdgeGroup = [&](Cell n, Cell edge) {
        return n == edge || (!g.isEdge(n) && board.has(n, toMove) && board.connected(n, edge));
    };
    FreeCells f;
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (board.has(c, opponent(toMove)) || inEdgeGroup(c, edge1) || inEdgeGroup(c, edge2))
            continue;
        f.free.set(c);
        for (Cell n : g.neighbours(c)) {
            if (inEdgeGroup(n, edge1))
                f.touches1.set(c);
            if (inEdgeGroup(n, edge2))
                f.touches2.set(c);
        }
    }
    return f;
}

} // namespace

std::vector<CellSet> regionsOf(const Board& board, Color toMove) {
    const Geometry& g = board.geometry();
    const FreeCells f = freeCellsOf(board, toMove);
    // Steps a shortest chain never takes: between two cells beside the same edge group.
    const auto step = [&](Cell a, Cell b) {
        return f.free.test(b) && !(f.touches1.test(a) && f.touches1.test(b)) &&
               !(f.touches2.test(a) && f.touches2.test(b));
    };
    std::vector<CellSet> regions;
    CellSet seen;
    std::vector<Cell> stack;
    for (Cell start = f.free.first(); start != kNoCell; start = f.free.nextFrom(start + 1)) {
        if (seen.test(start))
            continue;
        CellSet region;
        seen.set(start);
        stack.push_back(start);
        while (!stack.empty()) {
            const Cell c = stack.back();
            stack.pop_back();
            region.set(c);
            for (Cell n : g.neighbours(c)) {
                if (g.isEdge(n) || seen.test(n) || !step(c, n))
                    continue;
                seen.set(n);
                stack.push_back(n);
            }
        }
        if (region.intersects(f.touches1) && region.intersects(f.touches2))
            regions.push_back(region);
    }
    return regions;
}

} // namespace hex
