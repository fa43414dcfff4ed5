#include "solver/solve_context.h"

namespace hex {

namespace {
constexpr std::uint64_t kPollInterval = 256; // nodes between clock and stop-flag polls
}

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
    const std::uint64_t work = stats_.nodes + stats_.lookaheads;
    if (limits_.maxNodes != 0 && stats_.nodes > limits_.maxNodes)
        aborted_ = true;
    if (work % kPollInterval == 1) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started_;
        if (limits_.maxSeconds > 0 && elapsed.count() > limits_.maxSeconds)
            aborted_ = true;
        if (limits_.stop && limits_.stop())
            aborted_ = true;
    }
    return aborted_;
}

SolveStats SolveContext::finish() {
    stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return stats_;
}

} // namespace hex
