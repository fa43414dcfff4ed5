#include "eval/evaluator.h"
#include "eval/mixed_value.h"
#include "eval/network/network.h"
#include "eval/network/network_evaluator.h"
#include "eval/network/random_weights.h"
#include "eval/resistance.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <tuple>

namespace hex::eval {
namespace {

TEST(Registry, MakesEveryNamedEvaluator) {
    const std::vector<std::string_view> names = evaluatorNames();
    ASSERT_EQ(names, (std::vector<std::string_view>{"resistance", "twodistance", "yreduction",
                                                    "maxflow", "network"}));
    EvaluatorConfig config;
    config.network = std::make_shared<const network::Network>(network::randomWeights(2, 0, 2, 1));
    for (std::string_view name : names) {
        const std::unique_ptr<Evaluator> evaluator = makeEvaluator(name, config);
        ASSERT_NE(evaluator, nullptr) << name;
        EXPECT_EQ(evaluator->name(), name);
    }
}

TEST(Registry, ResistanceLinkSourcesStartWithTheDefault) {
    const std::vector<std::string_view> links = resistanceLinkNames();
    ASSERT_EQ(links, (std::vector<std::string_view>{"vc", "bridges", "templates", "off"}));
    EXPECT_EQ(links.front(), EvaluatorConfig{}.resistanceLinks);
    for (std::string_view source : links)
        EXPECT_NE(makeEvaluator("resistance", EvaluatorConfig{std::string(source)}), nullptr);
}

// No network loaded is an explicit state: no evaluator, and a reason that says so.
TEST(Registry, NetworkWithoutANetGivesNullAndSaysWhy) {
    EXPECT_EQ(makeEvaluator("network"), nullptr);
    const std::optional<std::string> why = whyNoEvaluator("network", {});
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("no network loaded"), std::string::npos) << *why;
    EvaluatorConfig config;
    config.network = std::make_shared<const network::Network>(network::randomWeights(2, 0, 2, 1));
    EXPECT_EQ(whyNoEvaluator("network", config), std::nullopt);
    EXPECT_EQ(whyNoEvaluator("resistance", {}), std::nullopt);
    EXPECT_NE(whyNoEvaluator("bogus", {})->find("unknown evaluator 'bogus'"), std::string::npos);
}

// On a small position, both sides to move: `combined` scores every position as `value` does and
// gives the cell values of `cells`, which differ from those of `other`.
void expectHalves(Evaluator& combined, Evaluator& value, Evaluator& cells, Evaluator& other) {
    Board board(6, 5);
    board.play(*board.geometry().parse("c3"), Color::Black);
    board.play(*board.geometry().parse("d2"), Color::White);
    const auto count = static_cast<std::size_t>(board.geometry().cellCount());
    std::vector<int> combinedCells(count), expectedCells(count), otherCells(count);
    for (Color toMove : {Color::Black, Color::White}) {
        const Score expected = value.evaluate(board, toMove);
        EXPECT_EQ(combined.evaluate(board, toMove), expected);
        EXPECT_EQ(combined.evaluateWithCells(board, toMove, combinedCells), expected);
        cells.evaluateWithCells(board, toMove, expectedCells);
        other.evaluateWithCells(board, toMove, otherCells);
        EXPECT_EQ(combinedCells, expectedCells);
        EXPECT_NE(combinedCells, otherCells);
    }
}

// A small net of random weights (`seed`) giving both the value and the cell values.
EvaluatorConfig netAlone(std::uint32_t seed) {
    EvaluatorConfig config;
    config.network =
        std::make_shared<const network::Network>(network::randomWeights(4, 1, 4, seed));
    config.networkValue = "network";
    config.networkPolicy = "network";
    return config;
}

// network_value resistance: the resistance evaluator's value (leaves and interior nodes alike)
// with the net's cell values; network_policy resistance: the other way round. An unknown source
// is refused with the reason.
TEST(Registry, NetworkValueAndPolicyComeFromTheNetOrTheResistanceCircuit) {
    EvaluatorConfig config = netAlone(7);
    const std::unique_ptr<Evaluator> net = makeEvaluator("network", config);
    const std::unique_ptr<Evaluator> resistance = makeEvaluator("resistance", config);
    config.networkValue = "resistance";
    const std::unique_ptr<Evaluator> netOrders = makeEvaluator("network", config);
    config.networkValue = "network";
    config.networkPolicy = "resistance";
    const std::unique_ptr<Evaluator> netScores = makeEvaluator("network", config);
    ASSERT_NE(netOrders, nullptr);
    ASSERT_NE(netScores, nullptr);
    EXPECT_EQ(netOrders->name(), "network");
    EXPECT_EQ(netScores->name(), "network");
    expectHalves(*netOrders, *resistance, *net, *resistance);
    expectHalves(*netScores, *net, *resistance, *net);

    config.networkPolicy = "bogus";
    EXPECT_EQ(makeEvaluator("network", config), nullptr);
    EXPECT_EQ(whyNoEvaluator("network", config), "unknown network_policy 'bogus'");
    config.networkValue = "bogus";
    EXPECT_EQ(makeEvaluator("network", config), nullptr);
    EXPECT_EQ(whyNoEvaluator("network", config), "unknown network_value 'bogus'");
}

// network_value mix: the circuit's score plus network_mix_weight times the net's value in the
// circuit's units, with the circuit's cells (or the net's, with network_policy network); a
// position the circuit's connections decide keeps its decided score; "mix" orders nothing.
TEST(Registry, NetworkValueMixAddsTheNetsValueToTheCircuits) {
    ASSERT_EQ(networkValueNames(), (std::vector<std::string_view>{"network", "resistance", "mix"}));
    ASSERT_EQ(networkPolicyNames(), (std::vector<std::string_view>{"network", "resistance"}));
    EvaluatorConfig config = netAlone(3);
    const std::unique_ptr<Evaluator> net = makeEvaluator("network", config);
    const std::unique_ptr<Evaluator> resistance = makeEvaluator("resistance", config);
    config.networkValue = "mix";
    config.networkMixWeight = 2.5;
    const std::unique_ptr<Evaluator> mixNetCells = makeEvaluator("network", config);
    config.networkPolicy = "resistance";
    const std::unique_ptr<Evaluator> mix = makeEvaluator("network", config);
    ASSERT_NE(mix, nullptr);
    ASSERT_NE(mixNetCells, nullptr);
    EXPECT_EQ(mix->name(), "network");

    Board board(7, 7);
    board.play(*board.geometry().parse("b2"), Color::Black);
    board.play(*board.geometry().parse("f6"), Color::White);
    for (Color toMove : {Color::Black, Color::White}) {
        const Score circuit = resistance->evaluate(board, toMove);
        ASSERT_LT(std::abs(circuit), ResistanceEvaluator::kDecidedScore); // open: the net counts
        const Score learned = net->evaluate(board, toMove);
        // 2.5 x value x 1000 = learned / 4 (the net's scores are 10000 per unit of value).
        const Score expected = static_cast<Score>(std::lround(circuit + 2.5 * learned / 10.0));
        EXPECT_EQ(mix->evaluate(board, toMove), expected);
        EXPECT_NE(expected, circuit);
        EXPECT_EQ(mixNetCells->evaluate(board, toMove), expected);
    }
    expectHalves(*mix, *mix, *resistance, *net);
    expectHalves(*mixNetCells, *mix, *net, *resistance);

    // Black's c1 c2 c3 c4 on 5x5 with c5 and b5 empty: two ways to finish, decided by the
    // circuit's connections; the net's guess does not move it.
    Board decided(5, 5);
    for (const char* cell : {"c1", "c2", "c3", "c4"})
        decided.play(*decided.geometry().parse(cell), Color::Black);
    for (const char* cell : {"a1", "a2", "a3"})
        decided.play(*decided.geometry().parse(cell), Color::White);
    const Score won = resistance->evaluate(decided, Color::White);
    ASSERT_EQ(std::abs(won), ResistanceEvaluator::kDecidedScore);
    EXPECT_EQ(mix->evaluate(decided, Color::White), won);

    config.networkPolicy = "mix";
    EXPECT_EQ(makeEvaluator("network", config), nullptr);
}

// By default the network evaluator is the circuit corrected by the net (the combination that
// has beaten the resistance evaluator): the mix's value at weight 1 with the circuit's cells.
TEST(Registry, TheNetworkEvaluatorIsTheCircuitCorrectedByTheNetByDefault) {
    EvaluatorConfig config;
    EXPECT_EQ(config.networkValue, "mix");
    EXPECT_EQ(config.networkPolicy, "resistance");
    EXPECT_EQ(config.networkMixWeight, 1.0);
    config.network = std::make_shared<const network::Network>(network::randomWeights(4, 1, 4, 5));
    const std::unique_ptr<Evaluator> byDefault = makeEvaluator("network", config);
    const std::unique_ptr<Evaluator> resistance = makeEvaluator("resistance", config);
    config.networkPolicy = "network";
    const std::unique_ptr<Evaluator> mixNetCells = makeEvaluator("network", config);
    config.networkValue = "network";
    const std::unique_ptr<Evaluator> net = makeEvaluator("network", config);
    ASSERT_NE(byDefault, nullptr);
    ASSERT_NE(mixNetCells, nullptr);
    expectHalves(*byDefault, *mixNetCells, *resistance, *net);
}

// The mix corrects the circuit only on boards whose sides are at most network_mix_max_size
// (the sizes the net learned and was measured on): beyond them, in either direction, it scores
// every position as the circuit does, with the circuit's cells.
TEST(Registry, TheMixIsTheCircuitAloneOnBoardsLargerThanItsMaxSize) {
    EvaluatorConfig config = netAlone(5);
    config.networkValue = "mix";
    config.networkPolicy = "resistance";
    EXPECT_EQ(EvaluatorConfig{}.networkMixMaxSize, 11);
    config.networkMixMaxSize = 19;
    const std::unique_ptr<Evaluator> everywhere = makeEvaluator("network", config);
    config.networkMixMaxSize = 7;
    const std::unique_ptr<Evaluator> mix = makeEvaluator("network", config);
    const std::unique_ptr<Evaluator> resistance = makeEvaluator("resistance", config);
    ASSERT_NE(mix, nullptr);
    ASSERT_NE(everywhere, nullptr);
    for (const auto& [width, height, corrected] :
         {std::tuple{7, 7, true}, std::tuple{6, 7, true}, std::tuple{8, 7, false},
          std::tuple{7, 8, false}, std::tuple{9, 9, false}}) {
        Board board(width, height);
        board.play(*board.geometry().parse("b2"), Color::Black);
        board.play(*board.geometry().parse("d4"), Color::White);
        EXPECT_EQ(netCorrects(board, 7), corrected) << width << "x" << height;
        EXPECT_NE(everywhere->evaluate(board, Color::Black),
                  resistance->evaluate(board, Color::Black))
            << width << "x" << height; // the net's correction is there to be left out
        const auto count = static_cast<std::size_t>(board.geometry().cellCount());
        std::vector<int> mixCells(count), circuitCells(count);
        for (Color toMove : {Color::Black, Color::White}) {
            const Score circuit = resistance->evaluateWithCells(board, toMove, circuitCells);
            const Score mixed = mix->evaluateWithCells(board, toMove, mixCells);
            EXPECT_EQ(mixed, corrected ? everywhere->evaluate(board, toMove) : circuit)
                << width << "x" << height;
            EXPECT_EQ(mixCells, circuitCells);
        }
    }
}

// Counts its evaluations: the net of a mix whose calls a test watches.
class CountingNet final : public Evaluator {
public:
    std::string_view name() const override { return "counting"; }
    Score evaluate(const Board&, Color) override {
        ++calls;
        return static_cast<Score>(NetworkEvaluator::kValueScale / 2); // a value of +0.5
    }
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int>) override {
        return evaluate(board, toMove);
    }
    int calls = 0;
};

// The mix's cells are the circuit's and need no net: evaluateCells leaves the net out, and a
// value adds the net's correction to the circuit's score.
TEST(Registry, TheMixRunsItsNetOnlyForAValue) {
    auto net = std::make_unique<CountingNet>();
    CountingNet* counter = net.get();
    MixedValueEvaluator mix(makeEvaluator("resistance"), std::move(net), 1.0, 11);
    const std::unique_ptr<Evaluator> circuit = makeEvaluator("resistance");
    Board board(7, 7);
    board.play(*board.geometry().parse("c3"), Color::Black);
    board.play(*board.geometry().parse("e4"), Color::White);
    std::vector<int> cells(49), circuitCells(49), mixCells(49);
    mix.evaluateCells(board, Color::Black, cells);
    EXPECT_EQ(counter->calls, 0);
    const Score circuitValue = circuit->evaluateWithCells(board, Color::Black, circuitCells);
    EXPECT_EQ(cells, circuitCells);
    const Score value = mix.evaluateWithCells(board, Color::Black, mixCells);
    EXPECT_EQ(counter->calls, 1);
    EXPECT_EQ(value, circuitValue + static_cast<Score>(ResistanceEvaluator::kScoreScale / 2));
    EXPECT_EQ(mixCells, circuitCells);
    EXPECT_EQ(mix.evaluate(board, Color::Black), value);
    EXPECT_EQ(counter->calls, 2);
}

TEST(Registry, UnknownNameGivesNull) {
    EXPECT_EQ(makeEvaluator("bogus"), nullptr);
    EXPECT_EQ(makeEvaluator(""), nullptr);
    EXPECT_EQ(makeEvaluator("Resistance"), nullptr);
}

} // namespace
} // namespace hex::eval
