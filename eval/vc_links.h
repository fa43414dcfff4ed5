#pragma once

#include "eval/circuit.h"
#include "eval/vc_conductances.h"
#include "eval/vc_limits.h"

#include "connections/connections.h"
#include "connections/game_state.h"
#include "connections/vc_snapshot.h"
#include "core/board.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace hex::eval {

// The virtual connections of one colour as circuit links, the way Hexy, Six and Wolve augment
// the resistance network: every two endpoints (own groups, the own edges and empty cells) that
// H-search joins by a full connection and that are not adjacent get a link. Its conductance
// falls with the cells every full carrier of the pair needs (their intersection, k cells): the
// base over k + 1 by default, so a connection with two disjoint carriers is as good as an
// adjacency and a bridge counts a third; by default two own groups get no link, as in Wolve
// (VcConductances).
//
// The builds are derived where they can be (Connections::buildFrom): the connections of each
// build are kept, for a few recent positions per colour, and a later position that holds all the
// stones of one of them and up to kMaxNewStones more starts from it. In a search that is the
// parent's build for every child, at a third or less of the cost of a fresh one. Derived
// connections are as sound as fresh ones but not always the same set, so a position's links
// can depend on what was evaluated before (only a position with at least one new stone is
// derived: the same position evaluated again is built afresh, and gets the same links).
class VcLinks {
public:
    // The kept builds per colour, and how far a base may be from the position it serves.
    static constexpr std::size_t kBasesPerColour = 24;
    static constexpr int kMaxNewStones = 3;
    // Memory the kept builds of one colour may hold: 24 builds of a 19x19 middlegame took about
    // 38 MB per colour (1.6 MB each), 11x11 ones about 0.2 MB each. At the budget, the least
    // recently used builds go first, but the newest always stays: a search's children derive
    // from their parent, which is the build just kept.
    static constexpr std::size_t kBaseBytesPerColour = std::size_t{16} << 20;

    // Derivations in a row before a fresh build: each derivation may lose what a dropped
    // connection had made redundant, so long chains drift from what a fresh build finds.
    static constexpr int kMaxGeneration = 8;

    explicit VcLinks(VcConductances conductances = {}, VcLimits limits = kVcEvaluationLimits,
                     std::size_t baseBytesPerColour = kBaseBytesPerColour)
        : conductances_(conductances), connections_(limits),
          baseBytesPerColour_(baseBytesPerColour) {}

    // Builds color's connections on board and appends their links. `keepBuild`: whether the
    // build joins the kept ones, as a base for later positions (a search's node, whose children
    // come next); a leaf's is not kept (saving it cost about a tenth of a search's time, and it
    // would push out the builds the next leaves derive from).
    void append(const Board& board, Color color, std::vector<Link>& links, bool keepBuild = true);

    // What the edge-to-edge connections of the last two builds prove, with toMove to play
    // (analyseGameState: an own full or semi wins, an opponent full or an empty must-play loses;
    // otherwise the must-play cells and their reason), or nullopt unless the last build of each
    // colour was on `board` (its stones and size): a caller asking after an evaluation that did not
    // build here gets nothing rather than another position's connections.
    std::optional<GameState> gameState(const Board& board, Color toMove) const;

    // Builds so far, and how many of them were derived (for measurement and tests).
    std::uint64_t builds() const noexcept { return builds_; }
    std::uint64_t derivedBuilds() const noexcept { return derivedBuilds_; }
    // The kept builds of color, and the memory their connections hold.
    std::size_t keptBuilds(Color color) const noexcept;
    std::size_t keptBytes(Color color) const noexcept;

private:
    struct Base {
        VcSnapshot snapshot;
        int stones = 0;            // on the position it was built on
        std::uint64_t lastUse = 0; // the least recently used base makes room for a new one
    };

    void buildConnections(const Board& board, Color color, bool keep);
    Base* closestBase(const Board& board, Color color);
    void keepBuild(const Board& board, Color color);
    void keepWithinBudget(std::vector<Base>& bases);
    static std::size_t heldBytes(const std::vector<Base>& bases) noexcept;

    double baseConductance(const Board& board, Cell a, Cell b) const;
    double carrierDivisor(int needed) const;

    VcConductances conductances_;
    Connections connections_;
    std::size_t baseBytesPerColour_;
    // A link found, with the ranks of its ends in the endpoint order (cells in node order,
    // an own group at its representative), by which the links are appended.
    struct RankedLink {
        std::size_t first;
        std::size_t second;
        Link link;
    };
    std::vector<std::size_t> rank_; // per node: its endpoint's rank
    std::vector<RankedLink> found_;
    std::vector<Connections::FullPair> fullPairs_;
    std::array<std::vector<Base>, 2> bases_; // by colour index
    std::array<EdgeSummary, 2> edges_;       // of the last build per colour
    // The position of the last build per colour: its stones' key and its size.
    struct BuiltOn {
        Key key = 0;
        int width = 0;
        int height = 0;
        bool operator==(const BuiltOn&) const = default;
    };
    static BuiltOn builtOnOf(const Board& board) noexcept;
    std::array<BuiltOn, 2> builtOn_;
    std::uint64_t clock_ = 0;
    std::uint64_t builds_ = 0;
    std::uint64_t derivedBuilds_ = 0;
};

} // namespace hex::eval
