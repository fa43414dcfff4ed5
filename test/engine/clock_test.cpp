#include "engine/clock.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

TEST(GameClock, UnlimitedClocksIgnoreCharges) {
    GameClock clock;
    clock.charge(Color::Black, 3);
    EXPECT_FALSE(clock.remaining(Color::Black));
}

TEST(GameClock, MainTimeRunsDownWithoutTimeLeft) {
    GameClock clock{60, 0, 0, {}};
    clock.charge(Color::Black, 10);
    clock.charge(Color::Black, 5);
    ASSERT_TRUE(clock.remaining(Color::Black));
    EXPECT_DOUBLE_EQ(clock.remaining(Color::Black)->seconds, 45);
    EXPECT_FALSE(clock.remaining(Color::White));
    clock.charge(Color::Black, 100);
    EXPECT_DOUBLE_EQ(clock.remaining(Color::Black)->seconds, 0);
}

TEST(GameClock, ByoYomiStartsWhenMainTimeRunsOutAndRenewsEachPeriod) {
    GameClock clock{10, 30, 2, {}};
    clock.charge(Color::White, 12); // 2 s into the first period
    EXPECT_DOUBLE_EQ(clock.remaining(Color::White)->seconds, 28);
    EXPECT_EQ(clock.remaining(Color::White)->stones, 2);
    clock.charge(Color::White, 8);
    EXPECT_DOUBLE_EQ(clock.remaining(Color::White)->seconds, 20);
    EXPECT_EQ(clock.remaining(Color::White)->stones, 1);
    clock.charge(Color::White, 5); // period complete: a fresh one
    EXPECT_DOUBLE_EQ(clock.remaining(Color::White)->seconds, 30);
    EXPECT_EQ(clock.remaining(Color::White)->stones, 2);
}

TEST(GameClock, TimeLeftReportsAreTheStartingPoint) {
    GameClock clock{300, 0, 0, {}};
    clock.left[0] = GameClock::Remaining{20, 0};
    clock.charge(Color::Black, 4);
    EXPECT_DOUBLE_EQ(clock.remaining(Color::Black)->seconds, 16);
}

} // namespace
} // namespace hex
