#include "solver/edge_template_game.h"

#include "test/connections/brute_force.h"
#include "test/support/edge_placement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

namespace hex {
namespace {

using testing::southPlacement;

// The tests' exhaustive search on the template laid on a wide board's south edge.
bool holdsByExhaustiveSearch(const EdgeTemplate& t) {
    const Board empty(15, 9);
    const EdgePlacement p = southPlacement(empty.geometry(), t);
    Board board = empty;
    for (Cell c : p.stones.cells())
        board.play(c, Color::Black);
    board.play(p.cell, Color::Black);
    testing::VcChecker checker;
    return checker.holds(board, Color::Black, p.cell, p.edge, p.carrier, false);
}

bool holdsBySolver(Solver& solver, const EdgeTemplate& t) {
    const auto proof = solveEdgeTemplate(solver, EdgeTemplateGame(t));
    EXPECT_TRUE(proof.has_value()) << formatEdgeTemplate(t);
    return proof && proof->holds;
}

// A random candidate: a cell two to four rows from the edge, up to two helpers and a random
// part of the cone below it, small enough for the exhaustive search.
EdgeTemplate randomTemplate(std::mt19937& rng) {
    EdgeTemplate t;
    t.rows = 2 + static_cast<int>(rng() % 3);
    std::vector<TemplateOffset> cone;
    for (int down = 0; down < t.rows; ++down)
        for (int along = -down - 2; along <= 2; ++along)
            if (down > 0 || along != 0)
                cone.push_back({along, -down});
    std::shuffle(cone.begin(), cone.end(), rng);
    const std::size_t helpers = rng() % 3;
    const std::size_t cells = std::min<std::size_t>(cone.size() - helpers, 4 + rng() % 9);
    t.stones.assign(cone.begin(), cone.begin() + static_cast<std::ptrdiff_t>(helpers));
    t.carrier.assign(cone.begin() + static_cast<std::ptrdiff_t>(helpers),
                     cone.begin() + static_cast<std::ptrdiff_t>(helpers + cells));
    return t;
}

// The game of Hex is the template's local game: on 600 random candidates (about a fifth of them
// connections) the solver's answer on the game equals the exhaustive search's on the board.
TEST(EdgeTemplateGame, AgreesWithExhaustiveSearchOnRandomCandidates) {
    std::mt19937 rng(20261129);
    Solver solver{edgeTemplateGameParams()};
    int held = 0;
    for (int i = 0; i < 600; ++i) {
        const EdgeTemplate t = randomTemplate(rng);
        const bool exhaustive = holdsByExhaustiveSearch(t);
        EXPECT_EQ(holdsBySolver(solver, t), exhaustive) << formatEdgeTemplate(t);
        held += exhaustive ? 1 : 0;
    }
    EXPECT_GT(held, 30);
    EXPECT_LT(held, 570);
}

// Every built-in template holds, and the opponent on any one carrier cell, or on the place of
// any one helper stone, breaks it (the generator keeps them minimal). The templates of more
// than twenty cells are beyond the exhaustive searches; the solver decides them all.
TEST(EdgeTemplateGame, EveryBuiltInTemplateHoldsAndNeedsEveryCell) {
    Solver solver{edgeTemplateGameParams()};
    for (const EdgeTemplate& t : builtInEdgeTemplates()) {
        for (const EdgeTemplate& image : {t, mirroredEdgeTemplate(t)})
            EXPECT_TRUE(holdsBySolver(solver, image)) << formatEdgeTemplate(image);
        for (std::size_t i = 0; i < t.carrier.size(); ++i) {
            EdgeTemplate less = t;
            less.carrier.erase(less.carrier.begin() + static_cast<std::ptrdiff_t>(i));
            EXPECT_FALSE(holdsBySolver(solver, less)) << formatEdgeTemplate(less);
        }
        for (std::size_t i = 0; i < t.stones.size(); ++i) {
            EdgeTemplate less = t;
            less.stones.erase(less.stones.begin() + static_cast<std::ptrdiff_t>(i));
            EXPECT_FALSE(holdsBySolver(solver, less)) << formatEdgeTemplate(less);
        }
    }
}

// The game needs the carrier on or below the cell's row: above it the stone that joins the cell
// to the far edge would touch it.
TEST(EdgeTemplateGame, RefusesCellsAboveTheTemplatesRow) {
    EdgeTemplate t;
    t.rows = 3;
    t.carrier = {{0, -1}, {1, 1}};
    EXPECT_THROW(EdgeTemplateGame{t}, std::invalid_argument);
}

} // namespace
} // namespace hex
