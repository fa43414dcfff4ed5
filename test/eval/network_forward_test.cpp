// The Eigen forward pass against a reference written straight from docs/network.md: direct
// loops over the hex taps in double precision, on random nets and random positions.

#include "eval/network/board_encoding.h"
#include "eval/network/network.h"
#include "eval/network/network_evaluator.h"
#include "eval/network/random_weights.h"

#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace hex::eval::network {
namespace {

// Activations over the padded grid: [channel][gy][gx].
struct Planes {
    int channels, width, height;
    std::vector<double> v;
    Planes(int c, int w, int h) : channels(c), width(w), height(h), v(std::size_t(c * w * h)) {}
    double& at(int c, int x, int y) { return v[std::size_t((c * height + y) * width + x)]; }
    // Zero beyond the grid (the convolutions' padding).
    double get(int c, int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height)
            return 0;
        return v[std::size_t((c * height + y) * width + x)];
    }
};

constexpr std::array<std::array<int, 2>, 7> kTaps{
    {{0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1}}};

Planes hexConv(const Planes& in, const std::vector<float>& weight, const std::vector<float>& bias) {
    const int out = static_cast<int>(bias.size());
    Planes result(out, in.width, in.height);
    for (int o = 0; o < out; ++o)
        for (int y = 0; y < in.height; ++y)
            for (int x = 0; x < in.width; ++x) {
                double sum = bias[std::size_t(o)];
                for (int i = 0; i < in.channels; ++i)
                    for (int t = 0; t < 7; ++t)
                        sum +=
                            double(weight[std::size_t((o * in.channels + i) * 7 + t)]) *
                            in.get(i, x + kTaps[std::size_t(t)][0], y + kTaps[std::size_t(t)][1]);
                result.at(o, x, y) = sum;
            }
    return result;
}

void relu(Planes& p) {
    for (double& x : p.v)
        x = std::max(0.0, x);
}

struct Reference {
    double value;
    std::vector<double> policy; // canonical order
};

Reference referenceForward(const Weights& w, const CanonicalBoard& board) {
    std::vector<float> encoded(board.planeValues());
    board.encode(encoded);
    Planes x(4, board.gridWidth(), board.gridHeight());
    for (std::size_t i = 0; i < encoded.size(); ++i)
        x.v[i] = encoded[i];
    x = hexConv(x, w.stemWeight, w.stemBias);
    relu(x);
    for (const ResidualBlockWeights& block : w.blocks) {
        Planes t = hexConv(x, block.conv1Weight, block.conv1Bias);
        relu(t);
        Planes y = hexConv(t, block.conv2Weight, block.conv2Bias);
        for (std::size_t i = 0; i < y.v.size(); ++i)
            y.v[i] += x.v[i];
        relu(y);
        x = y;
    }
    const int c = x.channels;
    const int v = static_cast<int>(w.valueWidth);
    Reference r;
    // Board cells only: grid (x + 1, y + 1).
    std::vector<double> logits;
    std::vector<double> mean(std::size_t(v), 0.0);
    const int cells = board.width() * board.height();
    for (int by = 0; by < board.height(); ++by)
        for (int bx = 0; bx < board.width(); ++bx) {
            double logit = w.policyBias[0];
            for (int i = 0; i < c; ++i)
                logit += double(w.policyWeight[std::size_t(i)]) * x.get(i, bx + 1, by + 1);
            logits.push_back(logit);
            for (int o = 0; o < v; ++o) {
                double h = w.valueConvBias[std::size_t(o)];
                for (int i = 0; i < c; ++i)
                    h += double(w.valueConvWeight[std::size_t(o * c + i)]) *
                         x.get(i, bx + 1, by + 1);
                mean[std::size_t(o)] += std::max(0.0, h) / cells;
            }
        }
    double value = w.valueFc2Bias[0];
    for (int o = 0; o < v; ++o) {
        double h = w.valueFc1Bias[std::size_t(o)];
        for (int i = 0; i < v; ++i)
            h += double(w.valueFc1Weight[std::size_t(o * v + i)]) * mean[std::size_t(i)];
        value += double(w.valueFc2Weight[std::size_t(o)]) * std::max(0.0, h);
    }
    r.value = std::tanh(value);
    double largest = -1e300, sum = 0;
    for (int i = 0; i < cells; ++i)
        if (board.stone(i % board.width(), i / board.width()) == 0)
            largest = std::max(largest, logits[std::size_t(i)]);
    r.policy.assign(std::size_t(cells), 0.0);
    for (int i = 0; i < cells; ++i)
        if (board.stone(i % board.width(), i / board.width()) == 0)
            sum += r.policy[std::size_t(i)] = std::exp(logits[std::size_t(i)] - largest);
    for (double& p : r.policy)
        p = sum > 0 ? p / sum : 0;
    return r;
}

struct NetSize {
    std::uint32_t c, b, v;
};

TEST(NetworkForward, AgreesWithTheNaiveReference) {
    std::mt19937 rng(21);
    const std::array<std::array<int, 2>, 8> sizes{
        {{1, 1}, {4, 7}, {7, 4}, {2, 9}, {5, 5}, {11, 11}, {13, 6}, {19, 19}}};
    for (const NetSize& n : {NetSize{1, 0, 1}, NetSize{5, 2, 3}, NetSize{16, 1, 8}}) {
        const Weights weights = randomWeights(n.c, n.b, n.v, n.c * 100 + n.b);
        const Network net(weights);
        Network::Workspace workspace;
        for (const auto& [w, h] : sizes)
            for (int i = 0; i < 3; ++i) {
                const Board board = testing::randomOpenPosition(w, h, rng);
                for (Color toMove : {Color::Black, Color::White})
                    for (bool rotated : {false, true}) {
                        const CanonicalBoard canonical(board, toMove, rotated);
                        const Reference expected = referenceForward(weights, canonical);
                        std::vector<float> policy(std::size_t(w * h));
                        const float value = net.run(canonical, workspace, policy);
                        const std::string where = "C" + std::to_string(n.c) + " " +
                                                  std::to_string(w) + "x" + std::to_string(h);
                        ASSERT_NEAR(value, expected.value, 1e-4) << where;
                        for (std::size_t c = 0; c < policy.size(); ++c)
                            ASSERT_NEAR(policy[c], expected.policy[c], 1e-4) << where << " " << c;
                        // The value alone is the same value.
                        ASSERT_EQ(net.run(canonical, workspace, {}), value) << where;
                    }
            }
    }
}

// The planes of docs/network.md on a 3x2 board with White to move: transposed to 2x3, White's
// stones are the mover's, the ring carries the edges.
TEST(NetworkEncoding, PlanesFollowTheContract) {
    Board board(3, 2);
    board.play(board.geometry().cell(2, 0), Color::White); // c1
    board.play(board.geometry().cell(0, 1), Color::Black); // a2
    const CanonicalBoard canonical(board, Color::White);
    ASSERT_EQ(canonical.width(), 2);
    ASSERT_EQ(canonical.height(), 3);
    std::vector<float> planes(canonical.planeValues());
    canonical.encode(planes);
    const int gw = 4, gh = 5;
    const auto at = [&](int p, int gx, int gy) {
        return planes[std::size_t((p * gh + gy) * gw + gx)];
    };
    // White's c1 = original (2, 0) -> canonical (0, 2) -> grid (1, 3).
    EXPECT_EQ(canonical.originalCell(0, 2), board.geometry().cell(2, 0));
    EXPECT_EQ(at(0, 1, 3), 1.0f);
    // Black's a2 = original (0, 1) -> canonical (1, 0) -> grid (2, 1): the opponent's.
    EXPECT_EQ(at(1, 2, 1), 1.0f);
    EXPECT_EQ(at(2, 2, 1), 0.0f);
    EXPECT_EQ(at(2, 1, 1), 1.0f); // empty
    // Ring: top and bottom rows (gx 1..2) the mover's, left and right columns (gy 1..3) the
    // opponent's, corners empty; plane 3 everywhere.
    for (int gx = 1; gx <= 2; ++gx)
        EXPECT_TRUE(at(0, gx, 0) == 1 && at(0, gx, 4) == 1 && at(1, gx, 0) == 0);
    for (int gy = 1; gy <= 3; ++gy)
        EXPECT_TRUE(at(1, 0, gy) == 1 && at(1, 3, gy) == 1 && at(0, 0, gy) == 0);
    for (int p = 0; p < 3; ++p)
        EXPECT_TRUE(at(p, 0, 0) == 0 && at(p, 3, 4) == 0 && at(p, 0, 4) == 0 && at(p, 3, 0) == 0);
    for (int i = 0; i < gw * gh; ++i)
        EXPECT_EQ(planes[std::size_t(3 * gw * gh + i)], 1.0f);
    float stones = 0;
    for (int i = 0; i < 3 * gw * gh; ++i)
        stones += planes[std::size_t(i)];
    EXPECT_EQ(stones, 2 + 4 + 6 + 4); // two stones, four empty cells, the ring's 10 edge cells
}

// Evaluator: the value is the net's times 10000, the cells its probabilities times 1e6 at the
// original cells; a won position scores kMaxEval.
TEST(NetworkEvaluator, ScalesAndMapsTheNetsOutputs) {
    const auto net = std::make_shared<const Network>(randomWeights(6, 1, 4, 5));
    NetworkEvaluator evaluator(net, false);
    std::mt19937 rng(3);
    const Board board = testing::randomOpenPosition(5, 3, rng);
    Network::Workspace workspace;
    const CanonicalBoard canonical(board, Color::White);
    std::vector<float> policy(15);
    const float value = net->run(canonical, workspace, policy);
    std::vector<int> cells(15, -1);
    EXPECT_EQ(evaluator.evaluateWithCells(board, Color::White, cells),
              static_cast<Score>(std::round(value * 10000.0)));
    for (int y = 0; y < canonical.height(); ++y)
        for (int x = 0; x < canonical.width(); ++x)
            EXPECT_EQ(cells[std::size_t(canonical.originalCell(x, y))],
                      static_cast<int>(std::round(policy[std::size_t(y * 3 + x)] * 1e6)));
    Board won(2, 1);
    won.play(0, Color::Black);
    EXPECT_EQ(evaluator.evaluate(won, Color::Black), kMaxEval);
    EXPECT_EQ(evaluator.evaluate(won, Color::White), -kMaxEval);
}

} // namespace
} // namespace hex::eval::network
