#include "eval/evaluator.h"
#include "eval/win_chance.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

#include <random>

namespace hex::eval {
namespace {

TEST(WinChance, EveryEvaluatorHasACalibration) {
    for (std::string_view name : evaluatorNames()) {
        ASSERT_TRUE(winChanceScale(name)) << name;
        EXPECT_GT(*winChanceScale(name), 0.0) << name;
        ASSERT_TRUE(winChance(name, 0)) << name;
    }
    EXPECT_FALSE(winChance("nosuch", 0));
}

// The network evaluator's values are read with the calibration of what makes them: the net's
// own value, the circuit corrected by the net (its default) or the circuit alone.
// Beyond network_mix_max_size the mix's value is the circuit's, and so is its calibration.
TEST(WinChance, NetworkValuesAreReadByTheirSource) {
    const Board nine(9, 9);
    EvaluatorConfig config;
    for (std::string_view source : networkValueNames()) {
        config.networkValue = std::string(source);
        EXPECT_EQ(chanceCalibration("network", config, nine), source);
        ASSERT_TRUE(winChanceScale(source)) << source;
    }
    config.networkValue = "mix";
    EXPECT_EQ(chanceCalibration("resistance", config, nine), "resistance");
    EXPECT_EQ(chanceCalibration("network", config, Board(13, 13)), "resistance");
    EXPECT_EQ(chanceCalibration("network", config, Board(11, 11)), "mix");
    config.networkValue = "network";
    EXPECT_EQ(chanceCalibration("twodistance", config, nine), "twodistance");
    EXPECT_EQ(chanceCalibration("network", config, Board(13, 13)), "network");
    EXPECT_NE(*winChance("mix", 3000), *winChance("network", 3000));
}

// Larger values never mean a smaller chance, finished games are certain, and every chance of an
// unfinished game lies strictly between them.
TEST(WinChance, IncreasesWithTheValueBetweenZeroAndOne) {
    for (std::string_view name : evaluatorNames()) {
        double previous = 0;
        for (Score v = -kMaxEval; v <= kMaxEval; v += 997) {
            const double p = *winChance(name, v);
            EXPECT_GE(p, previous) << name << " " << v;
            previous = p;
        }
        EXPECT_EQ(*winChance(name, kMaxEval), 1.0) << name;
        EXPECT_EQ(*winChance(name, -kMaxEval), 0.0) << name;
        EXPECT_GT(*winChance(name, kMaxEval - 1), 0.0) << name;
        EXPECT_LT(*winChance(name, -kMaxEval + 1), 1.0) << name;
        EXPECT_LT(*winChance(name, -1000), *winChance(name, 1000)) << name;
    }
}

// A position and its image with the colours exchanged (and the board transposed) give the same
// chance to the side to move: the chance Black has in one is the chance White has in the other,
// so Black's chances in the two are complementary. (The evaluators whose values are exactly
// symmetric; resistance with "vc" links keeps a bounded number of connections in the order
// H-search finds them, so its value may differ a little on the image.)
TEST(WinChance, ColourTransposeImagesGiveComplementaryChances) {
    std::mt19937 rng(7);
    EvaluatorConfig bridges;
    bridges.resistanceLinks = "bridges";
    for (std::string_view name : {"resistance", "twodistance", "maxflow", "yreduction"}) {
        auto evaluator = makeEvaluator(name, bridges);
        ASSERT_TRUE(evaluator) << name;
        for (int i = 0; i < 40; ++i) {
            const Board board = testing::randomOpenPosition(4 + i % 6, 4 + i % 6, rng);
            const Board image = testing::transposedSwapped(board);
            const double blackInBoard = *winChance(name, evaluator->evaluate(board, Color::Black));
            const double whiteInImage = *winChance(name, evaluator->evaluate(image, Color::White));
            EXPECT_DOUBLE_EQ(blackInBoard, whiteInImage) << name << " position " << i;
        }
    }
}

} // namespace
} // namespace hex::eval
