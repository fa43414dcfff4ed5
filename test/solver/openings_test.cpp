#include "solver/solver.h"
#include "test/solver/solver_params.h"
#include "test/support/paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace hex {
namespace {

// size -> winning opening cells, parsed from ../shared/data/openings.txt lines of the form
// "OPEN <n>x<n> WIN(<count>): cells..." (plain parsing: std::regex trips GCC 12 warnings under
// ASan).
std::map<int, std::set<std::string>> openingWins() {
    std::ifstream in(testing::sharedDir() + "/data/openings.txt");
    std::map<int, std::set<std::string>> wins;
    std::string text;
    while (std::getline(in, text)) {
        std::istringstream line(text);
        std::string tag;
        std::string size;
        std::string kind;
        if (!(line >> tag >> size >> kind) || tag != "OPEN")
            continue;
        auto& set = wins[std::stoi(size)];
        if (kind.rfind("WIN(", 0) != 0)
            continue;
        std::string cell;
        while (line >> cell)
            set.insert(cell);
    }
    return wins;
}

void expectOpenings(int size, Solver& solver) {
    const auto wins = openingWins();
    ASSERT_TRUE(wins.contains(size)) << "openings.txt not found or incomplete";
    const Geometry& g = Geometry::of(size, size);
    for (Cell c = 0; c < g.cellCount(); ++c) {
        Board board(g);
        board.play(c, Color::Black);
        const SolveResult r = solver.solve(board, Color::White);
        ASSERT_TRUE(r.winner);
        EXPECT_EQ(*r.winner == Color::Black, wins.at(size).contains(g.name(c)))
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

} // namespace
} // namespace hex
