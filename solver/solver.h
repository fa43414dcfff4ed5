#pragma once

#include "core/board.h"
#include "solver/children_in_turn.h"
#include "solver/depth_first_search.h"
#include "solver/node_analysis.h"
#include "solver/outcome.h"
#include "solver/proof_number_search.h"
#include "solver/proof_table.h"
#include "solver/root_helper.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace hex {

// Proves who wins a position (docs/solver.md): proof-number search, or depth-first search, with
// van Rijswijck's pattern search. Every proven result carries the winner's threat pattern, the
// set of empty cells the result depends on (the loser may own every other empty cell). After a
// refuted move, the remaining candidates are intersected with the refutation's pattern, since the
// same refutation answers every move outside it. Candidates are the must-play cells of the
// H-search after inferior-cell fill-in (NodeAnalysis). Proven results with their patterns go to
// a transposition table shared by successive calls (cleared by clear).
class Solver {
public:
    explicit Solver(SolverParams params = {});
    Solver(const Solver&) = delete; // its parts refer to each other
    Solver& operator=(const Solver&) = delete;

    SolveResult solve(const Board& board, Color toMove, const SolveLimits& limits = {});
    // Every empty cell whose play wins for toMove (empty when the game is over). Moves outside an
    // earlier refutation's pattern are known to lose without a proof of their own.
    WinningMoves winningMoves(const Board& board, Color toMove, const SolveLimits& limits = {});

    // Forgets everything the solves before left (proofs, proof-number bounds, the node
    // analysis's connection builds, VC cache and memos), so that the next solve is the one a new
    // solver would make: a new game, self-play game or benchmark opening does not depend on the
    // ones before it. Without it successive solves share all of these.
    void clear() {
        table_.clear();
        proofNumber_.clearBounds();
        analysis_.clear();
        for (const auto& helper : helpers_)
            helper->clear();
    }
    // Whether the next solves prove the root's children in turn (SolverParams::rootChildrenInTurn).
    void setChildrenInTurn(bool inTurn) noexcept { params_.rootChildrenInTurn = inTurn; }
    // Whether the next solves turn to the root's children in turn when the guesser judges the
    // root lost (SolverParams::inTurnWhenLost).
    void setInTurnWhenLost(bool turn) noexcept { params_.inTurnWhenLost = turn; }
    // Threads for each solve (SolverParams::threads), at least 1.
    void setThreads(int threads);
    // Sizes the proof table (two thirds of `bytes`) and the proof-number bounds (the rest) to a
    // memory budget; tables over their new size evict their cheapest entries.
    void setMemory(std::size_t bytes);
    std::size_t tableCapacity() const { return table_.capacity(); }
    std::uint64_t tableEvictions() const { return table_.evictions(); }
    const SolverParams& params() const noexcept { return params_; }

private:
    // Solves the current position with the configured search: proof-number search needs the
    // table, without it the depth-first search runs.
    Outcome prove(Color toMove);
    // prove() with the helpers beside it: its result, or a helper's winning move when one found
    // it first, or nullopt when the solve stopped unproven. The helpers' counters go to `stats`.
    std::optional<Outcome> proveWithHelpers(const Board& board, Color toMove,
                                            const SolveLimits& limits, SolveStats& stats);
    bool helpersApply() const noexcept {
        return !helpers_.empty() && params_.useDfpn && params_.useTable;
    }
    void makeHelpers();

    SolverParams params_;
    ProofTable table_;
    SolveContext context_;
    NodeAnalysis analysis_;
    DepthFirstSearch depthFirst_;
    ProofNumberSearch proofNumber_;
    ChildrenInTurn childrenInTurn_;                    // SolverParams::rootChildrenInTurn
    std::vector<std::unique_ptr<RootHelper>> helpers_; // threads - 1 of them
    std::atomic<bool> helperWon_{false};               // ends the main search early
    std::optional<std::size_t> memoryBytes_;           // the budget setMemory was given
};

} // namespace hex
