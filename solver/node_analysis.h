#pragma once

#include "connections/cell_set.h"
#include "connections/game_state.h"
#include "connections/inferior.h"
#include "solver/analysis_memos.h"
#include "solver/connection_builds.h"
#include "solver/outcome.h"
#include "solver/solve_context.h"
#include "solver/solver_types.h"

#include <optional>

namespace hex {

// What a node's static knowledge (fill-in, then the connections) says about it.
struct StaticVerdict {
    std::optional<bool> win; // for the side to move, when proven
    CellSet proof;           // the winner's pattern, when proven
    Cell move = kNoCell;
    CellSet mustPlay;       // otherwise: the candidate moves
    CellSet mustPlayReason; // the opponent's pattern that refutes every other move

    Outcome outcome() const { return {*win, proof, move}; } // only when proven
};

// The node knowledge both searches use (docs/solver.md, "Algorithm"): fill-in of dead and
// captured cells, VC wins and losses, the must-play set without inferior moves, and the
// lookahead's cheaper judgement of a child. Owns the connection builds behind them.
class NodeAnalysis {
public:
    NodeAnalysis(const SolverParams& params, SolveContext& context);

    // Fills in dead and captured cells (when SolverParams::useInferior). The stones stay on the
    // board, where the node is judged and its children searched, until undoFillIn.
    FillIn fillIn();
    void undoFillIn(const FillIn& fill);
    // The verdict on the current node, `toMove` to play, after its fill-in `fill`. An undecided
    // node keeps its connection builds, as the bases of its children's.
    StaticVerdict analyse(Color toMove, const FillIn& fill);
    // The lookahead's judgement of a child just played, with `them` to move: fill-in, then their
    // opponent's threats only. The fill-in is undone; its cells join a decided child's proof.
    StaticVerdict judgeChild(Color them);
    // Forgets the connection builds, the VC cache and the memos that earlier solves left.
    void clear();

private:
    bool ownConnectionsMayDecide(Color toMove, const FillIn& fill) const;
    static StaticVerdict fromGameState(const GameState& state, Color toMove);
    void pruneInferiorMoves(Color toMove, StaticVerdict& s);
    InferiorMemo inferiorMoves(Color toMove, const CellSet& candidates);
    StaticVerdict threats(Color toMove);

    const SolverParams& params_;
    SolveContext& context_;
    ConnectionBuilds builds_;
    AnalysisMemos<FillMemo> fills_;         // by the position before the fill-in
    AnalysisMemos<InferiorMemo> inferiors_; // by the position after it and the side to move
};

} // namespace hex
