#include "eval/vc_links.h"

#include "eval/evaluator.h"

#include "test/eval/second_player_connection.h"
#include "test/support/board_with.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

namespace hex::eval {
namespace {

std::vector<Link> linksOf(const Board& board, Color color) {
    VcLinks vc;
    std::vector<Link> links;
    vc.append(board, color, links);
    return links;
}

// A copy: the links usually come from a temporary vector.
std::optional<Link> findLink(const std::vector<Link>& links, const Board& board, Cell a, Cell b) {
    for (const Link& link : links)
        if ((board.group(link.a) == board.group(a) && board.group(link.b) == board.group(b)) ||
            (board.group(link.a) == board.group(b) && board.group(link.b) == board.group(a)))
            return link;
    return std::nullopt;
}

// Template II: the stone on the second row is linked to its edge, a quarter of an own-to-own
// link (the two carrier cells are needed by every connection); an intrusion breaks it.
TEST(VcLinks, EdgeTemplateIsAStrongLinkUntilIntruded) {
    Board board = testing::boardWith(5, "c2", "");
    const Geometry& g = board.geometry();
    const Cell c2 = *g.parse("c2");
    const std::optional<Link> link = findLink(linksOf(board, Color::Black), board, c2, g.north());
    ASSERT_TRUE(link.has_value());
    EXPECT_EQ(link->conductance, VcConductances{}.ownToOwn / 4);
    board.play(*g.parse("c1"), Color::White);
    EXPECT_FALSE(findLink(linksOf(board, Color::Black), board, c2, g.north()).has_value());
}

// Every link is a connection: by exhaustive play, the owner joins its ends with the opponent
// moving first (an empty end counts as the owner's stone), on small random positions.
TEST(VcLinks, EveryLinkIsASecondPlayerConnection) {
    std::mt19937 rng(41);
    int checked = 0;
    for (int i = 0; i < 120; ++i) {
        const int w = 2 + testing::randomBelow(rng, 4);
        const int h = 2 + testing::randomBelow(rng, 4);
        const Board board = testing::randomSparsePosition(w, h, 8, rng);
        for (Color color : {Color::Black, Color::White}) {
            for (const Link& link : linksOf(board, color)) {
                ASSERT_FALSE(board.has(link.a, opponent(color)));
                ASSERT_FALSE(board.has(link.b, opponent(color)));
                ASSERT_GT(link.conductance, 0.0);
                Board withA = board;
                if (!board.geometry().isEdge(link.a) && board.isEmpty(link.a))
                    withA.play(link.a, color);
                ASSERT_TRUE(testing::SecondPlayerConnection(withA, color).joins(link.a, link.b))
                    << w << "x" << h << " " << colorName(color) << " "
                    << board.geometry().name(link.a) << "-" << board.geometry().name(link.b);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 100);
}

// What the links are for: a stone with a template to its edge counts nearly as a stone on it.
// With the links, the second-row stone's own resistance is within 10% of the first-row one's;
// without them it is clearly worse.
TEST(VcLinks, ATemplateToTheEdgeCountsAsTouchingIt) {
    auto resistanceOf = [](std::string_view links, std::string_view black) {
        auto evaluator = makeEvaluator("resistance", EvaluatorConfig{std::string(links)});
        const Board board = testing::boardWith(9, black, "");
        // The value for Black: ln(R_white / R_black) in thousandths.
        return evaluator->evaluate(board, Color::Black);
    };
    const Score onEdgeVc = resistanceOf("vc", "e1 e5");
    const Score templateVc = resistanceOf("vc", "e2 e5");
    const Score onEdgeOff = resistanceOf("off", "e1 e5");
    const Score templateOff = resistanceOf("off", "e2 e5");
    EXPECT_GE(templateVc, onEdgeVc - 100);
    EXPECT_LT(templateOff - onEdgeOff, templateVc - onEdgeVc);
}

} // namespace
} // namespace hex::eval
