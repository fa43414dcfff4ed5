#include "eval/circuit.h"

#include "eval/cell_order.h"

#include <cmath>
#include <limits>

namespace hex::eval {

namespace {

bool usable(const Board& board, Color color, Cell c) { return !board.has(c, opponent(color)); }

} // namespace

double Circuit::solve(const Board& board, Color color, std::span<const Link> links,
                      std::span<double> throughput) {
    const Geometry& g = board.geometry();
    if (board.connected(g.edge1(color), g.edge2(color)))
        return 0.0;
    // The board's union-find has no path compression: read every root once.
    root_.resize(static_cast<std::size_t>(g.nodeCount()));
    for (Cell c = 0; c < g.nodeCount(); ++c)
        root_[static_cast<std::size_t>(c)] = board.group(c);
    markReachable(board, color, links);
    if (!reached_[static_cast<std::size_t>(g.edge2(color))])
        return std::numeric_limits<double>::infinity();
    numberNodes(board, color);
    collectBranches(board, links);
    assemble();
    if (!solver_.factorise())
        return std::numeric_limits<double>::infinity(); // unreachable for a connected network
    voltage_.assign(static_cast<std::size_t>(unknowns_), 0.0);
    voltage_[static_cast<std::size_t>(source_)] = 1.0; // unit current into the source
    solver_.solve(voltage_);
    if (!throughput.empty())
        addThroughput(board, throughput);
    return voltage_[static_cast<std::size_t>(source_)];
}

void Circuit::markReachable(const Board& board, Color color, std::span<const Link> links) {
    const Geometry& g = board.geometry();
    reached_.assign(static_cast<std::size_t>(g.nodeCount()), 0);
    auto flood = [&](Cell start) {
        reached_[static_cast<std::size_t>(start)] = 1;
        stack_.assign(1, start);
        while (!stack_.empty()) {
            const Cell c = stack_.back();
            stack_.pop_back();
            for (Cell n : g.neighbours(c)) {
                if (!reached_[static_cast<std::size_t>(n)] && usable(board, color, n)) {
                    reached_[static_cast<std::size_t>(n)] = 1;
                    stack_.push_back(n);
                }
            }
        }
    };
    flood(g.edge1(color));
    // Links can join otherwise separate regions; repeat until no link leads anywhere new.
    for (bool grew = true; grew;) {
        grew = false;
        for (const Link& link : links) {
            if (!usable(board, color, link.a) || !usable(board, color, link.b))
                continue;
            const bool ra = reached_[static_cast<std::size_t>(link.a)];
            const bool rb = reached_[static_cast<std::size_t>(link.b)];
            if (ra != rb) {
                flood(ra ? link.b : link.a);
                grew = true;
            }
        }
    }
}

void Circuit::numberNodes(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    index_.assign(static_cast<std::size_t>(g.nodeCount()), -1);
    // A group takes the place of its last cell in the order, so that only its own row of the
    // matrix reaches back over its extent, and the source comes last of all, since it touches
    // a whole edge: the envelope stays close to a band of one board row.
    lastPosition_.assign(static_cast<std::size_t>(g.nodeCount()), -1);
    for (int k = 0; k < g.cellCount(); ++k) {
        const Cell c = cellInOrder(g, color, k);
        if (reached_[static_cast<std::size_t>(c)])
            lastPosition_[static_cast<std::size_t>(root(c))] = k;
    }
    const Cell source = root(g.edge1(color));
    const Cell sink = root(g.edge2(color));
    unknowns_ = 0;
    for (int k = 0; k < g.cellCount(); ++k) {
        const Cell c = cellInOrder(g, color, k);
        if (!reached_[static_cast<std::size_t>(c)])
            continue;
        const Cell rep = root(c);
        if (rep != sink && rep != source && lastPosition_[static_cast<std::size_t>(rep)] == k)
            index_[static_cast<std::size_t>(rep)] = unknowns_++;
    }
    source_ = unknowns_++;
    index_[static_cast<std::size_t>(source)] = source_;
}

void Circuit::collectBranches(const Board& board, std::span<const Link> links) {
    const Geometry& g = board.geometry();
    branches_.clear();
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (!reached_[static_cast<std::size_t>(c)])
            continue;
        for (Cell n : g.neighbours(c)) {
            // Each pair once; edges have larger numbers than every cell.
            if (n < c || !reached_[static_cast<std::size_t>(n)] || root(c) == root(n))
                continue;
            const bool bothEmpty = board.isEmpty(c) && board.isEmpty(n);
            branches_.push_back({c, n, bothEmpty ? kEmptyToEmpty : kStoneToEmpty});
        }
    }
    for (const Link& link : links) {
        if (reached_[static_cast<std::size_t>(link.a)] &&
            reached_[static_cast<std::size_t>(link.b)] && root(link.a) != root(link.b) &&
            link.conductance > 0.0)
            branches_.push_back({link.a, link.b, link.conductance});
    }
}

void Circuit::assemble() {
    solver_.reset(unknowns_);
    for (const Branch& branch : branches_) {
        const int a = unknown(branch.a);
        const int b = unknown(branch.b);
        if (a >= 0 && b >= 0)
            solver_.touch(a, b);
    }
    for (const Branch& branch : branches_) {
        const int a = unknown(branch.a);
        const int b = unknown(branch.b);
        if (a >= 0)
            solver_.addDiagonal(a, branch.conductance);
        if (b >= 0)
            solver_.addDiagonal(b, branch.conductance);
        if (a >= 0 && b >= 0)
            solver_.addOffDiagonal(a, b, -branch.conductance);
    }
}

void Circuit::addThroughput(const Board& board, std::span<double> throughput) const {
    auto voltage = [&](Cell node) {
        const int i = unknown(node);
        return i < 0 ? 0.0 : voltage_[static_cast<std::size_t>(i)];
    };
    const int cells = board.geometry().cellCount();
    for (const Branch& branch : branches_) {
        // Every unit of current entering a node also leaves it: half the branch sum.
        const double half =
            0.5 * branch.conductance * std::abs(voltage(branch.a) - voltage(branch.b));
        if (branch.a < cells && board.isEmpty(branch.a))
            throughput[static_cast<std::size_t>(branch.a)] += half;
        if (branch.b < cells && board.isEmpty(branch.b))
            throughput[static_cast<std::size_t>(branch.b)] += half;
    }
}

} // namespace hex::eval
