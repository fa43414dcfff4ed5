#pragma once

#include "connections/cell_set.h"
#include "solver/node_analysis.h"
#include "solver/outcome.h"
#include "solver/proof_table.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <cstdint>

namespace hex {

// Depth-first win/loss search with van Rijswijck's pattern search (SolverParams::useDfpn off, or
// without the table). Candidates are the node's must-play; with the lookahead every candidate is
// first judged statically and the rest are searched with the most forcing moves first. A
// refutation prunes the candidates to its pattern. Proven results go to the proof table when
// SolverParams::useTable.
class DepthFirstSearch {
public:
    DepthFirstSearch(const SolverParams& params, SolveContext& context, NodeAnalysis& analysis,
                     ProofTable& table);

    // Solves the context's current position; meaningless once the context is aborted.
    Outcome solve(Color toMove);

private:
    struct Candidate {
        Cell move;
        int childMustPlay; // size of the opponent's must-play after the move: smaller is better
    };

    Outcome searchMoves(Color toMove, CellSet candidates, CellSet losePattern);
    void store(Color toMove, const Outcome& o, std::uint64_t work);

    const SolverParams& params_;
    SolveContext& context_;
    NodeAnalysis& analysis_;
    ProofTable& table_;
};

} // namespace hex
