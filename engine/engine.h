#pragma once

#include "core/game.h"
#include "core/options.h"
#include "core/stop.h"
#include "engine/clock.h"
#include "search/search_player.h"

#include <optional>

namespace hex {

// The facade the protocol layer talks to: the game, the options and move generation.
// Everything here runs on the command thread; only StopFn is called from elsewhere's state.
class Engine {
public:
    Engine();

    Game& game() noexcept { return game_; }
    const Game& game() const noexcept { return game_; }
    Options& options() noexcept { return options_; }
    const Options& options() const noexcept { return options_; }
    GameClock& clock() noexcept { return clock_; }
    // The alpha-beta player (option player=search) and its last search, for analyze commands.
    const SearchPlayer& searchPlayer() const noexcept { return searchPlayer_; }

    // The move `color` should play now, or nullopt to resign (only when the game is already
    // decided against it or no cell is left). Does not change the game.
    std::optional<Move> chooseMove(Color color, const StopFn& shouldStop);
    // chooseMove, then plays the move in the game.
    std::optional<Move> generateMove(Color color, const StopFn& shouldStop);

private:
    bool wantsSwap(Color color, const StopFn& shouldStop);

    Options options_;
    Game game_;
    GameClock clock_;
    SearchPlayer searchPlayer_;
};

// Declares every engine option (the single table; see engine_options.cpp).
void declareEngineOptions(Options& options);

} // namespace hex
