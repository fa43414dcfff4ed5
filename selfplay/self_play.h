#pragma once

#include "core/stop.h"
#include "selfplay/self_play_config.h"

#include <iosfwd>
#include <span>
#include <string>

namespace hex::selfplay {

struct RunSummary {
    int played = 0; // games played and written by this run
    int held = 0;   // games of this shard the file already held
    bool stopped = false;
};

// Plays the games of config's shard that config.out does not hold yet, in order, appending each
// record as soon as the game ends. Throws std::runtime_error when the file holds another run's
// records or cannot be read or written; then nothing is written.
RunSummary runSelfPlay(const SelfPlayConfig& config, const StopFn& shouldStop);

// `ohmhex selfplay ARGS`: the usage on `out` for --help, errors on `err`, progress on stderr
// (spdlog). Exit status: 0 done, 1 the file cannot be used, 2 bad arguments (nothing written),
// 130 stopped by SIGINT or SIGTERM (a second one ends the process at once).
int selfPlayCommandLine(std::span<const std::string> args, std::ostream& out, std::ostream& err);

} // namespace hex::selfplay
