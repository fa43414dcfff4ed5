#pragma once

#include "connections/cell_set.h"
#include "solver/node_analysis.h"
#include "solver/outcome.h"
#include "solver/proof_number_search.h"
#include "solver/proof_table.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <vector>

namespace hex {

// The root's candidate moves proven one at a time (SolverParams::rootChildrenInTurn and
// inTurnWhenLost): each child is a proof-number solve of its own, a root for the guesser too
// where it may ask (after guessAfterNodes of its own nodes), with the table shared. Where
// guesses are asked, the root's come first, at once, then the static order; a child proven lost for
// the mover narrows the later candidates to its refutation's pattern. A root decided by its own
// analysis, or split into regions, is left to the plain search.
class ChildrenInTurn {
public:
    ChildrenInTurn(const SolverParams& params, SolveContext& context, NodeAnalysis& analysis,
                   ProofTable& table, ProofNumberSearch& search);

    // Solves the context's current position; meaningless once the context is aborted.
    // `childrenGuess` (SolverParams::rootChildrenInTurn): the root's guesses are proven first and
    // each child asks the guesser at its own root; otherwise (inTurnWhenLost) no guesses at
    // all, the static order.
    Outcome solve(Color toMove, bool childrenGuess);

private:
    // The root's fill-in (on the board until undone) and its verdict; `split`: it has two or
    // more regions, which the plain search solves one by one.
    struct RootAnalysis {
        FillIn fill;
        StaticVerdict verdict;
        bool split = false;
    };
    RootAnalysis analyseRoot(Color toMove);
    // The root's children until one wins for the mover; `losePattern` starts as the opponent's
    // pattern behind the must-play `candidates`.
    Outcome proveChildren(Color toMove, CellSet candidates, CellSet losePattern,
                          bool childrenGuess);
    // The candidates in the order they are proven: the guesses first, then the static order.
    std::vector<Cell> order(Color toMove, const CellSet& candidates);

    const SolverParams& params_;
    SolveContext& context_;
    NodeAnalysis& analysis_;
    ProofTable& table_;
    ProofNumberSearch& search_;
};

} // namespace hex
