#pragma once

#include "core/board.h"
#include "core/stop.h"
#include "core/types.h"

#include <vector>

namespace hex {

// The solver's guesses of the winning moves at the root of a solve (SolveLimits::guesses): the
// first `count` root moves of a depth-4 search with the circuit (the `resistance` evaluator with
// its `vc` links, the engine's width, root width, even depths and quiescence), best first. The
// same settings whatever the engine's options say, so that a solve does not depend on them.
// Empty when the game is over or the side to move has no move. Deterministic (no clock), unless
// `shouldStop` ends the search early: then its best moves so far.
std::vector<Cell> solverGuesses(const Board& board, Color toMove, int count,
                                const StopFn& shouldStop = {});

} // namespace hex
