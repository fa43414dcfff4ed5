#pragma once

#include "core/game.h"
#include "match/engine_link.h"
#include "match/openings.h"

#include <atomic>
#include <optional>
#include <random>
#include <string>

namespace hex::match {

struct GameSettings {
    int size = 11;
    bool swap = false;          // may the second player answer swap-pieces?
    double moveTime = 0;        // seconds per genmove (0: use the clock, or no limit)
    double gameClock = 0;       // seconds per game and player (0: none)
    double margin = 0.5;        // latency allowance on every deadline, seconds
    double commandTimeout = 10; // deadline for every other command
    double chaos = 0;           // soak testing: chance per move of an interrupt and of an undo
};

struct GameOutcome {
    Game game{1, 1};
    std::optional<Color> winner;
    std::string reason;          // "connection", "resign" or the failure
    std::optional<Color> failed; // the side whose engine misbehaved (restart it)
    double timeUsed[2] = {0, 0}; // per colour, seconds in genmove
    bool abandoned = false;      // stopped by the user: not a result
};

// Plays one game between two running engines and checks every reply on its own board. Any
// failure (crash, timeout, malformed or out-of-turn output, illegal move, a refused command)
// loses the game for the engine at fault, with the reason.
class Referee {
public:
    Referee(const GameSettings& settings, const std::atomic<bool>* stop, std::uint64_t seed)
        : settings_(settings), stop_(stop), random_(seed) {}

    // links[0] plays Black, links[1] White.
    GameOutcome play(EngineLink* links[2], const Opening& opening);

private:
    void setUp(EngineLink* links[2], GameOutcome& out, const Opening& opening);
    void moveLoop(EngineLink* links[2], GameOutcome& out, double clocks[2]);
    void expectOk(EngineLink& link, Color side, const std::string& line);
    std::optional<Move> readMove(const std::string& payload, Color side, const Game& game);
    void resync(EngineLink* links[2], const Game& game);
    Clock::time_point commandDeadline() const;

    GameSettings settings_;
    const std::atomic<bool>* stop_;
    std::mt19937_64 random_;
};

} // namespace hex::match
