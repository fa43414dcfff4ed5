#include "eval/vc_links.h"

#include <bit>

namespace hex::eval {

void VcLinks::append(const Board& board, Color color, std::vector<Link>& links) {
    connections_.build(board, color);
    const Geometry& g = board.geometry();
    // One node per endpoint: each empty cell, and each own group by its representative.
    endpoints_.clear();
    for (Cell c = 0; c < g.nodeCount(); ++c) {
        if (board.has(c, opponent(color)))
            continue;
        if (board.isEmpty(c) || board.group(c) == c)
            endpoints_.push_back(c);
    }
    for (std::size_t i = 0; i < endpoints_.size(); ++i) {
        for (std::size_t j = i + 1; j < endpoints_.size(); ++j) {
            const Cell a = endpoints_[i];
            const Cell b = endpoints_[j];
            const std::span<const CellSet> fulls = connections_.fulls(a, b);
            // Sorted by carrier size: an empty carrier is an adjacency, already in the circuit.
            if (fulls.empty() || fulls.front().none())
                continue;
            const double c = conductance(board, a, b, fulls);
            if (c > 0)
                links.push_back({a, b, c});
        }
    }
}

double VcLinks::conductance(const Board& board, Cell a, Cell b,
                            std::span<const CellSet> fulls) const {
    CellSet common = fulls.front();
    for (const CellSet& carrier : fulls.subspan(1))
        common &= carrier;
    const auto needed = static_cast<unsigned>(common.count());
    const int ownEnds = !board.isEmpty(a) + !board.isEmpty(b);
    const double base = ownEnds == 2   ? conductances_.ownToOwn
                        : ownEnds == 1 ? conductances_.ownToEmpty
                                       : conductances_.emptyToEmpty;
    return base / static_cast<double>(std::bit_ceil(needed + 1));
}

} // namespace hex::eval
