#include "eval/two_distance.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace hex::eval {
namespace {

int potentialAt(TwoDistanceEvaluator& evaluator, const Board& board, Color color, int x, int y) {
    return evaluator.potentials(board,
                                color)[static_cast<std::size_t>(board.geometry().cell(x, y))];
}

TEST(TwoDistance, EmptyThreeByThreeByHand) {
    // Black, from the north: row 1 is at 1; b2 sees a1/b1... second best 1, so 2; c2 sees only
    // c1 at 1 in row 1 and b2 at 2, so 3. From the south by symmetry. Potentials are the sums.
    TwoDistanceEvaluator evaluator;
    const Board board(3, 3);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 1, 1), 4);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 1), 5);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 2, 1), 5);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 0), 1 + 4);
    EXPECT_EQ(evaluator.evaluate(board, Color::Black), 0);
}

TEST(TwoDistance, OwnGroupsCarryDistance) {
    // A black stone at b2 on 3x5: the cells around it neighbour each other through it.
    TwoDistanceEvaluator evaluator;
    Board board(3, 5);
    const Board empty(3, 5);
    board.play(board.geometry().cell(1, 2), Color::Black);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 3; ++x)
            if (board.isEmpty(board.geometry().cell(x, y))) {
                EXPECT_LE(potentialAt(evaluator, board, Color::Black, x, y),
                          potentialAt(evaluator, empty, Color::Black, x, y));
            }
    EXPECT_LT(potentialAt(evaluator, board, Color::Black, 1, 1),
              potentialAt(evaluator, empty, Color::Black, 1, 1));
}

TEST(TwoDistance, OpponentWallMakesUnreachable) {
    TwoDistanceEvaluator evaluator;
    Board board(3, 3);
    const Geometry& g = board.geometry();
    board.play(g.cell(0, 1), Color::White);
    board.play(g.cell(1, 1), Color::White);
    // Black's only way is c2, a single neighbour: the opponent blocks it.
    const int unreachable = TwoDistanceEvaluator::unreachable(g.cellCount());
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 2, 1), unreachable);
    EXPECT_EQ(potentialAt(evaluator, board, Color::Black, 0, 0), unreachable);
    EXPECT_GT(evaluator.evaluate(board, Color::White), 0);
}

TEST(TwoDistance, SmallBoardByHand) {
    // Empty 2x2: both colours have minimum potential 3 on the short diagonal (a2, b1), two cells
    // each, so the value is even. A black stone on b1 brings a2 and b2 to potential 2.
    TwoDistanceEvaluator evaluator;
    const Board board(2, 2);
    EXPECT_EQ(evaluator.evaluate(board, Color::Black), 0);
    Board played = board;
    played.play(played.geometry().cell(1, 0), Color::Black);
    EXPECT_GT(evaluator.evaluate(played, Color::Black), 0);
}

// The definition, solved the slow way: neighbourhoods as explicit cell sets (adjacent, or both
// next to one own group) and the distances relaxed from "unreachable" until nothing changes.
// Each round can only lower a value to 1 + the second-smallest current neighbour value, which
// never goes below the true two-distance, so the fixed point is the two-distance.
std::vector<int> referenceDistances(const Board& board, Color color, Cell edge) {
    const Geometry& g = board.geometry();
    const int cells = g.cellCount();
    const int unreachable = TwoDistanceEvaluator::unreachable(cells);
    std::vector<std::vector<Cell>> ownGroupsNextTo(static_cast<std::size_t>(cells));
    for (Cell u = 0; u < cells; ++u)
        for (Cell n : g.neighbours(u))
            if (board.has(n, color))
                ownGroupsNextTo[static_cast<std::size_t>(u)].push_back(board.group(n));
    std::vector<std::vector<Cell>> neighbourhood(static_cast<std::size_t>(cells));
    std::vector<int> distance(static_cast<std::size_t>(cells), unreachable);
    for (Cell u = 0; u < cells; ++u) {
        if (!board.isEmpty(u))
            continue;
        const std::vector<Cell>& groupsOfU = ownGroupsNextTo[static_cast<std::size_t>(u)];
        if (std::count(groupsOfU.begin(), groupsOfU.end(), board.group(edge)) > 0)
            distance[static_cast<std::size_t>(u)] = 1;
        for (Cell v = 0; v < cells; ++v) {
            const std::vector<Cell>& groupsOfV = ownGroupsNextTo[static_cast<std::size_t>(v)];
            const bool throughGroup = std::any_of(groupsOfU.begin(), groupsOfU.end(), [&](Cell r) {
                return std::count(groupsOfV.begin(), groupsOfV.end(), r) > 0;
            });
            if (v != u && board.isEmpty(v) && (g.adjacent(u, v) || throughGroup))
                neighbourhood[static_cast<std::size_t>(u)].push_back(v);
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (Cell u = 0; u < cells; ++u) {
            std::vector<int> around;
            for (Cell v : neighbourhood[static_cast<std::size_t>(u)])
                around.push_back(distance[static_cast<std::size_t>(v)]);
            if (around.size() < 2)
                continue;
            std::nth_element(around.begin(), around.begin() + 1, around.end());
            const int candidate = std::min(unreachable, around[1] + 1);
            if (candidate < distance[static_cast<std::size_t>(u)]) {
                distance[static_cast<std::size_t>(u)] = candidate;
                changed = true;
            }
        }
    }
    return distance;
}

TEST(TwoDistance, PotentialsMatchTheDefinitionOnRandomPositions) {
    std::mt19937 rng(2026);
    TwoDistanceEvaluator evaluator; // reused across sizes, as in search
    for (int trial = 0; trial < 300; ++trial) {
        const int width = 1 + testing::randomBelow(rng, 8);
        const int height = 1 + testing::randomBelow(rng, 8);
        const Board board = testing::randomOpenPosition(width, height, rng);
        const Geometry& g = board.geometry();
        const int unreachable = TwoDistanceEvaluator::unreachable(g.cellCount());
        for (Color color : {Color::Black, Color::White}) {
            const std::vector<int> fromEdge1 = referenceDistances(board, color, g.edge1(color));
            const std::vector<int> fromEdge2 = referenceDistances(board, color, g.edge2(color));
            const std::span<const int> potentials = evaluator.potentials(board, color);
            for (Cell c = 0; c < g.cellCount(); ++c) {
                const auto i = static_cast<std::size_t>(c);
                ASSERT_EQ(potentials[i], std::min(unreachable, fromEdge1[i] + fromEdge2[i]))
                    << width << "x" << height << " " << colorName(color) << " " << g.name(c);
            }
        }
    }
}

} // namespace
} // namespace hex::eval
