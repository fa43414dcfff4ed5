#pragma once

#include "connections/cell_set.h"
#include "core/score.h"
#include "core/stop.h"
#include "core/types.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hex {

using SteadyClock = std::chrono::steady_clock;

// When a timed search must stop. No new iteration starts after `soft`; the running one is
// abandoned at `hard`.
struct Deadlines {
    SteadyClock::time_point soft;
    SteadyClock::time_point hard;
};

struct SearchLimits {
    static constexpr int kMaxDepth = 64;

    int maxDepth = kMaxDepth;      // iterations 1..maxDepth
    std::uint64_t maxNodes = 0;    // 0: unlimited; checked exactly at every node
    std::optional<Deadlines> time; // none: the clock is never read (deterministic)
    int width = 15;                // moves searched below the root
    // Moves searched at the root, best first (the previous iteration's order); 0: all. As
    // below the root, the rest are searched only while every move so far is a proven loss.
    // For slow evaluators (the `vc` links), which cannot afford every root move.
    int rootWidth = 0;
    // Half-width of the first aspiration window, in evaluator units; grows on each failure.
    Score aspirationWindow = 64;
    bool useTT = true;
    // Pattern pruning: after a refuted move, skip every move outside the refutation's proof
    // pattern (they are refuted by the same strategy). Off only to measure what it saves.
    bool usePatterns = true;
    // H-search (both colours' virtual connections) at nodes with at most connectionsMaxEmpty
    // empty cells and at least connectionsMinDepth remaining depth, and at a root with at most
    // rootConnectionsMaxEmpty: a connection win decides the node (at the root: its key is
    // played), a loss too, and the must-play set prunes the moves. 0: never. A build costs
    // about 1 ms at 20 empty cells and 2-30 ms at 30-40 (docs/search.md), against ~50 us per
    // evaluated node, so interior nodes use it only in the endgame; the root, once per search,
    // on every board (about 10 ms for both colours on an 11x11 middlegame).
    int connectionsMaxEmpty = 20;
    int connectionsMinDepth = 2;
    // The evaluator's own connections (Evaluator::connectionState, the `vc` links' H-search,
    // built anyway for the cell values that order a node's moves) at every interior node and
    // quiescence node: a connection win or loss they prove decides the node, and their
    // must-play set prunes its moves (the width's moves are the best of that set). Free where
    // the evaluator has them; nothing where it has none.
    bool evaluatorConnections = false;
    int rootConnectionsMaxEmpty = 361;
    // The opponent's proof pattern when the position is already known to be lost (from the
    // solver): the root searches only its cells, since every move outside it loses to the same
    // strategy. Ignored when it holds no empty cell.
    std::optional<CellSet> knownLossPattern;
    // Root moves that are never better than another one are not searched: dead cells, the
    // cells of either colour's captured pairs, the mover's vulnerable and dominated cells
    // (connections/inferior.h, inferior_moves.h). Off only to measure what it changes.
    bool pruneInferiorAtRoot = true;
    // The position is known to be won (the solver proved it): the root does not play a
    // connection win's key at once but searches, so that the shortest win it can see is played.
    bool knownWin = false;
    // The move comes from the deepest even iteration (or the first): an odd iteration past the
    // first, which ends on the mover's own move and so overrates it, only orders the root moves
    // for the next one, unless it proves the result. An odd-depth search agrees less with
    // stronger players and blunders more (docs/strength.md, "Odd depths, depth 6 and a distilled
    // net"). The engine's option even_depths sets it.
    bool evenDepthMoves = false;
    // Quiescence at the leaves (search/quiescence.cpp): the side to move may stand pat (the
    // static value) or play one of its quiescenceMoves best cells by the evaluator's cell
    // values, and so on for quiescencePlies plies, each side free to stand pat. It gives the
    // tempo to the side to move where the static value cannot (a race of two pushed lines is
    // won by whoever pushes next). 0 moves or 0 plies: off, the leaf's static value.
    // With it on, each depth that decides the move is searched twice, first with static
    // leaves, then with the quiescence (about twice the time): a clock that stops the second
    // pass still has the first's move (docs/search.md, "Algorithm").
    int quiescenceMoves = 0;
    int quiescencePlies = 0;
    bool quiescence() const noexcept { return quiescenceMoves > 0 && quiescencePlies > 0; }
    // Polled at every node; true stops the search at once.
    StopFn shouldStop;
};

// One finished iteration, as reported through SearchCallbacks::onIteration.
struct IterationInfo {
    int depth = 0;
    bool quiescence = false; // the pass of that depth with quiescence at the leaves
    Score score = 0;         // side to move's view
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nodesPerSecond = 0;
    std::vector<Cell> pv;
    // The searched root moves, best first, when this iteration chose the move (empty when it
    // only orders the next one: an odd depth with SearchLimits::evenDepthMoves).
    std::vector<Cell> rootOrder;
};

// A root move's score from the last finished iteration: exact for the moves searched with an
// open window, an upper bound (the move is no better than this) for the others.
struct RootMoveScore {
    Cell cell = kNoCell;
    Score score = 0;
    bool exact = false;
    // Size of the proof pattern when the move is proven (its refutation's when it loses); 0 when
    // it is not proven or was skipped by pattern pruning.
    int proofSize = 0;
};

struct SearchResult {
    enum class Reason : std::uint8_t {
        GameOver,      // somebody has already connected: no move
        ImmediateWin,  // one stone wins, played without a search
        ForcedBlock,   // the opponent threatens to win next move: the block, without a search
        ConnectionWin, // a virtual connection wins: its key (or a cell of its carrier)
        Solved,        // the solver proved a win before the search (SearchPlayer): its move
        Searched,
    };

    Reason reason = Reason::Searched;
    Cell best = kNoCell;
    Score score = 0;
    int depth = 0; // last finished iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<Cell> pv;
    std::vector<RootMoveScore> rootScores;
    // The proof pattern when the score is proven: the empty cells the result depends on.
    std::optional<CellSet> pattern;
};

struct SearchCallbacks {
    std::function<void(const IterationInfo&)> onIteration;
};

// "-35", "win-in-3", "loss-in-4": a score for logs and displays, without spaces.
inline std::string scoreText(Score score) {
    if (score > kMaxEval)
        return "win-in-" + std::to_string(kWin - score);
    if (score < -kMaxEval)
        return "loss-in-" + std::to_string(kWin + score);
    return std::to_string(score);
}

} // namespace hex
