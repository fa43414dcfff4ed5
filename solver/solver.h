#pragma once

#include "connections/cell_set.h"
#include "connections/connections.h"
#include "connections/game_state.h"
#include "connections/inferior.h"
#include "connections/vc.h"
#include "core/board.h"
#include "core/stop.h"
#include "solver/proof_table.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace hex {

// Ingredients of the solver; each can be switched off to measure what it saves. Results are
// correct with any combination.
struct SolverParams {
    bool useConnections = true;    // H-search: VC wins and losses, must-play pruning
    bool useInferior = true;       // fill-in of dead and captured cells
    bool useInferiorMoves = true;  // leave vulnerable and dominated moves out (inferior_moves.h)
    bool usePatternPruning = true; // intersect the candidates with each refutation's pattern
    bool useTable = true;          // transposition table of proven results
    bool useLookahead = true;      // order moves by the opponent's must-play after them
    // Proof-number search uses the lookahead only on boards whose longer side is at most this:
    // it orders the children well but doubles a node's cost, and from 7x7 on the cheaper nodes
    // win (whole 7x7 table 232 s CPU without it against 305 s with it; 6x6 1.36 s with it
    // against 1.70 s without). The depth-first search always uses it (when useLookahead).
    int dfpnLookaheadMaxSize = 6;
    // Bounds of a fresh child (never searched, no lookahead): phi 1 + siblings / divisor (0: 1),
    // delta 1 + this factor times how much worse the child's static move-order score is than the
    // best sibling's. Chosen on 7x7: the whole table needs about a quarter less CPU than with
    // (1, 1) (see docs/solver.md). With the lookahead only the phi applies.
    int dfpnSiblingPhiDivisor = 8;
    int dfpnDeltaPerScoreGap = 2;
    // Derive a node's connections from the same colour's built two plies up the line (or one,
    // when the parent built its mover's own), when that build's stones are all still on the
    // board, instead of building from scratch (Connections::buildFrom); at most this many
    // derivations in a row, then a fresh build (0: always fresh). Sound either way; a derivation
    // may find fewer connections, or more.
    int vcDerivationChain = 8;
    int vcSnapshotsPerDepth = 16;                        // builds kept per depth and colour
    std::size_t vcSnapshotBytes = std::size_t{64} << 20; // memory for the kept builds
    // Remember each position's edge-to-edge connections per colour, so that a child judged by
    // the lookahead does not build them again when it is searched.
    bool useVcCache = true;
    // Build the mover's own connections only at the root and after a fill-in that gave the mover
    // stones (Solver::ownConnectionsMayDecide): elsewhere they almost never decide a node.
    bool skipOwnConnections = true;
    // Depth-first proof-number search (Nagai's MID with Pawlewicz's 1+epsilon thresholds) instead
    // of plain depth-first search; it needs the table (without it the solver searches depth-first).
    bool useDfpn = true;
    VcLimits vcLimits;
    std::size_t tableEntries = std::size_t{1} << 21;
    std::size_t vcCacheEntries = std::size_t{1} << 17; // direct-mapped, overwritten
    std::size_t dfpnEntries = std::size_t{1} << 22;    // proof-number bounds; cleared when full
};

struct SolveLimits {
    std::uint64_t maxNodes = 0; // 0: no limit
    double maxSeconds = 0;      // 0: no limit
    StopFn stop;                // polled now and then; returning true aborts the solve
};

struct SolveStats {
    std::uint64_t nodes = 0;
    std::uint64_t tableLookups = 0;
    std::uint64_t tableHits = 0;
    std::uint64_t vcBuilds = 0;
    std::uint64_t vcDerived = 0;   // of those, derived from a build up the line
    std::uint64_t lookaheads = 0;  // children evaluated statically to order the moves
    std::uint64_t vcCacheHits = 0; // VC builds answered by the cache
    std::uint64_t prunedMoves = 0; // vulnerable and dominated candidates left out
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

    void clearTable() {
        table_.clear();
        bounds_.clear();
    }
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
    struct CachedSummary {
        Key key = 0;
        bool used = false;
        EdgeSummary value;
    };
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

    void start(const Board& board, const SolveLimits& limits);
    bool outOfBudget();
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
    static Static fromGameState(const GameState& state, Color toMove);
    bool ownConnectionsMayDecide(Color toMove, const FillIn& fill) const;
    Static analyse(Color toMove, bool ownMayDecide);
    void pruneInferiorMoves(Color toMove, Static& s);
    Static threats(Color toMove);
    Static judgeChild(Color them);
    EdgeSummary summary(Color color);
    Outcome searchMoves(Color toMove, CellSet candidates, CellSet losePattern);
    void store(Color toMove, const Outcome& o);

    // Counts the plies below the root of a solve while the node is searched.
    class DepthGuard {
    public:
        explicit DepthGuard(int& depth) : depth_(++depth) {}
        ~DepthGuard() { --depth_; }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;

    private:
        int& depth_;
    };
    void buildConnections(Color color);

    SolverParams params_;
    ProofTable table_;
    Connections vcs_; // scratch for the builds
    // The last builds per search depth and colour (newest overwrites oldest): the bases of
    // derived builds below.
    struct SnapshotRing {
        std::vector<VcSnapshot> items;
        std::size_t next = 0;
    };
    static std::size_t colourIndex(Color color) noexcept { return color == Color::Black ? 0 : 1; }
    const VcSnapshot* closestBase(Color color) const;
    void endNodeBuilds(bool keep);
    void keepBuilds();
    std::vector<std::array<SnapshotRing, 2>> snapshots_;
    // The current node's builds, while analyse() runs: the last one is still in vcs_, an
    // earlier one (the mover's own) was saved to scratch_.
    bool keepingBuilds_ = false;
    std::optional<Color> lastBuild_;
    std::array<VcSnapshot, 2> scratch_;
    std::array<bool, 2> inScratch_{};
    std::size_t keptBytes_ = 0; // of the snapshots in the rings
    int depth_ = 0;
    std::vector<CachedSummary> vcCache_;
    std::unordered_map<Key, Bounds> bounds_; // open dfpn nodes, keyed like the proof table
    std::optional<Board> board_;
    SolveLimits limits_;
    SolveStats stats_;
    std::chrono::steady_clock::time_point started_;
    bool aborted_ = false;
    int rootEmpty_ = 0; // empty cells at the node prove() started from
};

} // namespace hex
