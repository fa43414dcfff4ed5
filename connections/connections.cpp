#include "connections/connections.h"

#include <algorithm>

namespace hex {

void Connections::build(const Board& board, Color color) {
    color_ = color;
    mapEndpoints(board);
    const std::size_t pairCount =
        static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_);
    if (pairs_.size() < pairCount)
        pairs_.resize(pairCount);
    for (std::size_t i = 0; i < pairCount; ++i) {
        pairs_[i].fulls.clear();
        pairs_[i].semis.clear();
    }
    partners_.resize(static_cast<std::size_t>(nodes_));
    for (auto& p : partners_)
        p.clear();
    isPartner_.assign(pairCount, 0);
    queue_.clear();
    addBase(board);
    propagate();
    sortBySize();
}

// Endpoints: one per own group (edges included) and one per empty cell, in node order.
void Connections::mapEndpoints(const Board& board) {
    const Geometry& g = board.geometry();
    endpoint_.assign(static_cast<std::size_t>(g.nodeCount()), -1);
    cellOf_.clear();
    throughOk_.clear();
    nodes_ = 0;
    std::vector<int> groupEndpoint(static_cast<std::size_t>(g.nodeCount()), -1);
    for (Cell c = 0; c < g.nodeCount(); ++c) {
        if (board.isEmpty(c)) {
            endpoint_[c] = nodes_++;
            cellOf_.push_back(c);
            throughOk_.push_back(1);
        } else if (board.has(c, color_)) {
            const Cell root = board.group(c);
            if (groupEndpoint[root] < 0) {
                groupEndpoint[root] = nodes_++;
                cellOf_.push_back(kNoCell);
                throughOk_.push_back(1);
            }
            endpoint_[c] = groupEndpoint[root];
        }
    }
    edge1_ = endpoint_[g.edge1(color_)];
    edge2_ = endpoint_[g.edge2(color_)];
    if (!limits_.andOverEdge) {
        throughOk_[static_cast<std::size_t>(edge1_)] = 0;
        throughOk_[static_cast<std::size_t>(edge2_)] = 0;
    }
}

void Connections::addBase(const Board& board) {
    const Geometry& g = board.geometry();
    for (Cell u = 0; u < g.nodeCount(); ++u) {
        const int a = endpoint_[u];
        if (a < 0)
            continue;
        for (Cell v : g.neighbours(u)) {
            const int b = endpoint_[v];
            if (b >= 0 && a < b)
                addFull(a, b, CellSet{});
        }
    }
}

void Connections::propagate() {
    // Every new full is combined with every full stored when it is processed, so each pair of
    // fulls meets when the later of the two is processed.
    for (std::size_t next = 0; next < queue_.size(); ++next) {
        const Pending p = queue_[next];
        andThrough(p.a, p.b, p.carrier);
        andThrough(p.b, p.a, p.carrier);
    }
}

// Combines full(other, mid; carrier) with every full(mid, z; d).
void Connections::andThrough(int mid, int other, const CellSet& carrier) {
    if (!throughOk_[static_cast<std::size_t>(mid)])
        return;
    const Cell midCell = cellOf_[static_cast<std::size_t>(mid)];
    const Cell otherCell = cellOf_[static_cast<std::size_t>(other)];
    const auto& partners = partners_[static_cast<std::size_t>(mid)];
    for (std::size_t i = 0; i < partners.size(); ++i) {
        const int z = partners[i];
        if (z == other)
            continue;
        const Cell zCell = cellOf_[static_cast<std::size_t>(z)];
        if (zCell != kNoCell && carrier.test(zCell))
            continue;
        const auto& fulls = pair(mid, z).fulls;
        for (std::size_t k = 0; k < fulls.size(); ++k) {
            const CellSet d = fulls[k];
            if (d.intersects(carrier) || (otherCell != kNoCell && d.test(otherCell)))
                continue;
            if (midCell == kNoCell) {
                addFull(other, z, carrier | d);
            } else {
                CellSet semi = carrier | d;
                semi.set(midCell);
                addSemi(other, z, semi, midCell);
            }
        }
    }
}

bool Connections::addFull(int a, int b, const CellSet& carrier) {
    PairVcs& p = pair(a, b);
    for (const CellSet& f : p.fulls)
        if (f.isSubsetOf(carrier))
            return false;
    std::erase_if(p.fulls, [&](const CellSet& f) { return carrier.isSubsetOf(f); });
    std::erase_if(p.semis, [&](const Semi& s) { return carrier.isSubsetOf(s.carrier); });
    if (static_cast<int>(p.fulls.size()) >= limits_.maxFullPerPair)
        return false;
    p.fulls.push_back(carrier);
    const std::size_t ab = pairIndex(a, b);
    if (!isPartner_[ab]) {
        isPartner_[ab] = 1;
        partners_[static_cast<std::size_t>(a)].push_back(b);
        partners_[static_cast<std::size_t>(b)].push_back(a);
    }
    queue_.push_back({a, b, carrier});
    return true;
}

void Connections::addSemi(int a, int b, const CellSet& carrier, Cell key) {
    PairVcs& p = pair(a, b);
    for (const CellSet& f : p.fulls)
        if (f.isSubsetOf(carrier))
            return;
    for (const Semi& s : p.semis)
        if (s.carrier.isSubsetOf(carrier))
            return;
    std::erase_if(p.semis, [&](const Semi& s) { return carrier.isSubsetOf(s.carrier); });
    orRule(a, b, carrier);
    // The OR rule may have produced a full that makes this semi redundant.
    for (const CellSet& f : pair(a, b).fulls)
        if (f.isSubsetOf(carrier))
            return;
    if (static_cast<int>(pair(a, b).semis.size()) < limits_.maxSemiPerPair)
        pair(a, b).semis.push_back({carrier, key});
}

// Looks for sets of stored semis that, together with the new carrier, have an empty intersection.
void Connections::orRule(int a, int b, const CellSet& newCarrier) {
    const auto& semis = pair(a, b).semis;
    // suffix_[i]: intersection of the carriers of semis i.. ; a search whose running intersection
    // meets it cannot reach the empty set with those semis.
    suffix_.resize(semis.size());
    for (std::size_t i = semis.size(); i-- > 0;)
        suffix_[i] = i + 1 == semis.size() ? semis[i].carrier : semis[i].carrier & suffix_[i + 1];
    if (semis.empty() || newCarrier.intersects(suffix_[0]))
        return;
    queuedOr_.clear();
    orSearch(a, b, 0, newCarrier, newCarrier, 1);
    // Collected first: adding a full erases semis the search was walking over.
    const std::vector<CellSet> found = queuedOr_;
    for (const CellSet& f : found)
        addFull(a, b, f);
}

void Connections::orSearch(int a, int b, std::size_t start, const CellSet& intersection,
                           const CellSet& unionSoFar, int used) {
    const auto& semis = pair(a, b).semis;
    for (std::size_t i = start; i < semis.size(); ++i) {
        if (intersection.intersects(suffix_[i]))
            return;
        if (!intersection.intersects(semis[i].carrier)) {
            queuedOr_.push_back(unionSoFar | semis[i].carrier);
            continue;
        }
        const CellSet shrunk = intersection & semis[i].carrier;
        if (shrunk == intersection)
            continue; // does not help: only semis that shrink the intersection are combined
        if (used + 1 < limits_.maxOrSemis)
            orSearch(a, b, i + 1, shrunk, unionSoFar | semis[i].carrier, used + 1);
    }
}

void Connections::sortBySize() {
    for (int a = 0; a < nodes_; ++a) {
        for (int b = a + 1; b < nodes_; ++b) {
            PairVcs& p = pair(a, b);
            if (p.fulls.size() > 1)
                std::stable_sort(
                    p.fulls.begin(), p.fulls.end(),
                    [](const CellSet& x, const CellSet& y) { return x.count() < y.count(); });
            if (p.semis.size() > 1)
                std::stable_sort(p.semis.begin(), p.semis.end(), [](const Semi& x, const Semi& y) {
                    return x.carrier.count() < y.carrier.count();
                });
        }
    }
}

std::span<const CellSet> Connections::fulls(Cell a, Cell b) const noexcept {
    const int x = endpointOf(a);
    const int y = endpointOf(b);
    if (x < 0 || y < 0 || x == y)
        return {};
    return pair(x, y).fulls;
}

std::span<const Semi> Connections::semis(Cell a, Cell b) const noexcept {
    const int x = endpointOf(a);
    const int y = endpointOf(b);
    if (x < 0 || y < 0 || x == y)
        return {};
    return pair(x, y).semis;
}

std::span<const CellSet> Connections::edgeFulls() const noexcept {
    if (edge1_ == edge2_)
        return {};
    return pair(edge1_, edge2_).fulls;
}

std::span<const Semi> Connections::edgeSemis() const noexcept {
    if (edge1_ == edge2_)
        return {};
    return pair(edge1_, edge2_).semis;
}

int Connections::fullCount() const noexcept {
    int n = 0;
    for (int a = 0; a < nodes_; ++a)
        for (int b = a + 1; b < nodes_; ++b)
            n += static_cast<int>(pair(a, b).fulls.size());
    return n;
}

int Connections::semiCount() const noexcept {
    int n = 0;
    for (int a = 0; a < nodes_; ++a)
        for (int b = a + 1; b < nodes_; ++b)
            n += static_cast<int>(pair(a, b).semis.size());
    return n;
}

} // namespace hex
