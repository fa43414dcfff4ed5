#pragma once

#include "core/board.h"
#include "core/stop.h"
#include "core/types.h"
#include "solver/solver_types.h"

#include <vector>

namespace hex {

// The solver's guesses of the winning moves at the root of a solve (SolveLimits::guess): the
// first moves of a depth-4 search with the circuit (the `resistance` evaluator with its `vc`
// links, the engine's width, root width, even depths and quiescence) on the position and on its
// 180-degree rotation, taken in turn (the first of each, then the second of each...) up to
// `count`. The search's order is not symmetric, and on 8x8 the first move of one of the two is
// a winning reply more often than the first two of either. The same settings whatever the
// engine's options say, so that a solve does not depend on them. The score is the mean of the
// two searches' scores for the side to move (one orientation alone misjudges some 8x8 roots by
// hundreds: after Black's a5 White scores -193 and, rotated, +54), by which the solver may judge
// the root lost (SolverParams::inTurnWhenLost). Empty, without a score, when the game is over
// or the side to move has no move. Deterministic (no clock), unless `shouldStop` ends the
// searches early: then their best moves and scores so far.
Guesses solverGuesses(const Board& board, Color toMove, int count, const StopFn& shouldStop = {});

} // namespace hex
