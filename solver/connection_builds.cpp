#include "solver/connection_builds.h"

#include <algorithm>
#include <utility>

namespace hex {

ConnectionBuilds::ConnectionBuilds(const SolverParams& params, SolveContext& context)
    : params_(params), context_(context), vcs_(params.vcLimits), vcCache_(params.vcCacheEntries) {
    // One build can take seconds on a large board: it stops with the solve (time, stop flag,
    // node limit). A stopped build is sound but incomplete, so it is not cached.
    vcs_.setStop([this] { return context_.outOfBudget(); });
}

// The edge connections of one colour on the current board depend on the stones only, so they
// are cached by the stones' Zobrist key and the colour (direct-mapped, overwritten).
EdgeSummary ConnectionBuilds::summary(Color color) {
    const Key key = context_.board().positionKey(color);
    const bool cached = params_.useVcCache && vcCache_.enabled();
    if (cached) {
        if (const EdgeSummary* hit = vcCache_.find(key)) {
            ++context_.stats().vcCacheHits;
            return *hit;
        }
    }
    build(color);
    ++context_.stats().vcBuilds;
    const EdgeSummary built = summariseEdges(vcs_);
    if (cached && !vcs_.stopped())
        vcCache_.store(key) = built;
    return built;
}

// Builds `color`'s connections into vcs_, derived from the closest build kept one or two plies
// up whose stones are all still on the board (see SolverParams::vcDerivationChain). Between
// beginNode and endNode, the node's builds are remembered for keepBuilds: the last one stays in
// vcs_ (a second build of the node first moves the first one to scratch_).
void ConnectionBuilds::build(Color color) {
    if (lastBuild_) {
        const std::size_t last = colourIndex(*lastBuild_);
        vcs_.snapshot(scratch_[last]);
        inScratch_[last] = true;
        lastBuild_.reset();
    }
    if (const VcSnapshot* base = closestBase(color)) {
        vcs_.buildFrom(*base, context_.board(), Connections::Scope::EdgesOnly);
        ++context_.stats().vcDerived;
    } else {
        vcs_.build(context_.board(), color, Connections::Scope::EdgesOnly);
    }
    if (keepingBuilds_)
        lastBuild_ = color;
}

void ConnectionBuilds::clear() {
    endNode(false); // the current node's builds, forgotten as a node without children's are
    snapshots_.clear();
    keptBytes_ = 0;
    vcCache_.clear();
}

void ConnectionBuilds::endNode(bool keep) {
    if (keep && keepingBuilds_)
        keepBuilds();
    keepingBuilds_ = false;
    lastBuild_.reset();
    inScratch_ = {false, false};
}

// Keeps the node's builds in its depth's rings (oldest replaced), within the memory budget
// (SolverParams::vcSnapshotBytes): the node has children, which can start from them. Only such
// nodes keep theirs: most nodes are decided by their own build, and saving every build cost
// more memory traffic than the derivations saved.
void ConnectionBuilds::keepBuilds() {
    const auto depth = static_cast<std::size_t>(context_.depth());
    if (snapshots_.size() <= depth)
        snapshots_.resize(depth + 1);
    for (std::size_t c = 0; c < 2; ++c) {
        const bool inVcs = lastBuild_ && colourIndex(*lastBuild_) == c;
        if (!inVcs && !inScratch_[c])
            continue;
        SnapshotRing& ring = snapshots_[depth][c];
        const auto size = static_cast<std::size_t>(std::max(params_.vcSnapshotsPerDepth, 1));
        if (ring.items.size() < size)
            ring.items.resize(size);
        VcSnapshot& slot = ring.items[ring.next];
        keptBytes_ -= slot.bytes();
        if (inVcs)
            vcs_.snapshot(slot);
        else
            std::swap(slot, scratch_[c]);
        if (keptBytes_ + slot.bytes() > params_.vcSnapshotBytes) {
            slot = VcSnapshot{}; // over budget: not kept
            continue;
        }
        keptBytes_ += slot.bytes();
        ring.next = (ring.next + 1) % size;
    }
}

// Among the builds kept one and two plies up, the one with the most stones that all still are
// on the board. Further up, so many stones differ that a derivation costs about as much as a
// fresh build.
const VcSnapshot* ConnectionBuilds::closestBase(Color color) const {
    const auto depth = static_cast<std::size_t>(context_.depth());
    if (params_.vcDerivationChain <= 0 || depth >= snapshots_.size() + 2)
        return nullptr; // no build kept one or two plies up
    const CellSet black = stonesOf(context_.board(), Color::Black);
    const CellSet white = stonesOf(context_.board(), Color::White);
    const VcSnapshot* best = nullptr;
    int bestStones = -1;
    for (std::size_t up = 1; up <= 2 && up <= depth; ++up) {
        if (depth - up >= snapshots_.size())
            continue;
        for (const VcSnapshot& s : snapshots_[depth - up][colourIndex(color)].items) {
            if (s.generation >= params_.vcDerivationChain ||
                !s.appliesTo(context_.board(), color, black, white))
                continue;
            const int stones = s.black.count() + s.white.count();
            if (stones > bestStones) {
                best = &s;
                bestStones = stones;
            }
        }
    }
    return best;
}

} // namespace hex
