#include "solver/solve_context.h"

namespace hex {

void SolveContext::start(const Board& board, const SolveLimits& limits) {
    board_.emplace(board);
    limits_ = limits;
    stats_ = {};
    aborted_ = false;
    started_ = std::chrono::steady_clock::now();
}

bool SolveContext::outOfBudget() {
    if (aborted_)
        return true;
    if (limits_.maxNodes != 0 && stats_.nodes > limits_.maxNodes)
        aborted_ = true;
    // The clock and the stop flag at every call: on 11x11 a node's connection build takes
    // milliseconds, so polling every few hundred let a 0.2 s budget run for seconds.
    if (limits_.maxSeconds > 0) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started_;
        if (elapsed.count() > limits_.maxSeconds)
            aborted_ = true;
    }
    if (limits_.stop && limits_.stop())
        aborted_ = true;
    return aborted_;
}

SolveStats SolveContext::finish() {
    stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return stats_;
}

} // namespace hex
