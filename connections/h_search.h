#pragma once

#include "connections/cell_set.h"
#include "connections/vc.h"
#include "engine/core/board.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace hex {

// What the H-search needs to know about the board: endpoints (one per empty cell and one per own
// group, edges included, in node order) are numbered 0..nodes-1.
struct EndpointMap {
    int nodes = 0;
    std::vector<int> endpointOf; // board node -> endpoint, -1 for opponent stones and edges
    std::vector<Cell> cellOf;    // endpoint -> its empty cell, kNoCell for an own group
    std::vector<char> throughOk; // whether the AND rule may go through the endpoint
    std::vector<std::pair<int, int>> adjacent; // base connections, a < b
    int edge1 = -1;                            // the owner's edges
    int edge2 = -1;

    // Fills the map for `color` on `board`, reusing the buffers.
    void build(const Board& board, Color color, const VcLimits& limits);
};

// Anshelevich's H-search on carriers of W words (see Connections for the rules). A class template
// so that small boards run on one-word sets; the buffers are kept between runs.
template <int W>
class HSearch {
public:
    using Set = BasicCellSet<W>;
    struct SemiVc {
        Set carrier;
        Cell key;
    };
    struct PairVcs {
        std::vector<Set> fulls;
        std::vector<SemiVc> semis;
        Set semiMeet; // intersection of the semi carriers (when there are semis)
    };

    // `map` must outlive the results' use.
    void run(const EndpointMap& map, const VcLimits& limits) {
        map_ = &map;
        limits_ = limits;
        nodes_ = map.nodes;
        const std::size_t pairCount =
            static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_);
        // Only the pairs the previous run touched hold connections or flags (by flat index,
        // whatever its endpoint count was): clearing those is enough.
        for (const std::size_t i : touchedPairs_) {
            pairs_[i].fulls.clear();
            pairs_[i].semis.clear();
            isPartner_[i] = 0;
            touched_[i] = 0;
        }
        touchedPairs_.clear();
        if (pairs_.size() < pairCount) {
            pairs_.resize(pairCount);
            isPartner_.resize(pairCount, 0);
            touched_.resize(pairCount, 0);
        }
        partners_.resize(static_cast<std::size_t>(nodes_));
        for (auto& p : partners_)
            p.clear();
        cellSet_.assign(static_cast<std::size_t>(nodes_), Set{});
        for (int e = 0; e < nodes_; ++e)
            if (cellOf(e) != kNoCell)
                cellSet_[static_cast<std::size_t>(e)].set(cellOf(e));
        queue_.clear();
        for (const auto& [a, b] : map.adjacent)
            addFull(a, b, Set{});
        propagate();
    }

    const PairVcs& result(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    // Pairs (a < b) that received a connection during the run, some possibly erased since.
    template <typename Visit>
    void forEachTouchedPair(Visit visit) const {
        for (const std::size_t i : touchedPairs_)
            visit(static_cast<int>(i / static_cast<std::size_t>(nodes_)),
                  static_cast<int>(i % static_cast<std::size_t>(nodes_)));
    }

private:
    struct Pending {
        int a;
        int b;
        Set carrier;
    };
    struct Partner {
        int z;            // an endpoint with at least one full to the owner of the list
        std::size_t pair; // index of that pair
    };

    PairVcs& pair(int a, int b) noexcept { return pairs_[pairIndex(a, b)]; }
    const PairVcs& pair(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    std::size_t pairIndex(int a, int b) const noexcept { return vcPairIndex(a, b, nodes_); }
    Cell cellOf(int endpoint) const noexcept {
        return map_->cellOf[static_cast<std::size_t>(endpoint)];
    }

    // Every new full is combined with every full stored when it is processed, so each pair of
    // fulls meets when the later of the two is processed.
    void propagate() {
        for (std::size_t next = 0; next < queue_.size(); ++next) {
            const Pending p = queue_[next];
            andThrough(p.a, p.b, p.carrier);
            andThrough(p.b, p.a, p.carrier);
        }
    }

    // Combines full(other, mid; carrier) with every full(mid, z; d).
    void andThrough(int mid, int other, const Set& carrier) {
        if (!map_->throughOk[static_cast<std::size_t>(mid)])
            return;
        const Cell midCell = cellOf(mid);
        // Carriers that may be combined avoid `carrier` and the cell of `other`.
        const Set blocked = carrier | cellSet_[static_cast<std::size_t>(other)];
        const auto& partners = partners_[static_cast<std::size_t>(mid)];
        for (std::size_t i = 0; i < partners.size(); ++i) {
            const int z = partners[i].z;
            if (z == other || carrier.intersects(cellSet_[static_cast<std::size_t>(z)]))
                continue;
            const auto& fulls = pairs_[partners[i].pair].fulls;
            for (std::size_t k = 0; k < fulls.size(); ++k) {
                const Set d = fulls[k];
                if (d.intersects(blocked))
                    continue;
                if (midCell == kNoCell) {
                    addFull(other, z, carrier | d);
                } else {
                    Set semi = carrier | d;
                    semi.set(midCell);
                    addSemi(other, z, semi, midCell);
                }
            }
        }
    }

    bool addFull(int a, int b, const Set& carrier) {
        PairVcs& p = pair(a, b);
        for (const Set& f : p.fulls)
            if (f.isSubsetOf(carrier))
                return false;
        std::erase_if(p.fulls, [&](const Set& f) { return carrier.isSubsetOf(f); });
        if (std::erase_if(p.semis, [&](const SemiVc& s) { return carrier.isSubsetOf(s.carrier); }))
            recomputeMeet(p);
        if (static_cast<int>(p.fulls.size()) >= limits_.maxFullPerPair)
            return false;
        p.fulls.push_back(carrier);
        const std::size_t ab = pairIndex(a, b);
        touch(ab);
        if (!isPartner_[ab]) {
            isPartner_[ab] = 1;
            partners_[static_cast<std::size_t>(a)].push_back({b, ab});
            partners_[static_cast<std::size_t>(b)].push_back({a, ab});
        }
        queue_.push_back({a, b, carrier});
        return true;
    }

    void addSemi(int a, int b, const Set& carrier, Cell key) {
        PairVcs& p = pair(a, b);
        for (const Set& f : p.fulls)
            if (f.isSubsetOf(carrier))
                return;
        // The semis form an antichain, so none can be both a subset and a superset of carrier:
        // one pass rejects the new one or drops the ones it makes redundant.
        bool erased = false;
        for (std::size_t i = 0; i < p.semis.size();) {
            const Set& c = p.semis[i].carrier;
            if (c.isSubsetOf(carrier))
                return;
            if (carrier.isSubsetOf(c)) {
                p.semis.erase(p.semis.begin() + static_cast<std::ptrdiff_t>(i));
                erased = true;
            } else {
                ++i;
            }
        }
        if (erased)
            recomputeMeet(p);
        if (orRule(a, b, carrier)) {
            // The OR rule produced fulls; one may make this semi redundant.
            for (const Set& f : p.fulls)
                if (f.isSubsetOf(carrier))
                    return;
        }
        if (static_cast<int>(p.semis.size()) < limits_.maxSemiPerPair) {
            p.semiMeet = p.semis.empty() ? carrier : p.semiMeet & carrier;
            p.semis.push_back({carrier, key});
            touch(pairIndex(a, b));
        }
    }

    void touch(std::size_t ab) {
        if (!touched_[ab]) {
            touched_[ab] = 1;
            touchedPairs_.push_back(ab);
        }
    }

    static void recomputeMeet(PairVcs& p) {
        if (p.semis.empty())
            return;
        p.semiMeet = p.semis.front().carrier;
        for (const SemiVc& s : p.semis)
            p.semiMeet &= s.carrier;
    }

    // Looks for sets of stored semis that, together with the new carrier, have an empty
    // intersection; adds the fulls found and returns whether there were any.
    bool orRule(int a, int b, const Set& newCarrier) {
        const PairVcs& p = pair(a, b);
        const auto& semis = p.semis;
        // Cheap test first: no subset of the semis can empty an intersection that meets them all.
        if (semis.empty() || newCarrier.intersects(p.semiMeet))
            return false;
        // suffix_[i]: intersection of the carriers of semis i.. ; a search whose running
        // intersection meets it cannot reach the empty set with those semis.
        suffix_.resize(semis.size());
        for (std::size_t i = semis.size(); i-- > 0;)
            suffix_[i] =
                i + 1 == semis.size() ? semis[i].carrier : semis[i].carrier & suffix_[i + 1];
        if (newCarrier.intersects(suffix_[0]))
            return false;
        found_.clear();
        orSearch(OrScope{semis, p.fulls}, 0, newCarrier, newCarrier, 1);
        // Collected first: adding a full erases semis the search was walking over.
        for (std::size_t i = 0; i < found_.size(); ++i) {
            const Set f = found_[i];
            addFull(a, b, f);
        }
        return !found_.empty();
    }

    // What one OR search reads: the semis it combines and the fulls the pair held when it began.
    struct OrScope {
        const std::vector<SemiVc>& semis;
        const std::vector<Set>& fulls;
    };

    // A carrier holding one of the pair's fulls is rejected by addFull without side effects, and
    // so is every union grown from it: a full is only erased for a subset of it, so once a carrier
    // holds a full it keeps holding one. The search skips such carriers and their extensions,
    // most of what it would find on a pair with many fulls. The loop has no early exit because
    // which full matches, if any, is unpredictable: branch-free it runs faster.
    static bool holdsFull(const std::vector<Set>& fulls, const Set& carrier) noexcept {
        bool holds = false;
        for (const Set& f : fulls)
            holds |= f.isSubsetOf(carrier);
        return holds;
    }

    void orSearch(const OrScope& scope, std::size_t start, const Set& intersection,
                  const Set& unionSoFar, int used) {
        const auto& semis = scope.semis;
        for (std::size_t i = start; i < semis.size(); ++i) {
            if (intersection.intersects(suffix_[i]))
                return;
            if (!intersection.intersects(semis[i].carrier)) {
                const Set full = unionSoFar | semis[i].carrier;
                if (!holdsFull(scope.fulls, full))
                    found_.push_back(full);
                continue;
            }
            const Set shrunk = intersection & semis[i].carrier;
            if (shrunk == intersection)
                continue; // does not help: only semis that shrink the intersection are combined
            if (used + 1 < limits_.maxOrSemis) {
                const Set grown = unionSoFar | semis[i].carrier;
                if (!holdsFull(scope.fulls, grown))
                    orSearch(scope, i + 1, shrunk, grown, used + 1);
            }
        }
    }

    const EndpointMap* map_ = nullptr;
    VcLimits limits_;
    int nodes_ = 0;
    std::vector<PairVcs> pairs_;                 // nodes_ x nodes_, only a <= b used
    std::vector<std::vector<Partner>> partners_; // endpoints with at least one full to this one
    std::vector<Set> cellSet_;                   // per endpoint: its empty cell, or nothing
    std::vector<char> isPartner_;                // nodes_ x nodes_
    std::vector<char> touched_;                  // nodes_ x nodes_
    std::vector<std::size_t> touchedPairs_;
    std::vector<Pending> queue_;
    std::vector<Set> found_;  // fulls found by the running OR search
    std::vector<Set> suffix_; // suffix intersections of the semis being ORed
};

} // namespace hex
