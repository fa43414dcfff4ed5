#pragma once

#include "connections/cell_set.h"
#include "connections/edge_templates.h"
#include "connections/edge_windows.h"
#include "connections/h_search.h"
#include "connections/ladders.h"
#include "connections/vc.h"
#include "connections/vc_snapshot.h"
#include "core/board.h"

#include <array>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace hex {

// One colour's virtual connections, derived by Anshelevich's H-search.
//
// Endpoints are the owner's groups (stones and edges, a group named by any of its nodes) and empty
// cells; opponent stones are never endpoints. A full connection between x and y with carrier C
// (empty cells, never x or y) means the owner joins x and y inside C even if the opponent moves
// first; a semi connection means it does when the owner moves first. Derivation:
//   base: adjacent endpoints, empty carrier;
//   AND:  full(x,z;A), full(z,y;B), A and B disjoint, x not in B, y not in A:
//         z own group -> full(x,y;A|B); z empty -> semi(x,y;A|B|{z}) with key z;
//   OR:   semis between x and y whose carriers have an empty intersection (at most
//         VcLimits::maxOrSemis of them, each shrinking the intersection) -> full(x,y; union).
// A connection whose carrier is a superset of another one of the same or a stronger kind is
// dropped. Bridges and edge templates II and IIIa (the ziggurat) come out of these rules.
//
// Rebuilt from scratch by `build`; the object keeps its buffers between builds. The search runs
// on carriers just wide enough for the board (HSearch<W>) and the results are copied out.
class Connections {
public:
    explicit Connections(VcLimits limits = {}) : limits_(limits) {}

    // Which results a build keeps: every pair, or only the pair of the owner's edges (what the
    // game-state analysis needs; the other queries then answer empty, but fullPairs() still
    // summarises every pair's fulls). The search is the same, and so is what snapshot() saves.
    enum class Scope { AllPairs, EdgesOnly };

    void build(const Board& board, Color color, Scope scope = Scope::AllPairs);
    // Polled during every build (see HSearch::setStop): true ends it early with the connections
    // found so far, all sound. Empty (the default): builds always run to the end.
    void setStop(StopFn stop) { stop_ = std::move(stop); }
    // Whether the last build was ended early by the stop function.
    bool stopped() const noexcept { return stopped_; }
    // The connections of base.color on `board`, derived from `base` (see HSearch::runFrom):
    // cheaper than build() when few stones were added, and as sound; it may find fewer, or more.
    // Precondition: base.appliesTo(board, base.color).
    void buildFrom(const VcSnapshot& base, const Board& board, Scope scope = Scope::AllPairs);
    // Every connection the last build found (whatever its scope), to start later builds from.
    void snapshot(VcSnapshot& out) const;

    Color color() const noexcept { return color_; }
    const VcLimits& limits() const noexcept { return limits_; }

    // Whether a node can be an endpoint: an empty cell or an own stone or edge.
    bool isEndpoint(Cell node) const noexcept { return endpointOf(node) >= 0; }
    // Connections between two endpoints, sorted by carrier size. Empty for non-endpoints and for
    // two nodes of the same group.
    std::span<const CellSet> fulls(Cell a, Cell b) const noexcept;
    std::span<const Semi> semis(Cell a, Cell b) const noexcept;
    // Connections between the owner's two edges.
    std::span<const CellSet> edgeFulls() const noexcept;
    std::span<const Semi> edgeSemis() const noexcept;

    // A pair of endpoints the last build joined by at least one full connection: one node of
    // each (the cell, or a node of the group), whether one of its fulls has an empty carrier
    // (the endpoints touch), and how many cells every one of its fulls needs (the size of the
    // intersection of their carriers).
    struct FullPair {
        Cell a;
        Cell b;
        bool adjacent;
        int needed;
    };
    // Every such pair of the last build, whatever its scope (read from the H-search's own
    // lists, so an EdgesOnly build gives them without copying every pair's fulls out), in no
    // particular order; `out` is cleared first.
    void fullPairs(std::vector<FullPair>& out) const;

    // Size of the last build, for statistics.
    int fullCount() const noexcept;
    int semiCount() const noexcept;

private:
    struct PairVcs {
        std::vector<CellSet> fulls;
        std::vector<Semi> semis;
    };
    struct Engines; // the H-search, one instance per carrier width
    // Owns the engines; a copy starts with fresh ones (they are scratch buffers only).
    struct EngineSlot {
        EngineSlot();
        EngineSlot(const EngineSlot&);
        EngineSlot& operator=(const EngineSlot&) noexcept { return *this; }
        ~EngineSlot();
        std::unique_ptr<Engines> engines;
    };

    int endpointOf(Cell node) const noexcept {
        return node >= 0 && node < static_cast<int>(map_.endpointOf.size())
                   ? map_.endpointOf[static_cast<std::size_t>(node)]
                   : -1;
    }
    const PairVcs& pair(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    std::size_t pairIndex(int a, int b) const noexcept { return vcPairIndex(a, b, nodes_); }

    void prepare(const Board& board, Color color);
    template <int W>
    void addLadders(HSearch<W>& engine);
    template <int W>
    void addEdgeWindows(HSearch<W>& engine, const Board& board);
    template <int W>
    void addEdgeTemplates(HSearch<W>& engine, const Board& board);
    template <typename EngineSet, typename Search>
    static void onEngine(EngineSet& engines, int words, Search search);
    template <int W>
    void finish(const HSearch<W>& engine, Scope scope);
    template <int W>
    void copyOut(const HSearch<W>& engine, int a, int b);

    VcLimits limits_;
    StopFn stop_;
    bool stopped_ = false;
    Color color_ = Color::Black;
    int nodes_ = 0;
    EndpointMap map_;
    std::vector<PairVcs> pairs_; // nodes_ x nodes_, only a < b used, sorted
    std::vector<int> usedPairs_; // pair indices holding a connection
    EngineSlot slot_;
    int edge1_ = -1;
    int edge2_ = -1;
    // The last build's position and width, and how many derivations led to it (0: from scratch).
    CellSet black_;
    CellSet white_;
    int width_ = 0;
    int height_ = 0;
    int words_ = 0;
    int generation_ = 0;
    // Ladder steps toward each edge (north, south, west, east) of the last build's geometry:
    // one object builds both colours in turn, so the steps of all four are kept.
    const Geometry* ladderGeometry_ = nullptr;
    std::array<std::vector<LadderStep>, 4> ladderSteps_;
    EdgeWindows edgeWindows_; // with its cache of proofs
    // The built-in edge templates laid on the last board size built, for each colour (the
    // solver's builds alternate between the colours).
    std::array<const Geometry*, 2> templateGeometry_{};
    std::array<EdgePlacementIndex, 2> templatePlacements_;
};

} // namespace hex
