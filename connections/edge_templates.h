#pragma once

#include "connections/cell_set.h"
#include "core/geometry.h"
#include "core/types.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

// Edge templates: an own stone (or an empty cell, as if the owner played it) some rows from one
// of its edges, with a few own helper stones near it, joined to that edge by a full connection
// whose carrier is a fixed set of cells. The H-search's AND and OR rules miss many of them (a
// fourth-row cell with a helper stone, say: the proof needs the opponent's replies, not a
// composition of smaller connections), and the exact search of EdgeWindows is too dear at every
// build; so a tool of the project (tools/edge_templates_gen.cpp) searches them once, exactly, and
// the build matches them like patterns (docs/connections.md, "Edge templates").
//
// A template is written in the coordinates of the south edge with the cell at the origin:
// `along` counts columns (east positive), `rows` rows away from the edge (so a cell on the
// edge's first row has rows = 1 - template rows). Every template holds with its mirror image
// across the line perpendicular to the edge too (placeEdgeTemplates adds it).
struct TemplateOffset {
    int along = 0;
    int rows = 0;
    bool operator==(const TemplateOffset&) const = default;
    auto operator<=>(const TemplateOffset&) const = default;
};

struct EdgeTemplate {
    int rows = 0;                        // the cell's rows from the edge (1: touching it)
    std::vector<TemplateOffset> stones;  // own helper stones the template needs
    std::vector<TemplateOffset> carrier; // cells no opponent stone may hold (the cell excluded)
    bool operator==(const EdgeTemplate&) const = default;
};

// The text form, one template a line: "ROWS stones A,R ... carrier A,R ..." ('#' comments).
// Throws std::invalid_argument with the line's number on anything else.
std::vector<EdgeTemplate> parseEdgeTemplates(std::string_view text);
std::string formatEdgeTemplate(const EdgeTemplate& t);

// The template reflected across the line through its cell perpendicular to the edge (a symmetry
// of the board's cells that keeps every row), its offsets sorted.
EdgeTemplate mirroredEdgeTemplate(const EdgeTemplate& t);

// The templates shipped with the engine (data/patterns/edge-templates.txt, embedded).
const std::vector<EdgeTemplate>& builtInEdgeTemplates();

// One template laid on a board: when every stone is the owner's and no cell of the carrier nor
// the cell itself is the opponent's, the cell (or its group) is joined to `edge` inside the
// carrier's cells that are not the owner's.
struct EdgePlacement {
    Cell cell = kNoCell;
    Cell edge = kNoCell;
    CellSet stones;
    CellSet carrier;
};

// Whether the placement's connection holds, by exhaustive search of its local game: the cell,
// its stones and its carrier are the board (the cell and the stones the owner's), the opponent
// holds every other cell and moves first, and the owner must join the cell to the edge
// (EdgeWindows::joinsExactly; at most 64 cells, std::invalid_argument beyond).
bool edgeTemplateHolds(const Geometry& geometry, const EdgePlacement& placement);

// Every placement of `templates` and their mirror images along both of `owner`'s edges that
// fits on the board.
std::vector<EdgePlacement> placeEdgeTemplates(const Geometry& geometry, Color owner,
                                              std::span<const EdgeTemplate> templates);

// The placements of one colour on one board, indexed for matching at every build: most of them
// need helper stones, and few positions hold the first helper of a given placement, so those
// placements are filed under that helper's cell and looked at only when the owner holds it.
class EdgePlacementIndex {
public:
    EdgePlacementIndex() = default;
    EdgePlacementIndex(std::vector<EdgePlacement> placements, int cellCount);

    // Calls visit(placement) for each placement that holds on a board where the owner has `own`
    // and the opponent `opp`: first those without helpers, in the order given, then those filed
    // under each of the owner's stones in cell order (each placement is filed once, under its
    // first helper, so none is visited twice).
    template <typename Visit>
    void forEachMatch(const CellSet& own, const CellSet& opp, Visit visit) const {
        const auto visitHolding = [&](const std::vector<std::uint32_t>& indices) {
            for (const std::uint32_t i : indices) {
                const EdgePlacement& p = placements_[i];
                if (!opp.test(p.cell) && !p.carrier.intersects(opp) && p.stones.isSubsetOf(own))
                    visit(p);
            }
        };
        visitHolding(bare_);
        for (Cell c = own.first(); c != kNoCell; c = own.nextFrom(c + 1))
            if (static_cast<std::size_t>(c) < byFirstStone_.size())
                visitHolding(byFirstStone_[static_cast<std::size_t>(c)]);
    }

    std::size_t size() const noexcept { return placements_.size(); }

private:
    std::vector<EdgePlacement> placements_;
    std::vector<std::uint32_t> bare_;                      // placements without helpers
    std::vector<std::vector<std::uint32_t>> byFirstStone_; // the others, by their first helper
};

} // namespace hex
