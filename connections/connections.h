#pragma once

#include "connections/cell_set.h"
#include "connections/vc.h"
#include "engine/core/board.h"

#include <span>
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
// Rebuilt from scratch by `build`; the object keeps its buffers between builds.
class Connections {
public:
    explicit Connections(VcLimits limits = {}) : limits_(limits) {}

    void build(const Board& board, Color color);

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

    // Size of the last build, for statistics.
    int fullCount() const noexcept;
    int semiCount() const noexcept;

private:
    struct PairVcs {
        std::vector<CellSet> fulls;
        std::vector<Semi> semis;
    };
    struct Pending {
        int a;
        int b;
        CellSet carrier;
    };

    int endpointOf(Cell node) const noexcept {
        return node >= 0 && node < static_cast<int>(endpoint_.size()) ? endpoint_[node] : -1;
    }
    PairVcs& pair(int a, int b) noexcept { return pairs_[pairIndex(a, b)]; }
    const PairVcs& pair(int a, int b) const noexcept { return pairs_[pairIndex(a, b)]; }
    std::size_t pairIndex(int a, int b) const noexcept {
        if (a > b)
            std::swap(a, b);
        return static_cast<std::size_t>(a) * static_cast<std::size_t>(nodes_) +
               static_cast<std::size_t>(b);
    }

    void mapEndpoints(const Board& board);
    void addBase(const Board& board);
    void propagate();
    void andThrough(int mid, int other, const CellSet& carrier);
    bool addFull(int a, int b, const CellSet& carrier);
    void addSemi(int a, int b, const CellSet& carrier, Cell key);
    void orRule(int a, int b, const CellSet& newCarrier);
    void orSearch(int a, int b, std::size_t start, const CellSet& intersection,
                  const CellSet& unionSoFar, int used);
    void sortBySize();

    VcLimits limits_;
    Color color_ = Color::Black;
    int nodes_ = 0;
    std::vector<int> endpoint_;   // board node -> endpoint index, -1 if none
    std::vector<Cell> cellOf_;    // endpoint index -> the empty cell, kNoCell for a group
    std::vector<char> throughOk_; // endpoint index -> the AND rule may go through it
    std::vector<PairVcs> pairs_;  // nodes_ x nodes_, only a <= b used
    std::vector<std::vector<int>> partners_; // endpoints with at least one full to this one
    std::vector<char> isPartner_;            // nodes_ x nodes_
    std::vector<Pending> queue_;
    std::vector<CellSet> queuedOr_; // fulls found by the running OR search
    std::vector<CellSet> suffix_;   // suffix intersections of the semis being ORed
    int edge1_ = -1;
    int edge2_ = -1;
};

} // namespace hex
