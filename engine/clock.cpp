#include "engine/clock.h"

#include <algorithm>

namespace hex {

void GameClock::charge(Color c, double seconds) {
    if (!limited())
        return;
    auto& slot = left[static_cast<std::size_t>(index(c))];
    // Without any report yet the clock is full: main time, or a fresh byo-yomi period.
    Remaining r =
        slot ? *slot
             : (mainTime > 0 ? Remaining{mainTime, 0} : Remaining{byoYomiTime, byoYomiStones});
    r.seconds -= seconds;
    if (r.stones == 0) {
        // Main time; once it runs out, byo-yomi starts (the overshoot is taken from it).
        if (r.seconds <= 0 && byoYomiTime > 0)
            r = Remaining{byoYomiTime + r.seconds, byoYomiStones};
    } else if (--r.stones == 0) {
        r = Remaining{byoYomiTime, byoYomiStones}; // the period's stones are played: a new one
    }
    r.seconds = std::max(0.0, r.seconds);
    slot = r;
}

} // namespace hex
