#include "search/time_manager.h"

#include <algorithm>
#include <chrono>

namespace hex {

std::optional<double> TimeManager::budget(const Clock& clock, int emptyCells) {
    std::optional<double> result;
    if (clock.perMoveLimit)
        result = *clock.perMoveLimit - kReserveSeconds;
    if (clock.timeLeft) {
        const double usable =
            std::max(0.0, *clock.timeLeft * (1 - kReserveFraction) - kReserveSeconds);
        const int movesToGo = clock.movesInPeriod > 0
                                  ? clock.movesInPeriod
                                  : std::max(kMinMovesToGo, emptyCells / kEmptyCellsPerMoveToGo);
        const double share = std::min(usable / movesToGo, usable * kHardShareOfLeft);
        result = result ? std::min(*result, share) : share;
    }
    if (result)
        result = std::max(0.0, *result);
    return result;
}

std::optional<Deadlines> TimeManager::deadlines(const Clock& clock, int emptyCells,
                                                SteadyClock::time_point start) {
    const std::optional<double> seconds = budget(clock, emptyCells);
    if (!seconds)
        return std::nullopt;
    auto after = [start](double s) {
        return start +
               std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(s));
    };
    return Deadlines{after(*seconds * kSoftFraction), after(*seconds)};
}

} // namespace hex
