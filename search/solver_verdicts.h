#pragma once

#include "core/board.h"
#include "search/search_types.h"
#include "solver/solver.h"

#include <optional>
#include <string_view>

namespace hex {

// What the player's solvers share: the clock's remaining time, the log line of a solve, and the
// winner after a move (the check of a move from the opponent's side).

double secondsUntil(SteadyClock::time_point t);

// One log line per solve of a position: `when` says which of the player's solves it was.
void logSolve(std::string_view when, Color toMove, const SolveResult& r);

// The winner once `toMove` plays `move` on `board`: the mover when the stone wins on the spot,
// otherwise the solver's verdict for the opponent to move within `limits` (nullopt: none).
std::optional<Color> winnerAfter(Solver& solver, const Board& board, Color toMove, Cell move,
                                 const SolveLimits& limits);

} // namespace hex
