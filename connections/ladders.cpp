#include "connections/ladders.h"

#include <algorithm>

namespace hex {

std::vector<LadderStep> ladderSteps(const Geometry& g, Cell edge) {
    const auto offEdge = [&](Cell c) { return !g.isEdge(c) && !g.adjacent(c, edge); };
    std::vector<LadderStep> steps;
    for (Cell shared : g.neighbours(edge))
        for (Cell from : g.neighbours(shared))
            for (Cell to : g.neighbours(shared))
                if (offEdge(from) && offEdge(to) && g.adjacent(from, to))
                    steps.push_back({from, to, shared});
    // Position along the edge: a step takes its connection from `to`, so a ladder running
    // forward is extended backward from its far end, and one running backward the other way.
    const auto position = [&](Cell c) { return g.alongEdge(c, edge); };
    const auto forward = [&](const LadderStep& s) { return position(s.to) > position(s.from); };
    std::sort(steps.begin(), steps.end(), [&](const LadderStep& a, const LadderStep& b) {
        if (forward(a) != forward(b))
            return forward(a);
        return forward(a) ? position(a.from) > position(b.from)
                          : position(a.from) < position(b.from);
    });
    return steps;
}

} // namespace hex
