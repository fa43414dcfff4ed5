#include "connections/edge_templates.h"

#include "connections/connections.h"
#include "test/connections/brute_force.h"
#include "test/support/edge_placement.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace hex {
namespace {

using testing::southPlacement;

// The templates of at most four rows (up to eighteen cells with the cell and its helpers) are
// checked by the exhaustive searches below; the fifth-row ones (nineteen to thirty-five cells)
// take the exhaustive search minutes each, and the solver checks them and every other one
// (test/solver/edge_template_game_test.cpp).
constexpr int kExhaustiveRows = 4;

std::vector<EdgeTemplate> smallBuiltInTemplates() {
    std::vector<EdgeTemplate> small;
    for (const EdgeTemplate& t : builtInEdgeTemplates())
        if (t.rows <= kExhaustiveRows)
            small.push_back(t);
    return small;
}

Board withStones(const Board& empty, const EdgePlacement& p, Color owner) {
    Board board = empty;
    for (Cell c : p.stones.cells())
        board.play(c, owner);
    return board;
}

// Each small built-in template and its mirror image on Black's south edge of a 9x9 board (the other
// edges and White's are exact images, PlacementsAreImagesOfEachOther): the opponent moving
// first inside the carrier, holding every cell outside it, never keeps the cell from the edge,
// by the tests' own exhaustive search (VcChecker), with the cell played and with it empty.
TEST(EdgeTemplates, EveryBuiltInTemplateIsAConnection) {
    ASSERT_GE(smallBuiltInTemplates().size(), 10u);
    const Board empty(9, 9);
    const Geometry& g = empty.geometry();
    testing::VcChecker checker;
    for (const EdgeTemplate& t : smallBuiltInTemplates()) {
        for (const EdgeTemplate& image : {t, mirroredEdgeTemplate(t)}) {
            const EdgePlacement p = southPlacement(g, image);
            Board board = withStones(empty, p, Color::Black);
            EXPECT_TRUE(checker.holds(board, Color::Black, p.cell, p.edge, p.carrier, false))
                << formatEdgeTemplate(image);
            board.play(p.cell, Color::Black);
            EXPECT_TRUE(checker.holds(board, Color::Black, p.cell, p.edge, p.carrier, false))
                << formatEdgeTemplate(image) << " with the cell played";
        }
    }
}

// The local game of edgeTemplateHolds agrees with that exhaustive search, and the generator
// keeps carriers and helpers minimal: the opponent on any one carrier cell, or on the place of
// any one helper stone, breaks each small template.
TEST(EdgeTemplates, EveryCellAndStoneIsNeeded) {
    const Board empty(9, 9);
    const Geometry& g = empty.geometry();
    testing::VcChecker checker;
    for (const EdgeTemplate& t : smallBuiltInTemplates()) {
        const EdgePlacement p = southPlacement(g, t);
        EXPECT_TRUE(edgeTemplateHolds(g, p)) << formatEdgeTemplate(t);
        for (Cell c : p.carrier.cells()) {
            EdgePlacement less = p;
            less.carrier.reset(c);
            EXPECT_FALSE(edgeTemplateHolds(g, less))
                << formatEdgeTemplate(t) << " without " << g.name(c);
        }
        for (Cell c : p.stones.cells()) {
            EdgePlacement less = p;
            less.stones.reset(c);
            EXPECT_FALSE(edgeTemplateHolds(g, less))
                << formatEdgeTemplate(t) << " without the stone " << g.name(c);
        }
        // One broken variant through the independent search too.
        EdgePlacement less = p;
        less.carrier.reset(p.carrier.first());
        EXPECT_FALSE(checker.holds(withStones(empty, less, Color::Black), Color::Black, p.cell,
                                   p.edge, less.carrier, false));
    }
}

// The four edges are images of one another: on a square board the placements for Black's north
// edge are those for its south edge turned by 180 degrees, and White's are Black's reflected in
// the board's diagonal.
TEST(EdgeTemplates, PlacementsAreImagesOfEachOther) {
    const Board board(8, 8);
    const Geometry& g = board.geometry();
    const auto black = placeEdgeTemplates(g, Color::Black, builtInEdgeTemplates());
    const auto white = placeEdgeTemplates(g, Color::White, builtInEdgeTemplates());
    ASSERT_EQ(black.size(), white.size());
    const auto rotated = [&](Cell c) { return g.cell(7 - g.x(c), 7 - g.y(c)); };
    const auto transposed = [&](Cell c) { return g.cell(g.y(c), g.x(c)); };
    const auto image = [](const CellSet& s, auto map) {
        CellSet out;
        for (Cell c : s.cells())
            out.set(map(c));
        return out;
    };
    const auto contains = [](const std::vector<EdgePlacement>& list, const EdgePlacement& p) {
        for (const EdgePlacement& q : list)
            if (q.cell == p.cell && q.edge == p.edge && q.stones == p.stones &&
                q.carrier == p.carrier)
                return true;
        return false;
    };
    for (const EdgePlacement& p : black) {
        const Cell otherEdge = p.edge == g.south() ? g.north() : g.south();
        EXPECT_TRUE(contains(black, {rotated(p.cell), otherEdge, image(p.stones, rotated),
                                     image(p.carrier, rotated)}));
        const Cell whiteEdge = p.edge == g.south() ? g.east() : g.west();
        EXPECT_TRUE(contains(white, {transposed(p.cell), whiteEdge, image(p.stones, transposed),
                                     image(p.carrier, transposed)}));
    }
}

// A build with the templates finds the fourth-row connection of the first built-in template,
// which the rules alone miss; one opponent stone in its carrier takes it away again.
TEST(EdgeTemplates, TheBuildAddsTheirConnections) {
    const Board empty(8, 8);
    const EdgeTemplate& t = builtInEdgeTemplates().front();
    const EdgePlacement p = placeEdgeTemplates(empty.geometry(), Color::Black, {&t, 1}).front();
    // The opponent holds every cell outside the template, so that no other connection exists.
    Board board = withStones(empty, p, Color::Black);
    board.play(p.cell, Color::Black);
    for (Cell c : empty.emptyCells())
        if (board.isEmpty(c) && !p.carrier.test(c))
            board.play(c, Color::White);
    VcLimits with;
    with.edgeTemplates = true;
    Connections plain;
    Connections templates(with);
    plain.build(board, Color::Black);
    templates.build(board, Color::Black);
    const auto found = templates.fulls(p.cell, p.edge);
    ASSERT_FALSE(found.empty());
    EXPECT_TRUE(found.front().isSubsetOf(p.carrier));
    EXPECT_TRUE(plain.fulls(p.cell, p.edge).empty());
    board.play(p.carrier.first(), Color::White);
    templates.build(board, Color::Black);
    for (const CellSet& f : templates.fulls(p.cell, p.edge))
        EXPECT_NE(f, p.carrier) << "the template still matched";
}

using PlacementKey = std::tuple<Cell, Cell, std::vector<Cell>, std::vector<Cell>>;
PlacementKey keyOf(const EdgePlacement& p) {
    return {p.cell, p.edge, p.stones.cells(), p.carrier.cells()};
}

// The index visits exactly the placements a scan of all of them would accept, each once, on
// random boards of both colours' stones (dense enough that many placements break, sparse
// enough that many with helpers hold).
TEST(EdgeTemplates, TheIndexMatchesWhatAScanMatches) {
    const Board empty(9, 9);
    const Geometry& g = empty.geometry();
    const auto all = placeEdgeTemplates(g, Color::Black, builtInEdgeTemplates());
    const EdgePlacementIndex index(all, g.cellCount());
    ASSERT_EQ(index.size(), all.size());
    std::mt19937 rng(20261201);
    std::size_t matched = 0;
    for (int round = 0; round < 300; ++round) {
        CellSet own;
        CellSet opp;
        for (Cell c = 0; c < g.cellCount(); ++c) {
            const auto r = static_cast<int>(rng() % 100);
            if (r < 12)
                own.set(c);
            else if (r < 12 + (round % 3) * 4)
                opp.set(c);
        }
        std::multiset<PlacementKey> expected;
        for (const EdgePlacement& p : all)
            if (!opp.test(p.cell) && !p.carrier.intersects(opp) && p.stones.isSubsetOf(own))
                expected.insert(keyOf(p));
        std::multiset<PlacementKey> visited;
        index.forEachMatch(own, opp, [&](const EdgePlacement& p) { visited.insert(keyOf(p)); });
        EXPECT_EQ(visited, expected) << "round " << round;
        matched += expected.size();
    }
    EXPECT_GT(matched, 300u);
}

TEST(EdgeTemplates, TextRoundTripsAndBadLinesAreRejected) {
    const std::string text = "# comment\n4 stones -1,0 carrier -2,-3 -1,-2 0,-1\n\n"
                             "3 stones carrier 0,-1 -1,-2\n";
    const auto parsed = parseEdgeTemplates(text);
    ASSERT_EQ(parsed.size(), 2u);
    EXPECT_EQ(formatEdgeTemplate(parsed[0]), "4 stones -1,0 carrier -2,-3 -1,-2 0,-1");
    EXPECT_EQ(parseEdgeTemplates(formatEdgeTemplate(parsed[1]))[0], parsed[1]);
    for (const char* bad :
         {"x stones carrier 0,-1", "4 stones -1,0", "4 carrier 0,-1 0,-1", "4 carrier 0,-4",
          "4 carrier 0,0", "4 carrier 1;2", "4 0,-1", "0 carrier 0,1", "4 carrier 0,-1 extra"}) {
        EXPECT_THROW(parseEdgeTemplates(std::string("# first\n") + bad), std::invalid_argument)
            << bad;
        try {
            parseEdgeTemplates(std::string("# first\n") + bad);
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
        }
    }
}

} // namespace
} // namespace hex
