#include "eval/evaluator.h"
#include "eval/resistance.h"
#include "eval/skyline_solver.h"

#include "test/eval/eval_test_support.h"
#include "test/support/board_with.h"

#include <Eigen/Dense>
#include <Eigen/SparseCholesky>

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace hex::eval {
namespace {

// Reference: the same circuit assembled independently (groups from the board, a dense
// Laplacian) and solved by Eigen's dense LDLT.
double referenceResistance(const Board& board, Color color) {
    const Geometry& g = board.geometry();
    const Color other = opponent(color);
    std::map<Cell, int> node; // group root -> index
    for (Cell c = 0; c < g.nodeCount(); ++c)
        if (!board.has(c, other))
            node.emplace(board.group(c), static_cast<int>(node.size()));
    const int n = static_cast<int>(node.size());
    Eigen::MatrixXd laplacian = Eigen::MatrixXd::Zero(n, n);
    for (Cell c = 0; c < g.nodeCount(); ++c) {
        for (Cell d : g.neighbours(c)) {
            if (d < c || board.has(c, other) || board.has(d, other) || board.connected(c, d))
                continue;
            const double conductance = board.isEmpty(c) && board.isEmpty(d) ? 1.0 : 2.0;
            const int a = node.at(board.group(c));
            const int b = node.at(board.group(d));
            laplacian(a, a) += conductance;
            laplacian(b, b) += conductance;
            laplacian(a, b) -= conductance;
            laplacian(b, a) -= conductance;
        }
    }
    // Ground the sink by a tiny leak everywhere would bias it; instead pin it: R is the
    // source-to-sink entry of the pseudo-inverse, computed here with a grounded sink row.
    const int source = node.at(board.group(g.edge1(color)));
    const int sink = node.at(board.group(g.edge2(color)));
    laplacian.row(sink).setZero();
    laplacian.col(sink).setZero();
    laplacian(sink, sink) = 1.0;
    // Nodes cut off from both terminals make the matrix singular: give them a unit self-loop.
    for (int i = 0; i < n; ++i)
        if (laplacian(i, i) == 0.0)
            laplacian(i, i) = 1.0;
    Eigen::VectorXd current = Eigen::VectorXd::Zero(n);
    current(source) = 1.0;
    const Eigen::VectorXd voltage = laplacian.fullPivLu().solve(current);
    return voltage(source);
}

TEST(Resistance, SingleCellIsTwoHalfOhmsInSeries) {
    ResistanceEvaluator evaluator;
    const Board board(1, 1);
    EXPECT_DOUBLE_EQ(evaluator.resistance(board, Color::Black), 1.0);
    EXPECT_DOUBLE_EQ(evaluator.resistance(board, Color::White), 1.0);
    EXPECT_EQ(evaluator.evaluate(board, Color::Black), 0);
}

TEST(Resistance, JoinedIsZeroAndCutOffIsInfinite) {
    ResistanceEvaluator evaluator;
    Board board(2, 2);
    board.play(board.geometry().cell(0, 0), Color::Black);
    board.play(board.geometry().cell(1, 0), Color::White);
    board.play(board.geometry().cell(0, 1), Color::Black);
    EXPECT_EQ(evaluator.resistance(board, Color::Black), 0.0);
    EXPECT_TRUE(std::isinf(evaluator.resistance(board, Color::White)));
}

TEST(Resistance, MatchesDenseReferenceOnRandomPositions) {
    std::mt19937 rng(21);
    ResistanceEvaluator evaluator;
    for (int i = 0; i < 300; ++i) {
        const int w = 1 + testing::randomBelow(rng, 8);
        const int h = 1 + testing::randomBelow(rng, 8);
        const Board board = testing::randomOpenPosition(w, h, rng);
        for (Color color : {Color::Black, Color::White}) {
            const double expected = referenceResistance(board, color);
            EXPECT_NEAR(evaluator.resistance(board, color), expected, 1e-9 * expected)
                << w << "x" << h << " " << colorName(color);
        }
    }
}

TEST(Resistance, LinkProviderAddsConductanceInParallel) {
    ResistanceEvaluator evaluator;
    const Board board(3, 3);
    const double plain = evaluator.resistance(board, Color::Black);
    // A link straight from edge to edge is a resistor in parallel with the whole board.
    evaluator.setLinkProvider([](const Board& b, Color color, LinkUse, std::vector<Link>& links) {
        links.push_back({b.geometry().edge1(color), b.geometry().edge2(color), 0.5});
    });
    EXPECT_NEAR(evaluator.resistance(board, Color::Black), 1.0 / (1.0 / plain + 0.5), 1e-12);
    evaluator.setLinkProvider({});
    EXPECT_DOUBLE_EQ(evaluator.resistance(board, Color::Black), plain);
}

TEST(Resistance, LinkCanBridgeAnOpponentWall) {
    ResistanceEvaluator evaluator;
    Board board(3, 3);
    const Geometry& g = board.geometry();
    for (int x = 0; x < 3; ++x)
        board.play(g.cell(x, 1), Color::White); // White wins: Black is cut off
    ASSERT_TRUE(std::isinf(evaluator.resistance(board, Color::Black)));
    evaluator.setLinkProvider([](const Board& b, Color, LinkUse, std::vector<Link>& links) {
        links.push_back({b.geometry().cell(1, 0), b.geometry().cell(1, 2), 1.0});
    });
    // north =2= b1 -1- b3 =2= south, plus the other row-1 and row-3 cells in parallel.
    const double r = evaluator.resistance(board, Color::Black);
    EXPECT_TRUE(std::isfinite(r));
    EXPECT_GT(r, 1.0);
}

TEST(Resistance, BridgeLinksFromTheRegistryRaiseTheBridgingSidesValue) {
    // Black b2 and c3 form a bridge; White has no links. Made through the registry, so a link
    // source that is not installed (or links the circuit drops) shows up as equal values.
    const Board board = testing::boardWith(5, "b2 c3", "d2");
    const auto plain = makeEvaluator("resistance", EvaluatorConfig{"off"});
    const auto linked = makeEvaluator("resistance", EvaluatorConfig{"bridges"});
    ASSERT_NE(linked, nullptr);
    EXPECT_GT(linked->evaluate(board, Color::Black), plain->evaluate(board, Color::Black));
    EXPECT_LT(linked->evaluate(board, Color::White), plain->evaluate(board, Color::White));
    EXPECT_EQ(makeEvaluator("resistance", EvaluatorConfig{"bogus"}), nullptr);
}

TEST(Resistance, CellValuesAreCurrents) {
    // 1 x 3 board (one column): Black's whole unit current passes every cell; White's circuit
    // has the three cells in parallel, a third of the current each.
    ResistanceEvaluator evaluator;
    const Board board(1, 3);
    std::vector<int> cells(3);
    evaluator.evaluateWithCells(board, Color::Black, cells);
    const int expected = static_cast<int>(std::round((1.0 + 1.0 / 3.0) * 10000));
    EXPECT_EQ(cells, (std::vector<int>{expected, expected, expected}));
}

TEST(SkylineSolver, MatchesEigenSparseCholesky) {
    std::mt19937 rng(22);
    for (int trial = 0; trial < 50; ++trial) {
        const int n = 1 + testing::randomBelow(rng, 60);
        const int band = 1 + testing::randomBelow(rng, 12);
        std::vector<Eigen::Triplet<double>> entries;
        SkylineSolver solver;
        solver.reset(n);
        std::vector<std::array<int, 2>> pairs;
        for (int i = 0; i < n; ++i)
            for (int j = std::max(0, i - band); j < i; ++j)
                if (testing::randomBelow(rng, 3) == 0)
                    pairs.push_back({i, j});
        for (auto [i, j] : pairs)
            solver.touch(i, j);
        // A diagonally dominant Laplacian plus a leak: symmetric positive definite.
        std::vector<double> diagonal(static_cast<std::size_t>(n), 0.5);
        for (auto [i, j] : pairs) {
            const double g = 1 + testing::randomBelow(rng, 4);
            solver.addOffDiagonal(i, j, -g);
            entries.emplace_back(i, j, -g);
            entries.emplace_back(j, i, -g);
            diagonal[static_cast<std::size_t>(i)] += g;
            diagonal[static_cast<std::size_t>(j)] += g;
        }
        for (int i = 0; i < n; ++i) {
            solver.addDiagonal(i, diagonal[static_cast<std::size_t>(i)]);
            entries.emplace_back(i, i, diagonal[static_cast<std::size_t>(i)]);
        }
        Eigen::SparseMatrix<double> a(n, n);
        a.setFromTriplets(entries.begin(), entries.end());
        Eigen::VectorXd b(n);
        std::vector<double> x(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            b(i) = x[static_cast<std::size_t>(i)] = testing::randomBelow(rng, 200) - 100;
        const Eigen::VectorXd expected =
            Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>>(a).solve(b);
        ASSERT_TRUE(solver.factorise());
        solver.solve(x);
        for (int i = 0; i < n; ++i)
            EXPECT_NEAR(x[static_cast<std::size_t>(i)], expected(i),
                        1e-9 * (1 + std::abs(expected(i))));
    }
}

TEST(SkylineSolver, RejectsASingularMatrix) {
    SkylineSolver solver;
    solver.reset(2);
    solver.touch(0, 1);
    solver.addDiagonal(0, 1.0);
    solver.addDiagonal(1, 1.0);
    solver.addOffDiagonal(0, 1, -1.0);
    EXPECT_FALSE(solver.factorise());
}

} // namespace
} // namespace hex::eval
