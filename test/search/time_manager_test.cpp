#include "search/time_manager.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

TEST(TimeManager, NoClockMeansNoLimit) {
    EXPECT_FALSE(TimeManager::budget({}, 100));
    EXPECT_FALSE(TimeManager::deadlines({}, 100, SteadyClock::now()));
}

TEST(TimeManager, PerMoveLimitAlone) {
    TimeManager::Clock clock;
    clock.perMoveLimit = 2.0;
    EXPECT_DOUBLE_EQ(*TimeManager::budget(clock, 100), 2.0 - TimeManager::kReserveSeconds);
}

TEST(TimeManager, SharesTimeLeftOverExpectedMoves) {
    TimeManager::Clock clock;
    clock.timeLeft = 60.0;
    const double early = *TimeManager::budget(clock, 120);
    const double late = *TimeManager::budget(clock, 12);
    EXPECT_GT(early, 0.5);
    EXPECT_LT(early, 60.0 / 30);
    EXPECT_GT(late, early); // fewer moves to go
    EXPECT_LT(late, 60.0 / TimeManager::kMinMovesToGo);
}

TEST(TimeManager, NeverMoreThanHalfOfWhatIsLeft) {
    TimeManager::Clock clock;
    clock.perMoveLimit = 30.0;
    clock.timeLeft = 1.0;
    clock.movesInPeriod = 1;
    const double b = *TimeManager::budget(clock, 50);
    EXPECT_LE(b, 0.5);
    EXPECT_GT(b, 0.3);
}

TEST(TimeManager, ExhaustedClockGivesZeroNotNegative) {
    TimeManager::Clock clock;
    clock.timeLeft = 0.01;
    EXPECT_DOUBLE_EQ(*TimeManager::budget(clock, 50), 0.0);
}

TEST(TimeManager, SoftDeadlineComesFirst) {
    TimeManager::Clock clock;
    clock.perMoveLimit = 1.0;
    const auto start = SteadyClock::now();
    const auto d = *TimeManager::deadlines(clock, 80, start);
    EXPECT_GT(d.soft, start);
    EXPECT_LT(d.soft, d.hard);
    EXPECT_EQ(d.hard - start,
              std::chrono::duration_cast<SteadyClock::duration>(
                  std::chrono::duration<double>(1.0 - TimeManager::kReserveSeconds)));
}

} // namespace
} // namespace hex
