#include "eval/vc_links.h"

#include "eval/evaluator.h"
#include "eval/resistance.h"

#include "test/eval/second_player_connection.h"
#include "test/support/board_with.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace hex::eval {
namespace {

// The conductances that were the default until 2026-11-25: a link between two own groups too,
// and dyadic divisors. The tests of what the H-search links use them, since the default (Wolve's)
// makes no link between a stone and its edge.
constexpr VcConductances kDyadic{.ownToOwn = 16.0, .divisor = CarrierDivisor::PowerOfTwo};

std::vector<Link> vcLinksOf(const Board& board, Color color, VcConductances conductances = {},
                            VcLimits limits = kVcEvaluationLimits) {
    VcLinks vc(conductances, limits);
    std::vector<Link> links;
    vc.append(board, color, links);
    return links;
}

// Checks that every link joins two endpoints of `color` that it connects even when the opponent
// moves first (by exhaustive play; the link's first end played when it is an empty cell).
// Returns how many links were checked.
int checkEveryLink(const Board& board, Color color, const std::vector<Link>& links) {
    for (const Link& link : links) {
        EXPECT_FALSE(board.has(link.a, opponent(color)));
        EXPECT_FALSE(board.has(link.b, opponent(color)));
        EXPECT_GT(link.conductance, 0.0);
        Board withA = board;
        if (!board.geometry().isEdge(link.a) && board.isEmpty(link.a))
            withA.play(link.a, color);
        EXPECT_TRUE(testing::SecondPlayerConnection(withA, color).joins(link.a, link.b))
            << board.width() << "x" << board.height() << " " << colorName(color) << " "
            << board.geometry().name(link.a) << "-" << board.geometry().name(link.b);
    }
    return static_cast<int>(links.size());
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
    const std::optional<Link> link =
        findLink(vcLinksOf(board, Color::Black, kDyadic), board, c2, g.north());
    ASSERT_TRUE(link.has_value());
    EXPECT_EQ(link->conductance, kDyadic.ownToOwn / 4);
    board.play(*g.parse("c1"), Color::White);
    EXPECT_FALSE(
        findLink(vcLinksOf(board, Color::Black, kDyadic), board, c2, g.north()).has_value());
}

// Edge template IVa: a lone stone on the fourth row is connected to its edge, but the H-search
// finds it only when it keeps three fulls and six semis per pair and ORs four semis. The
// evaluation's default limits miss it; the `vc_*_per_pair` and `vc_or_semis` options buy it.
// (Every connection the H-search reports is checked by exhaustive play in the connections tests.)
TEST(VcLinks, RicherLimitsLinkAFourthRowStoneToItsEdge) {
    const VcLimits iva{3, 6, 4, false};
    for (const auto& [n, cell] : {std::pair{7, "e4"}, std::pair{9, "f6"}, std::pair{11, "f8"}}) {
        const Board board = testing::boardWith(n, cell, "");
        const Geometry& g = board.geometry();
        const Cell stone = *g.parse(cell);
        EXPECT_FALSE(findLink(vcLinksOf(board, Color::Black, kDyadic), board, stone, g.south()))
            << cell;
        EXPECT_TRUE(findLink(vcLinksOf(board, Color::Black, kDyadic, iva), board, stone, g.south()))
            << cell;
    }
}

// Wolve's conductances, the default: no link between two own groups, so the template's stone
// reaches its edge only through the empty cells both are linked to; and the divisor is k + 1,
// so a bridge (both carrier cells needed, k = 2) conducts a third of its base instead of a
// quarter. Every other link is the dyadic one's, divided by k + 1 instead of the power of two
// at or above it.
TEST(VcLinks, WolveConductancesDropOwnLinksAndDivideByTheCarrier) {
    const Board board = testing::boardWith(5, "c2 b4", "d3");
    const Geometry& g = board.geometry();
    VcConductances wolve;
    wolve.ownToOwn = 0;
    wolve.divisor = CarrierDivisor::Linear;
    EXPECT_EQ(VcConductances{}, wolve);
    const std::vector<Link> pow2 = vcLinksOf(board, Color::Black, kDyadic);
    const std::vector<Link> linear = vcLinksOf(board, Color::Black, wolve);
    EXPECT_TRUE(findLink(pow2, board, *g.parse("c2"), g.north()).has_value());
    EXPECT_FALSE(findLink(linear, board, *g.parse("c2"), g.north()).has_value());
    int bridges = 0;
    std::size_t ownLinks = 0;
    for (const Link& link : pow2) {
        const int ownEnds = !board.isEmpty(link.a) + !board.isEmpty(link.b);
        if (ownEnds == 2) {
            ++ownLinks;
            continue;
        }
        const std::optional<Link> same = findLink(linear, board, link.a, link.b);
        ASSERT_TRUE(same.has_value()) << g.name(link.a) << "-" << g.name(link.b);
        const double base = ownEnds == 1 ? wolve.ownToEmpty : wolve.emptyToEmpty;
        const double k = base / same->conductance - 1;
        ASSERT_EQ(k, std::round(k));
        EXPECT_EQ(link.conductance, base / std::bit_ceil(static_cast<unsigned>(k) + 1));
        bridges += k == 2;
    }
    // c2-b4 (a bridge), each stone to each edge through the other, and edge to edge.
    EXPECT_EQ(ownLinks, 6u);
    EXPECT_EQ(linear.size(), pow2.size() - ownLinks);
    EXPECT_GT(bridges, 0);
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
            // The dyadic conductances make links between own groups too: more to check.
            checked += checkEveryLink(board, color, vcLinksOf(board, color, kDyadic));
        }
    }
    EXPECT_GT(checked, 100);
}

// Along a game, each build is derived from an earlier position's (a stone or a few up the line):
// those links must be as sound as fresh ones.
TEST(VcLinks, DerivedLinksAreSecondPlayerConnectionsToo) {
    std::mt19937 rng(43);
    VcLinks vc;
    int checked = 0;
    for (int game = 0; game < 40; ++game) {
        const int w = 3 + testing::randomBelow(rng, 3);
        const int h = 3 + testing::randomBelow(rng, 3);
        Board board(w, h);
        // Evaluated at every ply, so that the later builds are derived; checked by brute force
        // (exponential in the empty cells) only from 11 empty cells on.
        const int empties = 6 + testing::randomBelow(rng, 3);
        while (board.emptyCount() > empties && !board.winner()) {
            std::vector<Cell> empty;
            for (Cell c = 0; c < board.geometry().cellCount(); ++c)
                if (board.isEmpty(c))
                    empty.push_back(c);
            board.play(empty[static_cast<std::size_t>(
                           testing::randomBelow(rng, static_cast<int>(empty.size())))],
                       board.stoneCount() % 2 == 0 ? Color::Black : Color::White);
            for (Color color : {Color::Black, Color::White}) {
                std::vector<Link> links;
                vc.append(board, color, links);
                if (board.emptyCount() <= 11)
                    checked += checkEveryLink(board, color, links);
            }
        }
    }
    EXPECT_GT(checked, 100);
    EXPECT_GT(vc.derivedBuilds(), vc.builds() / 2);
}

// The kept builds hold at most their byte budget (or the newest alone), and the children of the
// newest still derive from it: on a 13x13 game evaluated at every ply, with a budget of about
// three builds, the builds are derived as without a budget.
TEST(VcLinks, KeptBuildsStayWithinTheirByteBudget) {
    std::mt19937 rng(47);
    const Board start = testing::randomPosition(13, 13, 20, rng);
    VcLinks measure;
    std::vector<Link> links;
    measure.append(start, Color::Black, links);
    const std::size_t budget = 3 * measure.keptBytes(Color::Black);
    ASSERT_GT(budget, 0u);

    VcLinks vc({}, kVcEvaluationLimits, budget);
    Board board = start;
    std::size_t mostKept = 0;
    for (int ply = 0; ply < 30 && !board.winner(); ++ply) {
        for (Color color : {Color::Black, Color::White}) {
            links.clear();
            vc.append(board, color, links);
            EXPECT_GE(vc.keptBuilds(color), 1u);
            if (vc.keptBuilds(color) > 1) {
                EXPECT_LE(vc.keptBytes(color), budget);
            }
            mostKept = std::max(mostKept, vc.keptBuilds(color));
        }
        const std::vector<Cell> empty = board.emptyCells();
        board.play(empty[static_cast<std::size_t>(
                       testing::randomBelow(rng, static_cast<int>(empty.size())))],
                   board.stoneCount() % 2 == 0 ? Color::Black : Color::White);
    }
    EXPECT_LT(mostKept, VcLinks::kBasesPerColour);
    EXPECT_GT(mostKept, 1u);
    // A fresh build only every kMaxGeneration + 1 builds of a colour.
    EXPECT_GE(vc.derivedBuilds(), vc.builds() * 3 / 4);
}

// The connections behind the links also decide positions: the side to move with an edge-to-edge
// semi connection has won, a side facing a full one has lost, and both score kDecidedScore
// (the bridge links cannot tell).
TEST(VcLinks, ConnectedPositionsScoreAsDecided) {
    using R = ResistanceEvaluator;
    auto vc = makeEvaluator("resistance", EvaluatorConfig{"vc"});
    auto bridges = makeEvaluator("resistance", EvaluatorConfig{"bridges"});
    const Board empty = testing::boardWith(3, "", ""); // the first player wins at b2
    for (Color toMove : {Color::Black, Color::White}) {
        EXPECT_EQ(vc->evaluate(empty, toMove), R::kDecidedScore);
        EXPECT_LT(bridges->evaluate(empty, toMove), R::kDecidedScore / 2);
    }
    const Board centre = testing::boardWith(3, "b2", ""); // two bridges to Black's edges
    std::vector<int> cells(static_cast<std::size_t>(centre.geometry().cellCount()));
    EXPECT_EQ(vc->evaluateWithCells(centre, Color::White, cells), -R::kDecidedScore);
    EXPECT_EQ(vc->evaluate(centre, Color::Black), R::kDecidedScore);
    const Board open = testing::boardWith(9, "e5", "d4");
    EXPECT_LT(std::abs(vc->evaluate(open, Color::Black)), R::kDecidedScore / 2);
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

// A leaf's build is not kept (nothing is evaluated from a search's leaf), and it does not push
// out the node builds the leaves derive from: the siblings below one node all derive from it,
// and the links of a leaf are the same whether builds are kept or not.
TEST(VcLinks, LeafBuildsAreNotKeptAndLeaveTheNodesBuildInPlace) {
    std::mt19937 rng(53);
    const Board node = testing::randomPosition(9, 9, 16, rng);
    VcLinks vc;
    VcLinks keepingAll;
    std::vector<Link> links;
    vc.append(node, Color::Black, links, /*keepBuild=*/true);
    keepingAll.append(node, Color::Black, links, /*keepBuild=*/true);
    ASSERT_EQ(vc.keptBuilds(Color::Black), 1u);
    const std::size_t keptBytes = vc.keptBytes(Color::Black);
    for (const Cell move : node.emptyCells()) {
        Board leaf = node;
        leaf.play(move, Color::White);
        const std::uint64_t derivedBefore = vc.derivedBuilds();
        std::vector<Link> leafLinks;
        vc.append(leaf, Color::Black, leafLinks, /*keepBuild=*/false);
        EXPECT_EQ(vc.derivedBuilds(), derivedBefore + 1) << leaf.geometry().name(move);
        EXPECT_EQ(vc.keptBuilds(Color::Black), 1u);
        EXPECT_EQ(vc.keptBytes(Color::Black), keptBytes);
        std::vector<Link> keptLinks;
        keepingAll.append(leaf, Color::Black, keptLinks, /*keepBuild=*/true);
        ASSERT_EQ(leafLinks.size(), keptLinks.size()) << leaf.geometry().name(move);
        for (std::size_t i = 0; i < leafLinks.size(); ++i) {
            EXPECT_EQ(leafLinks[i].a, keptLinks[i].a);
            EXPECT_EQ(leafLinks[i].b, keptLinks[i].b);
            EXPECT_EQ(leafLinks[i].conductance, keptLinks[i].conductance);
        }
    }
    EXPECT_GT(keepingAll.keptBuilds(Color::Black), 1u);
}

} // namespace
} // namespace hex::eval
