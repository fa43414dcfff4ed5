#pragma once

#include "core/types.h"
#include "selfplay/self_play_config.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hex::selfplay {

// One finished self-play game, a line of the records file (docs/network.md, "Self-play records
// (version 1)"). The four per-ply lists have one entry per recorded ply.
struct GameRecord {
    static constexpr int kVersion = 1;

    int size = 0; // width and height
    std::uint64_t seed = 0;
    int game = 0;
    std::vector<Cell> moves;    // played, Black at even plies
    std::vector<Cell> searched; // the search's best move
    std::vector<Score> scores;  // the search's score for the side to move
    std::vector<int> proven;    // +1 / -1: the side to move is proven to win / lose; 0 unknown
    Color winner = Color::Black;
};

// The settings that decide the games (the records' "settings"): the evaluator, the budget, the
// opening and solver parameters, the sizes, and every engine option that affects play and
// differs from its default. Two runs whose settings are equal play the same games.
nlohmann::ordered_json recordSettings(const SelfPlayConfig& config);

// The record as one line of JSON, with its newline.
std::string recordLine(const GameRecord& record, const nlohmann::ordered_json& settings);

} // namespace hex::selfplay
