#pragma once

#include "connections/cell_set.h"
#include "core/board.h"
#include "solver/node_analysis.h"
#include "solver/proof_number_search.h"
#include "solver/proof_table.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <atomic>
#include <cstddef>
#include <optional>

namespace hex {

// An extra thread of one proof-number solve (SolverParams::threads): it proves the root's
// children one at a time, in the static move order from the second on (the main search starts
// with the first), sharing the main search's proof table. A child it proves lost for the
// opponent is a winning move at the root: it reports it and the solve ends there. A child it
// proves won for the opponent is a table hit when the main search gets to it, as is every
// position of the child's proof that the main search reaches on another path. Its own
// proof-number bounds, connection builds and counters are its own.
class RootHelper {
public:
    struct Win {
        Cell move = kNoCell;
        CellSet proof; // the winner's pattern at the root, the move and the fill-in included
    };

    // Which children this helper takes: positions index + 1, index + 1 + count, ... of the
    // root's static order counted from 0 (position 0, the best, is the main search's first).
    struct Share {
        int index = 0;
        int count = 1;
    };

    RootHelper(const SolverParams& params, ProofTable& table);
    RootHelper(const RootHelper&) = delete; // its parts refer to each other
    RootHelper& operator=(const RootHelper&) = delete;

    // Proves its share of the children of `root` (toMove to play) until one wins, every one is
    // proven, `stop` is set or `maxSeconds` have passed (0: no limit).
    std::optional<Win> run(const Board& root, Color toMove, Share share, double maxSeconds,
                           const std::atomic<bool>& stop);
    const SolveStats& stats() { return context_.stats(); }
    // Forgets what earlier solves left: bounds, connection builds, caches (Solver::clear).
    void clear() {
        search_.clearBounds();
        analysis_.clear();
    }
    void setBoundsCapacity(std::size_t entries) { search_.setBoundsCapacity(entries); }

private:
    std::optional<Win> proveChildren(Color toMove, CellSet candidates, Share share);

    SolverParams params_;
    SolveContext context_;
    NodeAnalysis analysis_;
    ProofNumberSearch search_;
};

} // namespace hex
