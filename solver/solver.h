#pragma once

#include "core/board.h"
#include "solver/node_analysis.h"
#include "solver/outcome.h"
#include "solver/proof_table.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hex {

// Depth-first win/loss search with van Rijswijck's pattern search: every proven result carries
// the winner's threat pattern, the set of empty cells the result depends on (the loser may own
// every other empty cell). After a refuted move, the remaining candidates are intersected with
// the refutation's pattern, since the same refutation answers every move outside it. Candidates
// are the must-play cells of the H-search after inferior-cell fill-in. Proven results with their
// patterns go to a transposition table shared by successive calls (cleared by clearTable).
class Solver {
public:
    explicit Solver(SolverParams params = {});
    Solver(const Solver&) = delete; // its parts refer to each other
    Solver& operator=(const Solver&) = delete;

    SolveResult solve(const Board& board, Color toMove, const SolveLimits& limits = {});
    // Every empty cell whose play wins for toMove (empty when the game is over).
    WinningMoves winningMoves(const Board& board, Color toMove, const SolveLimits& limits = {});

    void clearTable() {
        table_.clear();
        bounds_.clear();
    }
    const SolverParams& params() const noexcept { return params_; }

private:
    struct Candidate {
        Cell move;
        int childMustPlay; // size of the opponent's must-play after the move: smaller is better
    };

    // Proof and disproof numbers of a node for its side to move: phi 0 = proven win, delta 0 =
    // proven loss.
    struct Bounds {
        std::uint32_t phi = 1;
        std::uint32_t delta = 1;
    };
    struct DfpnChild {
        Cell move;
        Bounds bounds; // the child's, for the opponent to move there
    };
    struct Probe { // what is known about a child before searching it
        bool solved = false;
        Outcome result; // for the child's side to move, when solved
        Bounds bounds;
    };

    bool dfpnEnabled() const noexcept { return params_.useDfpn && params_.useTable; }
    // Whether proof-number search judges fresh children statically (see dfpnLookaheadMaxSize).
    bool dfpnLookahead() const noexcept;
    // Solves the current position with the configured search (proof-number or depth-first).
    Outcome prove(Color toMove);
    // The depth-first search.
    Outcome solveNode(Color toMove);
    // Expands the node until its bounds reach a threshold or it is solved; solved results go to
    // the table, open ones to the bounds table. `solved` says which of the two was returned.
    Outcome mid(Color toMove, Bounds threshold, Bounds& out, bool& solved);
    Outcome midChildren(Color toMove, CellSet candidates, CellSet losePattern, Bounds threshold,
                        Bounds& out, bool& solved);
    Probe probeChild(Color toMove, Cell move, Bounds fresh);
    Bounds freshBounds(int scoreGap, std::size_t siblings) const;
    Outcome searchMoves(Color toMove, CellSet candidates, CellSet losePattern);
    void store(Color toMove, const Outcome& o);

    SolverParams params_;
    ProofTable table_;
    SolveContext context_;
    NodeAnalysis analysis_;
    std::unordered_map<Key, Bounds> bounds_; // open dfpn nodes, keyed like the proof table
};

} // namespace hex
