// The network's floating-point mode (eval/network/flush_denormals.h): subnormal numbers are zero
// while the net runs, and exact again for the rest of the program once it returns.

#include "eval/network/flush_denormals.h"
#include "eval/network/network.h"
#include "eval/network/random_weights.h"

#include "core/board.h"

#include <gtest/gtest.h>

#include <limits>

namespace hex::eval::network {
namespace {

#if defined(__SSE2__) || defined(__aarch64__)
constexpr bool kPlatformFlushes = true;
#else
constexpr bool kPlatformFlushes = false;
#endif

// volatile, so that the compiler computes these at run time in the thread's current mode.
float halfOfSmallestNormal() {
    volatile float smallest = std::numeric_limits<float>::min();
    volatile float half = 0.5f;
    return smallest * half;
}

float subnormalTimesOne(float subnormal) {
    volatile float operand = subnormal;
    volatile float one = 1.0f;
    return operand * one;
}

TEST(FlushDenormals, SubnormalsAreZeroInsideTheScopeAndExactAfterIt) {
    if (!kPlatformFlushes)
        GTEST_SKIP() << "no floating-point control register known on this platform";
    const float subnormal = halfOfSmallestNormal();
    ASSERT_GT(subnormal, 0.0f) << "the test needs exact subnormals outside the scope";
    {
        const FlushDenormals flush;
        EXPECT_EQ(halfOfSmallestNormal(), 0.0f);       // results flushed
        EXPECT_EQ(subnormalTimesOne(subnormal), 0.0f); // operands read as zero
    }
    EXPECT_EQ(halfOfSmallestNormal(), subnormal);
    EXPECT_EQ(subnormalTimesOne(subnormal), subnormal);
}

TEST(FlushDenormals, ScopesNestAndRestoreTheOuterMode) {
    if (!kPlatformFlushes)
        GTEST_SKIP() << "no floating-point control register known on this platform";
    {
        const FlushDenormals outer;
        { const FlushDenormals inner; }
        EXPECT_EQ(halfOfSmallestNormal(), 0.0f)
            << "the inner scope's end must keep the outer's mode";
    }
    EXPECT_GT(halfOfSmallestNormal(), 0.0f);
}

TEST(FlushDenormals, TheNetworkLeavesTheCallersModeAsItWas) {
    const Network net(randomWeights(8, 1, 8, 5));
    Network::Workspace workspace;
    Board board(5, 5);
    board.play(12, Color::Black);
    const float before = halfOfSmallestNormal();
    const float value = net.run(CanonicalBoard(board, Color::White), workspace, {});
    EXPECT_GT(value, -1.0f);
    EXPECT_LT(value, 1.0f);
    EXPECT_EQ(halfOfSmallestNormal(), before);
    if (kPlatformFlushes) {
        EXPECT_GT(halfOfSmallestNormal(), 0.0f);
    }
}

} // namespace
} // namespace hex::eval::network
