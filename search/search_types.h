#pragma once

#include "engine/core/score.h"
#include "engine/core/types.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hex {

using SteadyClock = std::chrono::steady_clock;

// When a timed search must stop. No new iteration starts after `soft`; the running one is
// abandoned at `hard`.
struct Deadlines {
    SteadyClock::time_point soft;
    SteadyClock::time_point hard;
};

struct SearchLimits {
    static constexpr int kMaxDepth = 64;

    int maxDepth = kMaxDepth;      // iterations 1..maxDepth
    std::uint64_t maxNodes = 0;    // 0: unlimited; checked exactly at every node
    std::optional<Deadlines> time; // none: the clock is never read (deterministic)
    int width = 15;                // moves searched below the root (the root searches all)
    // Half-width of the first aspiration window, in evaluator units; grows on each failure.
    Score aspirationWindow = 64;
    bool useTT = true;
    // Polled every Search::kCheckInterval nodes; true stops the search at once.
    std::function<bool()> shouldStop;
};

// One finished iteration, as reported through SearchCallbacks::onIteration.
struct IterationInfo {
    int depth = 0;
    Score score = 0; // side to move's view
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nodesPerSecond = 0;
    std::vector<Cell> pv;
};

// A root move's score from the last finished iteration: exact for the moves searched with an
// open window, an upper bound (the move is no better than this) for the others.
struct RootMoveScore {
    Cell cell = kNoCell;
    Score score = 0;
    bool exact = false;
};

struct SearchResult {
    enum class Reason : std::uint8_t {
        GameOver,     // somebody has already connected: no move
        ImmediateWin, // one stone wins, played without a search
        ForcedBlock,  // the opponent threatens to win next move: the block, without a search
        Searched,
    };

    Reason reason = Reason::Searched;
    Cell best = kNoCell;
    Score score = 0;
    int depth = 0; // last finished iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<Cell> pv;
    std::vector<RootMoveScore> rootScores;
};

struct SearchCallbacks {
    std::function<void(const IterationInfo&)> onIteration;
    std::function<void(const std::vector<RootMoveScore>&)> onRootScores;
};

// "-35", "win-in-3", "loss-in-4": a score for logs and displays, without spaces.
inline std::string scoreText(Score score) {
    if (score > kMaxEval)
        return "win-in-" + std::to_string(kWin - score);
    if (score < -kMaxEval)
        return "loss-in-" + std::to_string(kWin + score);
    return std::to_string(score);
}

} // namespace hex
