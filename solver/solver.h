#pragma once

#include "connections/cell_set.h"
#include "connections/connections.h"
#include "connections/vc.h"
#include "engine/core/board.h"
#include "solver/proof_table.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace hex {

// Ingredients of the solver; each can be switched off to measure what it saves. Results are
// correct with any combination.
struct SolverParams {
    bool useConnections = true;    // H-search: VC wins and losses, must-play pruning
    bool useInferior = true;       // fill-in of dead and captured cells
    bool usePatternPruning = true; // intersect the candidates with each refutation's pattern
    bool useTable = true;          // transposition table of proven results
    bool useLookahead = true;      // order moves by the opponent's must-play after them
    VcLimits vcLimits;
    std::size_t tableEntries = std::size_t{1} << 21;
};

struct SolveLimits {
    std::uint64_t maxNodes = 0; // 0: no limit
    double maxSeconds = 0;      // 0: no limit
    std::function<bool()> stop; // polled now and then; returning true aborts the solve
};

struct SolveStats {
    std::uint64_t nodes = 0;
    std::uint64_t tableLookups = 0;
    std::uint64_t tableHits = 0;
    std::uint64_t vcBuilds = 0;
    std::uint64_t lookaheads = 0; // children evaluated statically to order the moves
    double seconds = 0;
};

struct SolveResult {
    std::optional<Color> winner; // nullopt: unknown, a limit was reached
    Cell winningMove = kNoCell;  // a winning move when the side to move wins
    CellSet proof;               // the winner's threat pattern (empty cells)
    SolveStats stats;
};

struct WinningMoves {
    bool complete = false;   // false: a limit was reached, the list may miss winning moves
    std::vector<Cell> moves; // proven winning moves, increasing cell order
    SolveStats stats;
};

// Depth-first win/loss search with van Rijswijck's pattern search: every proven result carries
// the winner's threat pattern, the set of empty cells the result depends on (the loser may own
// every other empty cell). After a refuted move, the remaining candidates are intersected with
// the refutation's pattern, since the same refutation answers every move outside it. Candidates
// are the must-play cells of the H-search after inferior-cell fill-in. Proven results with their
// patterns go to a transposition table shared by successive calls (cleared by clearTable).
class Solver {
public:
    explicit Solver(SolverParams params = {});

    SolveResult solve(const Board& board, Color toMove, const SolveLimits& limits = {});
    // Every empty cell whose play wins for toMove (empty when the game is over).
    WinningMoves winningMoves(const Board& board, Color toMove, const SolveLimits& limits = {});

    void clearTable() { table_.clear(); }
    const SolverParams& params() const noexcept { return params_; }

private:
    struct Outcome {
        bool win = false; // for the side to move
        CellSet proof;
        Cell move = kNoCell;
    };

    // What a node's static knowledge (fill-in, then VCs) says. The board is left as it was.
    struct Static {
        std::optional<bool> win; // for the side to move, when proven
        CellSet proof;           // includes the filled cells
        Cell move = kNoCell;
        CellSet mustPlay;
        CellSet mustPlayReason;
    };
    struct Candidate {
        Cell move;
        int childMustPlay; // size of the opponent's must-play after the move: smaller is better
    };

    void start(const Board& board, const SolveLimits& limits);
    bool outOfBudget();
    Outcome solveNode(Color toMove);
    Static analyse(Color toMove);
    Outcome searchMoves(Color toMove, CellSet candidates, CellSet losePattern);
    void store(Color toMove, const Outcome& o);

    SolverParams params_;
    ProofTable table_;
    Connections own_;
    Connections opp_;
    std::optional<Board> board_;
    SolveLimits limits_;
    SolveStats stats_;
    std::chrono::steady_clock::time_point started_;
    bool aborted_ = false;
};

} // namespace hex
