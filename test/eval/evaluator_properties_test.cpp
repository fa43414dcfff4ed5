// Properties every evaluator must have, checked on random positions of every size.

#include "eval/evaluator.h"
#include "eval/network/network.h"
#include "eval/network/random_weights.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace hex::eval {
namespace {

using testing::randomBelow;

struct Result {
    Score value;
    std::vector<int> cells;
    bool operator==(const Result&) const = default;
};

Result evaluateAll(Evaluator& evaluator, const Board& board, Color toMove) {
    Result result{0, std::vector<int>(static_cast<std::size_t>(board.geometry().cellCount()), -1)};
    result.value = evaluator.evaluateWithCells(board, toMove, result.cells);
    return result;
}

// Sizes 1..maxSide, square and rectangular; fewer positions on the big boards to bound the run
// time.
template <typename Check>
void forRandomPositions(unsigned seed, int perSmallBoard, int maxSide, Check check) {
    std::mt19937 rng(seed);
    for (int w = 1; w <= maxSide; ++w) {
        for (int h : {w, 1 + randomBelow(rng, maxSide)}) {
            const int count = std::max(2, perSmallBoard * 5 / (5 + std::max(w, h)));
            for (int i = 0; i < count; ++i) {
                const Board board = testing::randomOpenPosition(w, h, rng);
                check(board, i % 2 ? Color::White : Color::Black);
            }
        }
    }
}

// Every evaluator with its default configuration, and resistance with every link source.
struct Variant {
    std::string_view evaluator;
    std::string links;
    // The random positions go up to this size: an H-search per evaluation ("vc" links) makes
    // hundreds of 19x19 positions too slow for the suite; 11x11 is the size it is played on.
    int maxSide = Geometry::kMaxSide;
    // Whether the value and cells are bit-identical under the colour exchange and the rotation.
    // Not with "vc" links: H-search keeps a bounded number of connections per pair, in the
    // order it derives them, so a transformed board can keep other ones (test/eval/
    // vc_links_test.cpp checks what does hold).
    bool exactSymmetry = true;
    // The network: a small net of random weights, averaged with its rotation when
    // networkRotation (without, it is exact under the colour exchange only). Nor does it see
    // the same position with the other side to move as the opposite value, nor is it monotone:
    // it is a function of the position and the side to move, learned.
    bool networkRotation = true;
    bool rotationSymmetry = true;
    // Side-antisymmetric and monotone. Not the network (above), nor the "vc" links: their
    // connections also decide positions, and an edge-to-edge semi connection wins for the side
    // to move only, so both sides to move can be winning.
    bool staticEvaluator = true;
};

// For gtest's messages and the test list (the default would dump the bytes).
void PrintTo(const Variant& variant, std::ostream* out) {
    *out << variant.evaluator << " links=" << variant.links;
}

// The resistance evaluator with `links`: with "vc" on boards up to 11x11, and without the
// exact symmetries and the static evaluator's properties (above).
Variant resistanceVariant(std::string_view links) {
    const bool vc = links == "vc";
    return {"resistance", std::string(links), vc ? 11 : Geometry::kMaxSide, !vc, true, true, !vc};
}

std::vector<Variant> variants() {
    std::vector<Variant> result;
    const std::string defaultLinks = EvaluatorConfig{}.resistanceLinks;
    for (std::string_view name : evaluatorNames())
        result.push_back(name == "resistance" ? resistanceVariant(defaultLinks)
                                              : Variant{name, defaultLinks, Geometry::kMaxSide,
                                                        true, true, true, name != "network"});
    result.push_back({"network", defaultLinks, Geometry::kMaxSide, true, false, false, false});
    for (std::string_view links : resistanceLinkNames())
        if (links != defaultLinks)
            result.push_back(resistanceVariant(links));
    return result;
}

std::unique_ptr<Evaluator> make(const Variant& variant) {
    EvaluatorConfig config{variant.links};
    if (variant.evaluator == "network") {
        static const auto net =
            std::make_shared<const network::Network>(network::randomWeights(8, 1, 8, 11));
        config.network = net;
        config.networkRotation = variant.networkRotation;
        // The net's own value and cells: by default it corrects the resistance circuit, whose
        // properties the resistance variants check.
        config.networkValue = "network";
        config.networkPolicy = "network";
    }
    auto evaluator = makeEvaluator(variant.evaluator, config);
    EXPECT_NE(evaluator, nullptr);
    return evaluator;
}

std::string paramName(const ::testing::TestParamInfo<Variant>& param) {
    const Variant& v = param.param;
    return std::string(v.evaluator) +
           (v.links == EvaluatorConfig{}.resistanceLinks ? "" : "_links_" + v.links) +
           (v.evaluator == "network" && !v.networkRotation ? "_no_rotation" : "");
}

class EvaluatorProperties : public ::testing::TestWithParam<Variant> {
protected:
    std::unique_ptr<Evaluator> make() const { return eval::make(GetParam()); }
    template <typename Check>
    void forRandomPositions(unsigned seed, int perSmallBoard, Check check) const {
        eval::forRandomPositions(seed, perSmallBoard, GetParam().maxSide, check);
    }
};

TEST(EvaluatorVariants, CoverEveryLinkSource) {
    std::size_t resistanceVariants = 0;
    for (const Variant& v : variants())
        resistanceVariants += v.evaluator == "resistance";
    EXPECT_EQ(resistanceVariants, resistanceLinkNames().size());
}

TEST_P(EvaluatorProperties, ValueInRangeAndCellsNonNegativeZeroWhenOccupied) {
    auto evaluator = make();
    forRandomPositions(1, 120, [&](const Board& board, Color toMove) {
        const Result r = evaluateAll(*evaluator, board, toMove);
        ASSERT_GT(r.value, -kMaxEval);
        ASSERT_LT(r.value, kMaxEval);
        ASSERT_EQ(evaluator->evaluate(board, toMove), r.value);
        for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
            ASSERT_GE(r.cells[static_cast<std::size_t>(c)], 0);
            if (!board.isEmpty(c)) {
                ASSERT_EQ(r.cells[static_cast<std::size_t>(c)], 0);
            }
        }
    });
}

TEST_P(EvaluatorProperties, ColourSymmetry) {
    if (!GetParam().exactSymmetry)
        GTEST_SKIP() << "not bit-identical by design";
    auto evaluator = make();
    forRandomPositions(2, 120, [&](const Board& board, Color toMove) {
        const Board mirror = testing::transposedSwapped(board);
        const Result a = evaluateAll(*evaluator, board, toMove);
        const Result b = evaluateAll(*evaluator, mirror, opponent(toMove));
        ASSERT_EQ(a.value, b.value) << board.width() << "x" << board.height();
        for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
            const Cell t = testing::transposedCell(board.geometry(), mirror.geometry(), c);
            ASSERT_EQ(a.cells[static_cast<std::size_t>(c)], b.cells[static_cast<std::size_t>(t)])
                << board.geometry().name(c);
        }
    });
}

TEST_P(EvaluatorProperties, RotationSymmetry) {
    if (!GetParam().exactSymmetry || !GetParam().rotationSymmetry)
        GTEST_SKIP() << "not bit-identical by design";
    auto evaluator = make();
    forRandomPositions(3, 120, [&](const Board& board, Color toMove) {
        const Board turned = testing::rotated(board);
        const Result a = evaluateAll(*evaluator, board, toMove);
        const Result b = evaluateAll(*evaluator, turned, toMove);
        ASSERT_EQ(a.value, b.value) << board.width() << "x" << board.height();
        for (Cell c = 0; c < board.geometry().cellCount(); ++c) {
            const Cell r = board.geometry().rotate180(c);
            ASSERT_EQ(a.cells[static_cast<std::size_t>(c)], b.cells[static_cast<std::size_t>(r)])
                << board.geometry().name(c);
        }
    });
}

TEST_P(EvaluatorProperties, WonPositionsScoreMaxEvalForTheWinner) {
    auto evaluator = make();
    std::mt19937 rng(4);
    for (int w = 1; w <= GetParam().maxSide; ++w) {
        const int h = 1 + randomBelow(rng, GetParam().maxSide);
        Board board = testing::randomPosition(w, h, 0, rng);
        // Play random stones until someone connects.
        std::vector<Cell> cells = board.emptyCells();
        Color color = randomBelow(rng, 2) ? Color::Black : Color::White;
        while (!board.winner()) {
            const auto pick =
                static_cast<std::size_t>(randomBelow(rng, static_cast<int>(cells.size())));
            board.play(cells[pick], color);
            cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(pick));
            color = opponent(color);
        }
        const Color winner = *board.winner();
        EXPECT_EQ(evaluator->evaluate(board, winner), kMaxEval);
        EXPECT_EQ(evaluator->evaluate(board, opponent(winner)), -kMaxEval);
        const Result r = evaluateAll(*evaluator, board, opponent(winner));
        EXPECT_EQ(r.value, -kMaxEval);
        EXPECT_EQ(r.cells, std::vector<int>(r.cells.size(), 0));
    }
}

TEST_P(EvaluatorProperties, DeterministicWhateverWasEvaluatedBefore) {
    std::mt19937 rng(5);
    std::vector<Board> boards;
    for (int n : {11, 3, 19, 7, 1, 13})
        boards.push_back(testing::randomOpenPosition(n, n == 7 ? 9 : n, rng));
    auto fresh = make();
    std::vector<Result> first;
    for (const Board& board : boards)
        first.push_back(evaluateAll(*fresh, board, Color::Black));
    // The same evaluator after everything else, in reverse order, and with the other side first.
    for (std::size_t i = boards.size(); i-- > 0;) {
        evaluateAll(*fresh, boards[i], Color::White);
        EXPECT_EQ(evaluateAll(*fresh, boards[i], Color::Black), first[i]);
    }
    auto other = make();
    for (std::size_t i = 0; i < boards.size(); ++i)
        EXPECT_EQ(evaluateAll(*other, boards[i], Color::Black), first[i]);
}

TEST_P(EvaluatorProperties, SidesSeeOppositeValues) {
    if (!GetParam().staticEvaluator)
        GTEST_SKIP() << "a learned value of the position and the side to move";
    auto evaluator = make();
    forRandomPositions(6, 60, [&](const Board& board, Color toMove) {
        ASSERT_EQ(evaluator->evaluate(board, toMove),
                  -evaluator->evaluate(board, opponent(toMove)));
    });
}

INSTANTIATE_TEST_SUITE_P(All, EvaluatorProperties, ::testing::ValuesIn(variants()), paramName);

// Adding a stone of one's own never lowers one's value. Resistance: Rayleigh monotonicity (the
// stone only raises own conductances and removes a node from the opponent's circuit).
// Y-reduction: f is non-decreasing in each argument on [-1, 1]. Max-flow: own capacities only
// grow, the opponent's only shrink. Two-distance: own two-distances never grow (the stone's
// neighbours inherit its two better neighbours), the opponent's never shrink, and when the own
// minimum potential stays the same every neighbour of the stone reaches it, so the tie-break
// count cannot fall; the weight K > any count difference covers the other cases.
// With links (eval/bridge_links.h): a move into a bridge's carrier merges stone-to-stone and
// stone-to-edge links into groups and drops at most two stone-to-empty links (<= 0.5 each) at
// one empty cell while its branch to the move rises from 1 to 2; every other link survives or
// grows, and the opponent only loses links.
// Not for the "vc" links (no static evaluator, above): H-search keeps a bounded number of
// connections per pair and is no monotone function of the position (a stone can push a
// connection out of the kept ones).
class Monotonicity : public ::testing::TestWithParam<Variant> {};

std::vector<Variant> monotoneVariants() {
    std::vector<Variant> result;
    for (const Variant& v : variants())
        if (v.staticEvaluator)
            result.push_back(v);
    return result;
}

TEST_P(Monotonicity, OwnStoneNeverLowersOwnValue) {
    auto evaluator = make(GetParam());
    std::mt19937 rng(8);
    forRandomPositions(7, 80, GetParam().maxSide, [&](const Board& position, Color player) {
        Board board = position;
        const Score before = evaluator->evaluate(board, player);
        const std::vector<Cell> empty = board.emptyCells();
        // At most 12 cells per position, spread over the board, to bound the run time.
        const std::size_t step = std::max<std::size_t>(1, empty.size() / 12);
        for (std::size_t i = static_cast<std::size_t>(randomBelow(rng, static_cast<int>(step)));
             i < empty.size(); i += step) {
            const Cell c = empty[i];
            board.play(c, player);
            ASSERT_GE(evaluator->evaluate(board, player), before)
                << board.width() << "x" << board.height() << " " << board.geometry().name(c);
            board.undo();
        }
    });
}

INSTANTIATE_TEST_SUITE_P(All, Monotonicity, ::testing::ValuesIn(monotoneVariants()), paramName);

} // namespace
} // namespace hex::eval
