#include "solver/solver.h"
#include "test/solver/solver_params.h"
#include "test/support/openings_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace hex {
namespace {

void expectOpenings(int size, Solver& solver) {
    const auto openings = testing::provenOpenings();
    ASSERT_TRUE(openings.contains(size)) << testing::openingsPath() << " not found or incomplete";
    const Geometry& g = Geometry::of(size, size);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        Board board(g);
        board.play(c, Color::Black);
        const SolveResult r = solver.solve(board, Color::White);
        ASSERT_TRUE(r.winner);
        EXPECT_EQ(*r.winner == Color::Black, openings.at(size).at(g.name(c)))
            << size << "x" << size << " " << g.name(c);
    }
}

TEST(Openings, OneToFiveMatchTheTable) {
    for (int size = 1; size <= 5; ++size) {
        Solver solver;
        expectOpenings(size, solver);
    }
}

TEST(Openings, FiveByFiveWithEachIngredientOff) {
    for (int variant = 0; variant < testing::kIngredients; ++variant) {
        const SolverParams params = testing::withoutIngredient(variant);
        Solver solver(params);
        // Without VCs the plain search needs minutes on 5x5, so that variant runs on 4x4.
        expectOpenings(params.useConnections ? 5 : 4, solver);
    }
}

TEST(Openings, SixBySixMatchesTheTable) {
    Solver solver;
    expectOpenings(6, solver);
}

// Two threads: the helper proves the root's other children into the shared table while the
// main search runs; the winners stay those of the table.
TEST(Openings, SixBySixWithTwoThreadsMatchesTheTable) {
    SolverParams params;
    params.threads = 2;
    Solver solver(params);
    expectOpenings(6, solver);
}

// Proofs that need more memory than the tables have: the tables evict, and every proof still
// finishes with the right winner (slower: evicted results are proven again).
TEST(Openings, SixBySixInTablesFarTooSmall) {
    SolverParams params;
    params.tableEntries = 64;
    params.dfpnEntries = 64;
    Solver solver(params);
    expectOpenings(6, solver);
    EXPECT_GT(solver.tableEvictions(), 0u);
    EXPECT_LE(solver.tableCapacity(), 64u);
}

} // namespace
} // namespace hex
