#pragma once

#include "core/board.h"
#include "core/random.h"
#include "core/stop.h"
#include "search/search_player.h"
#include "selfplay/game_record.h"
#include "selfplay/self_play_config.h"
#include "solver/solver.h"

#include <optional>

namespace hex::selfplay {

// Game g's own random stream, from the run's seed and g only: a game is the same whichever
// shard plays it and whatever was played before it. Its first draw is the board size.
SplitMix gameRandom(std::uint64_t seed, int game);
int gameSize(const SelfPlayConfig& config, int game);

// Plays the games of a run, one at a time, with one search player and one solver (both are
// cleared before every game, so that no game depends on the ones before it).
class SelfPlayer {
public:
    explicit SelfPlayer(const SelfPlayConfig& config);

    // Game `game` to its end; nullopt when `shouldStop` stopped it.
    std::optional<GameRecord> play(int game, const StopFn& shouldStop);

private:
    // What a ply records of its position: the search's best move and score, and the proof.
    struct Analysis {
        Cell best = kNoCell;
        Score score = 0;
        int proven = 0; // +1 / -1: the side to move is proven to win / lose; 0 unknown
    };
    // The search, then the solver where the search proved nothing; nullopt when stopped.
    std::optional<Analysis> analyse(const Board& board, Color toMove, const StopFn& shouldStop);
    // Whether the solver proves the position for `toMove` (+1 win, -1 loss, 0 unknown): only
    // with at most solverEmpty empty cells.
    int solverVerdict(const Board& board, Color toMove, const StopFn& shouldStop);

    const SelfPlayConfig& config_;
    SearchPlayer player_;
    Solver solver_;
};

} // namespace hex::selfplay
