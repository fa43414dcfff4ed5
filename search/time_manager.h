#pragma once

#include "search/search_types.h"

#include <optional>

namespace hex {

// Turns a clock into the deadlines of one move. All times in seconds.
//  - budget: the time left (less a safety reserve) shared over the moves we still expect to
//    play, capped by the per-move limit (less kReserveSeconds);
//  - soft deadline (no new iteration): kSoftFraction of the budget, because the next iteration
//    typically costs more than all the previous ones together;
//  - hard deadline (abandon the iteration): the budget, and never more than kHardShareOfLeft of
//    what is left on the clock.
class TimeManager {
public:
    struct Clock {
        std::optional<double> perMoveLimit; // max_time, or byo-yomi time per stone
        std::optional<double> timeLeft;     // time_left for our colour
        int movesInPeriod = 0;              // stones to play in timeLeft (byo-yomi), 0 if unknown
    };

    // Seconds held back from every budget for protocol and process latency.
    static constexpr double kReserveSeconds = 0.05;
    static constexpr double kReserveFraction = 0.05;
    static constexpr double kSoftFraction = 0.5;
    static constexpr double kHardShareOfLeft = 0.5;
    // Expected moves still to play: a Hex game rarely fills a third of the board per player.
    static constexpr int kMinMovesToGo = 6;
    static constexpr int kEmptyCellsPerMoveToGo = 3;

    // The budget in seconds for one move with `emptyCells` empty cells, or nullopt when the
    // clock sets no limit.
    static std::optional<double> budget(const Clock& clock, int emptyCells);
    // Deadlines from `start`, or nullopt when the clock sets no limit.
    static std::optional<Deadlines> deadlines(const Clock& clock, int emptyCells,
                                              SteadyClock::time_point start);
};

} // namespace hex
