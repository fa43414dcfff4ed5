#pragma once

#include "connections/cell_set.h"
#include "connections/ladders.h"
#include "connections/vc.h"
#include "connections/vc_snapshot.h"
#include "core/board.h"
#include "core/stop.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hex {

// What the H-search needs to know about the board: endpoints (one per empty cell and one per own
// group, edges included, in node order) are numbered 0..nodes-1.
struct EndpointMap {
    int nodes = 0;
    std::vector<int> endpointOf; // board node -> endpoint, -1 for opponent stones and edges
    std::vector<Cell> cellOf;    // endpoint -> its empty cell, kNoCell for an own group
    std::vector<Cell> nodeOf;    // endpoint -> one of its nodes (the cell, or a node of the group)
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
        // In runFrom, the leading fulls carried over from the base unchanged (they come first
        // and keep their order); 0 in run().
        std::size_t carried = 0;
        std::vector<SemiVc> semis;
        Set semiMeet; // intersection of the semi carriers (when there are semis)
    };

    // Polled every kStopInterval derivation steps; true ends the run early. What was found by
    // then is sound (every connection is real), only fewer: a must-play region from it is a
    // superset of the full one. nullptr or an empty function: never stops.
    void setStop(const StopFn* stop) { stop_ = stop; }
    bool stopped() const noexcept { return stopped_; }

    // `map` must outlive the results' use.
    void run(const EndpointMap& map, const VcLimits& limits) {
        reset(map, limits);
        for (const auto& [a, b] : map.adjacent)
            addFull(a, b, Set{});
        propagate();
    }

    // The same search started from `base`, the owner's connections on an earlier position of
    // which `map`'s board holds every stone; `newOwn` and `newOpp` are the stones added since.
    // Each base connection is carried over unless it touches a new opponent stone, with the new
    // own stones out of its carrier (a semi whose key is one becomes a full). Every pair of
    // untouched connections already met in the base's search, so only the changed ones (carrier
    // shrunk, or an endpoint now a group holding a new stone) go through the rules again. Sound
    // like run(); it can miss connections run() finds (a broken connection does not bring back
    // those it had made redundant) and keep some run()'s per-pair limits would crowd out.
    void runFrom(const EndpointMap& map, const VcLimits& limits, const VcSnapshot& base,
                 const Set& newOwn, const Set& newOpp) {
        reset(map, limits);
        for (Cell c = newOwn.first(); c != kNoCell; c = newOwn.nextFrom(c + 1))
            changed_[static_cast<std::size_t>(map.endpointOf[static_cast<std::size_t>(c)])] = 1;
        // Untouched ones first, so that each changed one meets all of them in the rules. (The
        // base holds every adjacency: those of a new group come from its cells' and groups'.)
        carryOver(base, newOwn, newOpp);
        addChanged(base, newOwn);
        propagate();
    }

    // After run or runFrom: extends the fulls to `edge` (an endpoint) along second-row ladders
    // (see LadderStep), then runs the rules on what that adds. A ladder full is kept even when
    // its pair is at the per-pair limit.
    void addLadders(std::span<const LadderStep> steps, int edge) {
        if (stopped_)
            return;
        bool added = false;
        for (const LadderStep& step : steps) {
            const int from = endpointAt(step.from);
            const int to = endpointAt(step.to);
            if (from < 0 || from == edge || !isEmptyCell(to, step.to) ||
                !isEmptyCell(endpointAt(step.shared), step.shared))
                continue;
            // `to`'s own fulls, and those of the own groups it touches (the limits may have
            // kept only other ones for `to`, such as the bridges through `shared`).
            added |= extendLadder(step, from, edge, pair(to, edge).fulls);
            for (const Partner& p : partners_[static_cast<std::size_t>(to)])
                if (p.z != edge && p.z != from && cellOf(p.z) == kNoCell && touches(*p.vcs))
                    added |= extendLadder(step, from, edge, pair(p.z, edge).fulls);
        }
        if (added)
            propagate();
    }

    // After run or runFrom: stores a full proven elsewhere (an EdgeWindows proof), kept above the
    // per-pair limit, and runs the rules on it.
    void addProven(int a, int b, const Set& carrier) {
        if (!stopped_ && addFull(a, b, carrier, /*overLimit=*/true))
            propagate();
    }

    // Appends every connection found to `out` (whose position and width the caller set).
    void save(VcSnapshot& out) const {
        // Read once: the compiler would reload them after each store into `out`.
        const Cell* const nodeOf = map_->nodeOf.data();
        const auto nodes = static_cast<std::size_t>(nodes_);
        for (const std::size_t i : touchedPairs()) {
            const PairVcs& p = pairs_[i];
            const Cell a = nodeOf[i / nodes];
            const Cell b = nodeOf[i % nodes];
            for (const Set& f : p.fulls)
                append(out, {a, b, kNoCell}, f);
            for (const SemiVc& semi : p.semis)
                append(out, {a, b, semi.key}, semi.carrier);
        }
    }

    const PairVcs& result(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    // Pairs (a < b) that received a connection during the run, some possibly erased since.
    template <typename Visit>
    void forEachTouchedPair(Visit visit) const {
        for (const std::size_t i : touchedPairs())
            visit(static_cast<int>(i / static_cast<std::size_t>(nodes_)),
                  static_cast<int>(i % static_cast<std::size_t>(nodes_)));
    }

private:
    std::span<const std::size_t> touchedPairs() const noexcept {
        return {touchedPairs_.data(), touchedCount_};
    }

    void reset(const EndpointMap& map, const VcLimits& limits) {
        map_ = &map;
        limits_ = limits;
        nodes_ = map.nodes;
        const std::size_t pairCount =
            static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_);
        // Only the pairs the previous run touched hold connections or flags (by flat index,
        // whatever its endpoint count was): clearing those is enough.
        for (const std::size_t i : touchedPairs()) {
            pairs_[i].fulls.clear();
            pairs_[i].carried = 0;
            pairs_[i].semis.clear();
            marks_[i] = {};
        }
        touchedCount_ = 0;
        if (pairs_.size() < pairCount) {
            pairs_.resize(pairCount);
            marks_.resize(pairCount);
            touchedPairs_.resize(pairCount);
        }
        partners_.resize(static_cast<std::size_t>(nodes_));
        for (auto& p : partners_)
            p.clear();
        cellSet_.assign(static_cast<std::size_t>(nodes_), Set{});
        changed_.assign(static_cast<std::size_t>(nodes_), 0);
        for (int e = 0; e < nodes_; ++e)
            if (cellOf(e) != kNoCell)
                cellSet_[static_cast<std::size_t>(e)].set(cellOf(e));
        queue_.clear();
        processed_ = 0;
        changedQueue_.clear();
        stopped_ = false;
    }

    static void append(VcSnapshot& out, VcSnapshot::Entry entry, const Set& carrier) {
        out.entries.push_back(entry);
        for (int w = 0; w < W; ++w)
            out.carriers.push_back(carrier.wordAt(w));
    }
    // The carrier of entry `entry` in a snapshot's carrier words.
    static Set carrierOf(const std::uint64_t* carriers, std::size_t entry) {
        Set out;
        for (int w = 0; w < W; ++w)
            out.setWord(
                w, carriers[entry * static_cast<std::size_t>(W) + static_cast<std::size_t>(w)]);
        return out;
    }

    // Stores the untouched base connections as they are and lists the changed ones, which
    // need the rules: a carrier that lost new own stones, or an endpoint that became (part of)
    // a group holding one. Connections touching a new opponent stone are dropped.
    void carryOver(const VcSnapshot& base, const Set& newOwn, const Set& newOpp) {
        changedEntries_.clear();
        // Plain pointers and count, read once: the compiler would reload the vectors' data after
        // each store into the pairs.
        const std::size_t count = base.entries.size();
        const VcSnapshot::Entry* const entries = base.entries.data();
        const std::uint64_t* const carriers = base.carriers.data();
        const int* const endpointOf = map_->endpointOf.data();
        const char* const changed = changed_.data();
        for (std::size_t i = 0; i < count; ++i) {
            const VcSnapshot::Entry& e = entries[i];
            const Set carrier = carrierOf(carriers, i);
            const int a = endpointOf[e.a];
            const int b = endpointOf[e.b];
            if (a < 0 || b < 0 || a == b || carrier.intersects(newOpp))
                continue;
            if (changed[a] || changed[b] || carrier.intersects(newOwn))
                changedEntries_.push_back({a, b, i});
            else
                appendCarried(a, b, carrier, e.key);
        }
    }

    // Brings in the changed connections listed by carryOver, through the rules.
    void addChanged(const VcSnapshot& base, const Set& newOwn) {
        for (const ChangedEntry& c : changedEntries_) {
            const Cell key = base.entries[c.entry].key;
            const Set carrier = carrierOf(base.carriers.data(), c.entry);
            const Set shrunk = carrier - newOwn;
            if (key != kNoCell && newOwn.test(key))
                addFull(c.a, c.b, shrunk); // the owner holds the key now
            else if (key != kNoCell)
                addSemi(c.a, c.b, shrunk, key);
            else if (storeFull(c.a, c.b, shrunk))
                changedQueue_.push_back({c.a, c.b, shrunk});
        }
    }

    // Stores an untouched base connection as it is. Its pair comes from one base pair (its
    // endpoints did not change) whose connections form an antichain within the limits, and it is
    // stored before any changed one, so there is nothing to filter.
    void appendCarried(int a, int b, const Set& carrier, Cell key) {
        const std::size_t ab = pairIndex(a, b);
        PairVcs& p = pairs_[ab];
        touch(ab);
        if (key != kNoCell) {
            p.semiMeet = p.semis.empty() ? carrier : p.semiMeet & carrier;
            p.semis.push_back({carrier, key});
            return;
        }
        p.fulls.push_back(carrier);
        ++p.carried;
        addPartners(a, b, ab);
    }

    struct ChangedEntry {
        int a; // endpoints on the new board
        int b;
        std::size_t entry; // in the base
    };
    struct Pending {
        int a;
        int b;
        Set carrier;
    };
    struct Partner {
        int z;              // an endpoint with at least one full to the owner of the list
        const PairVcs* vcs; // that pair's connections (pairs_ is not resized during a run)
    };
    // Whether a pair is listed in touchedPairs_ and in partners_: flags of their own type rather
    // than chars, which the compiler must assume alias every other member, reloading them after
    // each store.
    struct PairMarks {
        bool touched = false;
        bool partners = false;
    };
    struct Combined {
        int z;       // the far endpoint
        Set carrier; // the two fulls' carriers, with the middle cell
    };

    PairVcs& pair(int a, int b) noexcept { return pairs_[pairIndex(a, b)]; }
    const PairVcs& pair(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    std::size_t pairIndex(int a, int b) const noexcept { return vcPairIndex(a, b, nodes_); }
    Cell cellOf(int endpoint) const noexcept {
        return map_->cellOf[static_cast<std::size_t>(endpoint)];
    }
    int endpointAt(Cell node) const noexcept {
        return map_->endpointOf[static_cast<std::size_t>(node)];
    }
    bool isEmptyCell(int endpoint, Cell cell) const noexcept {
        return endpoint >= 0 && cellOf(endpoint) == cell;
    }

    // Whether a pair's endpoints are adjacent (their smallest possible full, the empty one).
    static bool touches(const PairVcs& p) noexcept {
        return !p.fulls.empty() && p.fulls.front().none();
    }

    // The ladder step's fulls for `from`, built on the fulls `ahead` that join `step.to` (or an
    // own group it touches) to the edge; `ahead` is another pair's list than `from`'s.
    bool extendLadder(const LadderStep& step, int from, int edge, const std::vector<Set>& ahead) {
        bool added = false;
        for (std::size_t i = 0; i < ahead.size(); ++i) {
            Set carrier = ahead[i];
            if (carrier.test(step.shared) || carrier.test(step.from) || carrier.test(step.to))
                continue;
            carrier.set(step.to);
            carrier.set(step.shared);
            added |= addFull(from, edge, carrier, /*overLimit=*/true);
        }
        return added;
    }

    // Every new full is combined with every full stored when it is processed, so each pair of
    // fulls meets when the later of the two is processed. In runFrom, the changed base fulls go
    // first and skip the carried ones, except through a changed endpoint: with them they make
    // only what the base made (a combination is new only where both carriers lost a cell, or
    // through a new group).
    // Called again after more fulls were queued, it goes on where it stopped.
    void propagate() {
        for (const Pending& p : changedQueue_) {
            andThrough(p.a, p.b, p.carrier, changed_[static_cast<std::size_t>(p.a)]);
            andThrough(p.b, p.a, p.carrier, changed_[static_cast<std::size_t>(p.b)]);
        }
        changedQueue_.clear();
        for (std::size_t& next = processed_; next < queue_.size(); ++next) {
            if (next % kStopInterval == 0 && stop_ && *stop_ && (*stop_)()) {
                stopped_ = true;
                return;
            }
            const Pending p = queue_[next];
            andThrough(p.a, p.b, p.carrier, true);
            andThrough(p.b, p.a, p.carrier, true);
        }
    }

    // Combines full(other, mid; carrier) with every full(mid, z; d), or only with those not
    // carried over unchanged.
    void andThrough(int mid, int other, const Set& carrier, bool withCarried) {
        if (!map_->throughOk[static_cast<std::size_t>(mid)])
            return;
        collectThrough(mid, other, carrier, withCarried);
        const Cell midCell = cellOf(mid);
        for (const Combined& c : combined_) {
            if (midCell == kNoCell)
                addFull(other, c.z, c.carrier);
            else
                addSemi(other, c.z, c.carrier, midCell);
        }
    }

    // Lists in combined_, in order, the unions of `carrier`, the cell of `mid` (if any) and each
    // full(mid, z; d) that may be combined with it: d avoids `carrier` and the cell of `other`.
    // A separate pass, so that this loop, which rejects most fulls, stays tight: what the rules
    // then store never changes its input (they write the pairs of `other`, never those of `mid`,
    // whose partners stay put).
    void collectThrough(int mid, int other, const Set carrier, bool withCarried) {
        combined_.clear();
        const Set blocked = carrier | cellSet_[static_cast<std::size_t>(other)];
        const Set joined = carrier | cellSet_[static_cast<std::size_t>(mid)];
        for (const Partner& p : partners_[static_cast<std::size_t>(mid)]) {
            if (p.z == other || carrier.intersects(cellSet_[static_cast<std::size_t>(p.z)]))
                continue;
            const PairVcs& through = *p.vcs;
            const Set* const end = through.fulls.data() + through.fulls.size();
            for (const Set* d = through.fulls.data() + (withCarried ? 0 : through.carried); d < end;
                 ++d)
                if (!d->intersects(blocked))
                    combined_.push_back({p.z, joined | *d});
        }
    }

    // Stores a full and queues it for the AND rule.
    bool addFull(int a, int b, const Set& carrier, bool overLimit = false) {
        if (!storeFull(a, b, carrier, overLimit))
            return false;
        queue_.push_back({a, b, carrier});
        return true;
    }

    bool storeFull(int a, int b, const Set& carrier, bool overLimit = false) {
        const std::size_t ab = pairIndex(a, b);
        PairVcs& p = pairs_[ab];
        // One pass rejects the new full or notes whether it makes stored ones redundant.
        bool redundant = false;
        for (const Set& f : p.fulls) {
            if (f.isSubsetOf(carrier))
                return false;
            redundant |= carrier.isSubsetOf(f);
        }
        if (limits_.coverOr && !overLimit && !shrinksMeet(p.fulls, carrier))
            return false;
        if (redundant)
            eraseFullsContaining(p, carrier);
        if (std::erase_if(p.semis, [&](const SemiVc& s) { return carrier.isSubsetOf(s.carrier); }))
            recomputeMeet(p);
        if (static_cast<int>(p.fulls.size()) >= limits_.maxFullPerPair && !overLimit)
            return false;
        p.fulls.push_back(carrier);
        touch(ab);
        addPartners(a, b, ab);
        return true;
    }

    void addPartners(int a, int b, std::size_t ab) {
        if (!marks_[ab].partners) {
            marks_[ab].partners = true;
            partners_[static_cast<std::size_t>(a)].push_back({b, &pairs_[ab]});
            partners_[static_cast<std::size_t>(b)].push_back({a, &pairs_[ab]});
        }
    }

    [[gnu::always_inline]] void addSemi(int a, int b, const Set& carrier, Cell key) {
        const std::size_t ab = pairIndex(a, b); // once: the OR rule's call would make it twice
        PairVcs& p = pairs_[ab];
        for (const Set& f : p.fulls)
            if (f.isSubsetOf(carrier))
                return;
        // The semis form an antichain, so no semi inside carrier can come with one holding it:
        // one pass rejects the new one or counts the ones it makes redundant, dropped after it.
        bool redundant = false;
        for (const SemiVc& s : p.semis) {
            if (s.carrier.isSubsetOf(carrier))
                return;
            redundant |= carrier.isSubsetOf(s.carrier);
        }
        if (redundant) {
            std::erase_if(p.semis, [&](const SemiVc& s) { return carrier.isSubsetOf(s.carrier); });
            recomputeMeet(p);
        }
        if (orMayApply(p, carrier) &&
            (limits_.coverOr ? coverOrRule(a, b, carrier) : orRule(a, b, carrier))) {
            // The OR rule produced fulls; one may make this semi redundant.
            for (const Set& f : p.fulls)
                if (f.isSubsetOf(carrier))
                    return;
        }
        if (static_cast<int>(p.semis.size()) < limits_.maxSemiPerPair) {
            p.semiMeet = p.semis.empty() ? carrier : p.semiMeet & carrier;
            p.semis.push_back({carrier, key});
            touch(ab);
        }
    }

    void touch(std::size_t ab) {
        if (!marks_[ab].touched) {
            marks_[ab].touched = true;
            touchedPairs_[touchedCount_++] = ab;
        }
    }

    // Drops the fulls that are supersets of `carrier`, keeping the order (and the count of
    // leading carried ones).
    static void eraseFullsContaining(PairVcs& p, const Set& carrier) {
        const auto inCarrier = [&](const Set& f) { return carrier.isSubsetOf(f); };
        if (p.carried != 0)
            p.carried -= static_cast<std::size_t>(
                std::count_if(p.fulls.begin(),
                              p.fulls.begin() + static_cast<std::ptrdiff_t>(p.carried), inCarrier));
        std::erase_if(p.fulls, inCarrier);
    }

    static void recomputeMeet(PairVcs& p) {
        if (p.semis.empty())
            return;
        p.semiMeet = p.semis.front().carrier;
        for (const SemiVc& s : p.semis)
            p.semiMeet &= s.carrier;
    }

    // The cheap test before either OR rule, done where the new semi is added: no subset of the
    // semis can empty an intersection that meets them all.
    static bool orMayApply(const PairVcs& p, const Set& newCarrier) noexcept {
        return !p.semis.empty() && !newCarrier.intersects(p.semiMeet);
    }

    // Looks for sets of stored semis that, together with the new carrier, have an empty
    // intersection; adds the fulls found and returns whether there were any. Only where
    // orMayApply.
    bool orRule(int a, int b, const Set& newCarrier) {
        const PairVcs& p = pair(a, b);
        const auto& semis = p.semis;
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
        return addFound(a, b);
    }

    // Adds the fulls an OR rule collected: only after it is done, since adding a full erases
    // semis the rule was reading. Whether there were any.
    bool addFound(int a, int b) {
        for (const Set& f : found_)
            addFull(a, b, f);
        return !found_.empty();
    }

    // Whether a new full (no superset of a stored one) is worth keeping for the cover rules:
    // it replaces a stored one, or avoids a cell that every stored one needs.
    static bool shrinksMeet(const std::vector<Set>& fulls, const Set& carrier) noexcept {
        if (fulls.empty())
            return true;
        bool replaces = false;
        for (const Set& f : fulls)
            replaces |= carrier.isSubsetOf(f);
        return replaces || !meetOf(fulls).isSubsetOf(carrier);
    }

    // The cells every one of a non-empty list of fulls needs.
    static Set meetOf(const std::vector<Set>& fulls) noexcept {
        Set meet = fulls.front();
        for (const Set& f : fulls)
            meet &= f;
        return meet;
    }

    // The OR rule as Benzene's later H-search (Pawlewicz) applies it, for the fulls that matter
    // most to a pair: those that avoid a cell every stored full needs. For each such cell
    // outside the new semi's carrier, the semis avoiding it (the new one among them) either
    // share a cell, or a greedy choice of them unites into a full that avoids it. Any number of
    // semis may be combined; the first full of a pair is the union of all of them, if their
    // carriers share no cell. Only where orMayApply.
    bool coverOrRule(int a, int b, const Set& newCarrier) {
        const PairVcs& p = pair(a, b);
        found_.clear();
        Set candidates;
        if (p.fulls.empty()) {
            const Set first = greedyCover(p.semis, newCarrier, kNoCell);
            found_.push_back(first);
            candidates = first - newCarrier;
        } else {
            candidates = meetOf(p.fulls) - newCarrier;
        }
        for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1)) {
            Set meet = newCarrier;
            for (const SemiVc& s : p.semis)
                if (!s.carrier.test(c))
                    meet &= s.carrier;
            if (meet.any())
                continue;
            const Set cover = greedyCover(p.semis, newCarrier, c);
            found_.push_back(cover);
            candidates &= cover; // the cells the new full avoids need no other
        }
        return addFound(a, b);
    }

    // The union of the new carrier and of the semis (none holding `avoid`) taken in order while
    // each shrinks the running intersection, until it is empty. Precondition: it gets empty.
    static Set greedyCover(const std::vector<SemiVc>& semis, const Set& newCarrier, Cell avoid) {
        Set meet = newCarrier;
        Set cover = newCarrier;
        for (const SemiVc& s : semis) {
            if (meet.none())
                break;
            if ((avoid != kNoCell && s.carrier.test(avoid)) || meet.isSubsetOf(s.carrier))
                continue;
            meet &= s.carrier;
            cover |= s.carrier;
        }
        return cover;
    }

    // What one OR search reads: the semis it combines and the fulls the pair held when it began.
    // Views, not the vectors: neither changes during the search, and the search's own stores
    // (into found_) then need not reload them.
    struct OrScope {
        std::span<const SemiVc> semis;
        std::span<const Set> fulls;
    };

    // A carrier holding one of the pair's fulls is rejected by addFull without side effects, and
    // so is every union grown from it: a full is only erased for a subset of it, so once a carrier
    // holds a full it keeps holding one. The search skips such carriers and their extensions,
    // most of what it would find on a pair with many fulls. The loop has no early exit because
    // which full matches, if any, is unpredictable: branch-free it runs faster.
    static bool holdsFull(std::span<const Set> fulls, const Set& carrier) noexcept {
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
    std::vector<PairMarks> marks_;               // nodes_ x nodes_
    // The pairs touched in this run, in order: the first touchedCount_ (sized for every pair,
    // since each is listed once, so that listing one is a plain store).
    std::vector<std::size_t> touchedPairs_;
    std::size_t touchedCount_ = 0;
    std::vector<Pending> queue_;
    std::size_t processed_ = 0; // queue_ entries through the rules
    static constexpr std::size_t kStopInterval = 64;
    const StopFn* stop_ = nullptr;
    bool stopped_ = false;
    std::vector<Pending> changedQueue_; // runFrom: changed base fulls, processed first
    std::vector<Combined> combined_;    // the running AND rule's combinations (collectThrough)
    std::vector<Set> found_;            // fulls found by the running OR search
    std::vector<Set> suffix_;           // suffix intersections of the semis being ORed
    std::vector<char> changed_;         // per endpoint: a group holding a new own stone (runFrom)
    std::vector<ChangedEntry> changedEntries_;
};

} // namespace hex
