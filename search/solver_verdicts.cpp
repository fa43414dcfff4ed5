#include "search/solver_verdicts.h"

#include <spdlog/spdlog.h>

#include <chrono>

namespace hex {

double secondsUntil(SteadyClock::time_point t) {
    return std::chrono::duration<double>(t - SteadyClock::now()).count();
}

void logSolve(std::string_view when, Color toMove, const SolveResult& r) {
    spdlog::info("solver {}{}: {} in {} nodes, {:.2f}s", colorName(toMove), when,
                 r.winner ? (*r.winner == toMove ? "win" : "loss") : "unknown", r.stats.nodes,
                 r.stats.seconds);
}

std::optional<Color> winnerAfter(Solver& solver, const Board& board, Color toMove, Cell move,
                                 const SolveLimits& limits) {
    Board after = board;
    after.play(move, toMove);
    if (after.winner())
        return after.winner();
    return solver.solve(after, opponent(toMove), limits).winner;
}

} // namespace hex
