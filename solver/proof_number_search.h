#pragma once

#include "connections/cell_set.h"
#include "solver/bounded_table.h"
#include "solver/node_analysis.h"
#include "solver/outcome.h"
#include "solver/proof_table.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"
#include "solver/winning_replies.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hex {

// Depth-first proof-number search (the MID procedure of Nagai's df-pn, in negamax form, with
// Pawlewicz's 1+epsilon second-best threshold) on top of the same node knowledge as the
// depth-first search: fill-in, VC wins and losses, must-play candidates, lookahead, proof
// patterns. A child proven won by the opponent prunes the candidates to its pattern, as in
// DepthFirstSearch. Moves that won elsewhere in the proof are tried first (WinningReplies).
// Proven nodes go to the proof table (which this search needs: proven children
// are found there on later visits), open ones keep their bounds in a bound table of its own.
class ProofNumberSearch {
public:
    ProofNumberSearch(const SolverParams& params, SolveContext& context, NodeAnalysis& analysis,
                      ProofTable& table);

    // Solves the context's current position; meaningless once the context is aborted.
    Outcome solve(Color toMove);
    void clearBounds() { bounds_.clear(); }
    void setBoundsCapacity(std::size_t entries) { bounds_.setCapacity(entries); }
    // What one entry of the bounds table costs, for sizing it from a memory budget.
    static std::size_t bytesPerBoundsEntry();

private:
    // Proof and disproof numbers of a node for its side to move: phi 0 = proven win, delta 0 =
    // proven loss.
    struct Bounds {
        std::uint32_t phi = 1;
        std::uint32_t delta = 1;
    };
    struct Child {
        Cell move;
        Bounds bounds; // the child's, for the opponent to move there
    };
    struct Probe { // what is known about a child before searching it
        bool solved = false;
        Outcome result; // for the child's side to move, when solved
        Bounds bounds;
    };

    // Expands the node until its bounds reach a threshold or it is solved; solved results go to
    // the table, open ones to the bounds table. `solved` says which of the two was returned.
    Outcome mid(Color toMove, Bounds threshold, Bounds& out, bool& solved);
    // What a node has cost: the nodes of its earlier visits (in the bounds table) and the
    // solve's node count when this visit began.
    struct NodeWork {
        Key key;
        std::uint64_t earlier;
        std::uint64_t nodesBefore;
    };
    Outcome midChildren(Color toMove, const NodeWork& work, CellSet candidates, CellSet losePattern,
                        Bounds threshold, Bounds& out, bool& solved);
    // The caller's guesses for the node (SolveLimits::guess), within SolverParams::guessPlies
    // of the root; empty elsewhere, and before the node has cost guessAfterNodes.
    const std::vector<Cell>& guessesFor(Color toMove, const NodeWork& work);
    // A node that splits into regions (regions.h): an OR node over the region positions, each
    // with the same side to move, so their bounds add up without the negamax swap.
    Outcome midRegions(Color toMove, const std::vector<CellSet>& regions, const CellSet& mustPlay,
                       Bounds threshold, Bounds& out, bool& solved);
    Probe probeChild(Color toMove, Cell move, Bounds fresh);
    Probe probeRegion(Color toMove, const CellSet& given, int candidates);
    Bounds regionBounds(int candidates) const;
    Bounds freshBounds(int scoreGap, std::size_t siblings) const;
    // Whether fresh children are judged statically (see SolverParams::dfpnLookaheadMaxSize).
    bool lookahead() const noexcept;
    // The move that led to the node at `depth` on the current path (kNoCell at the root).
    Cell arrivingMove(int depth) const;
    void setArrivingMove(int depth, Cell move);
    // Keeps an open node's bounds, with the nodes spent on it so far plus `work`.
    void keepBounds(Key key, Bounds bounds, std::uint64_t work);

    const SolverParams& params_;
    SolveContext& context_;
    NodeAnalysis& analysis_;
    ProofTable& table_;
    BoundedTable<Bounds> bounds_; // open nodes, keyed like the proof table
    WinningReplies replies_;      // tried first (SolverParams::useWinningReplies)
    std::vector<Cell> arriving_;  // by depth: the move that led to the node on the current path
};

} // namespace hex
