#pragma once

#include "core/types.h"

#include <array>
#include <optional>

namespace hex {

// What the controller told us about time (GTP time_settings / time_left), in seconds.
// mainTime 0 with byoYomiTime 0 means no time limit was set.
struct GameClock {
    double mainTime = 0;
    double byoYomiTime = 0;
    int byoYomiStones = 0;
    // The latest time_left per colour: seconds, and stones still to play in the current
    // byo-yomi period (0 while in main time).
    struct Remaining {
        double seconds = 0;
        int stones = 0;
    };
    std::array<std::optional<Remaining>, 2> left{};

    // Charges `seconds` of our own thinking to `c`'s clock, so the engine knows how its time
    // runs down even from a controller that sends time_settings but never time_left (the next
    // time_left replaces the estimate). Moves through byo-yomi periods as GTP defines them.
    void charge(Color c, double seconds);

    bool limited() const noexcept { return mainTime > 0 || byoYomiTime > 0 || left[0] || left[1]; }
    std::optional<Remaining> remaining(Color c) const noexcept {
        return left[static_cast<std::size_t>(index(c))];
    }
};

} // namespace hex
