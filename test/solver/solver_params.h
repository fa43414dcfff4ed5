#pragma once

#include "solver/solver.h"

namespace hex::testing {

constexpr int kIngredients = 13;

// The solver with one ingredient switched off: 0 connections, 1 inferior-cell fill-in,
// 2 pattern pruning, 3 the table, 4 the lookahead, 5 proof-number search (plain depth-first
// instead), 6 the VC cache, 7 vulnerable and dominated move pruning, 8 skipping the mover's own
// H-search below the root (so 8 builds it everywhere), 9 connections derived from a build up
// the line (so 9 builds every time from scratch), 10 the winning replies tried first, 11 the
// memos of fill-ins and inferior moves, 12 solving split positions region by region; any other
// value keeps all of them.
inline SolverParams withoutIngredient(int variant) {
    SolverParams params;
    params.useConnections = variant != 0;
    params.useInferior = variant != 1;
    params.usePatternPruning = variant != 2;
    params.useTable = variant != 3;
    params.useLookahead = variant != 4;
    params.useDfpn = variant != 5;
    params.useVcCache = variant != 6;
    params.useInferiorMoves = variant != 7;
    params.skipOwnConnections = variant != 8;
    if (variant == 9)
        params.vcDerivationChain = 0;
    params.useWinningReplies = variant != 10;
    if (variant == 11)
        params.analysisMemoEntries = 0;
    params.useDecomposition = variant != 12;
    return params;
}

} // namespace hex::testing
