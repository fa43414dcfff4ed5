#pragma once

#include "connections/connections.h"
#include "connections/game_state.h"
#include "connections/vc_snapshot.h"
#include "core/direct_mapped_cache.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace hex {

// The H-searches of the solver: one colour's edge-to-edge connections on the current board,
// answered by a per-position cache (SolverParams::useVcCache) or built, when possible derived
// from a build kept one or two plies up the line (SolverParams::vcDerivationChain). The builds
// of a node that gets children are kept, per depth and colour, as the bases of the builds below.
class ConnectionBuilds {
public:
    ConnectionBuilds(const SolverParams& params, SolveContext& context);

    EdgeSummary summary(Color color);
    // The builds between beginNode and endNode are the node's: endNode(true) keeps them for the
    // nodes below (when the node has children), endNode(false) forgets them.
    void beginNode() { keepingBuilds_ = params_.vcDerivationChain > 0; }
    void endNode(bool keep);
    // Forgets the kept builds and the cache: the next builds are those of a new solver (a cached
    // summary, or a build derived from a kept one, can differ from a fresh build).
    void clear();

private:
    // The last builds per search depth and colour (newest overwrites oldest): the bases of
    // derived builds below.
    struct SnapshotRing {
        std::vector<VcSnapshot> items;
        std::size_t next = 0;
    };
    static std::size_t colourIndex(Color color) noexcept { return color == Color::Black ? 0 : 1; }

    void build(Color color);
    const VcSnapshot* closestBase(Color color) const;
    void keepBuilds();

    const SolverParams& params_;
    SolveContext& context_;
    Connections vcs_; // scratch for the builds
    std::vector<std::array<SnapshotRing, 2>> snapshots_;
    // The current node's builds, between beginNode and endNode: the last one is still in vcs_,
    // an earlier one (the mover's own) was saved to scratch_.
    bool keepingBuilds_ = false;
    std::optional<Color> lastBuild_;
    std::array<VcSnapshot, 2> scratch_;
    std::array<bool, 2> inScratch_{};
    std::size_t keptBytes_ = 0;              // of the snapshots in the rings
    DirectMappedCache<EdgeSummary> vcCache_; // by the stones' key and the colour
};

} // namespace hex
