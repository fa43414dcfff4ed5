#pragma once

#include "connections/cell_set.h"
#include "connections/vc.h"
#include "core/stop.h"
#include "core/types.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// The solver's settings, limits and results, shared by its facade (solver.h) and its parts.
namespace hex {

class Board;

// The H-search limits of the solver's builds: the defaults with the edge templates.
inline VcLimits withEdgeTemplates() {
    VcLimits limits;
    limits.edgeTemplates = true;
    return limits;
}

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
    // it orders the children well but doubles a node's cost, and from 6x6 on the cheaper nodes
    // win (whole 7x7 table 232 s CPU without it against 305 s with it; since the fresh-child
    // bounds below, 6x6 0.98 s without it against 1.12 s with it, fresh tables). The
    // depth-first search always uses it (when useLookahead).
    int dfpnLookaheadMaxSize = 5;
    // Bounds of a fresh child (never searched, no lookahead): phi 1 + siblings / divisor (0: 1),
    // delta 1 + this factor times how much worse the child's static move-order score is than the
    // best sibling's. Chosen on 7x7: the whole table needs about a quarter less CPU than with
    // (1, 1) (see docs/solver.md). With the lookahead only the phi applies.
    int dfpnSiblingPhiDivisor = 8;
    int dfpnDeltaPerScoreGap = 2;
    // The 1+epsilon rule, epsilon in sixteenths: the best child is searched until its disproof
    // number passes the second best's by that share. 4 (a quarter) measured best on 7x7 and
    // 8x8 with the winning replies (docs/solver.md, 2026-11-28); the proofs are the same with
    // any value, only the work changes. A negative value counts as 0.
    int dfpnSecondBestSixteenths = 4;
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
    // stones (NodeAnalysis::ownConnectionsMayDecide): elsewhere they almost never decide a node.
    bool skipOwnConnections = true;
    // Depth-first proof-number search (Nagai's MID with Pawlewicz's 1+epsilon thresholds) instead
    // of plain depth-first search; it needs the table (without it the solver searches depth-first).
    bool useDfpn = true;
    // Proof-number search: a node's candidates start with the moves that won elsewhere in the
    // same solve (WinningReplies: the two latest winning moves at its depth, and the latest
    // winning answer to the move that led to it). All 49 7x7 openings: 512,935 nodes instead of
    // 650,521; 8x8 d1: 396,540 instead of 615,026 (docs/solver.md).
    bool useWinningReplies = true;
    // Proof-number search: a node whose side to move has two or more regions (regions.h) is
    // solved region by region, each region a child position with the rest of the board given to
    // the opponent (docs/solver.md, "Decompositions").
    bool useDecomposition = true;
    // Fill-ins and inferior moves kept for the next visits of their positions, direct-mapped
    // (AnalysisMemos; exact, so only the time changes); 0 computes them at every visit.
    std::size_t analysisMemoEntries = std::size_t{1} << 14;
    // The H-search's limits, with the edge templates (connections/edge_templates.h): on the
    // 7x7 table a fifth fewer nodes and less time, the same results (docs/solver.md).
    VcLimits vcLimits = withEdgeTemplates();
    // Proven results and proof-number bounds kept at most; a full table evicts the entries that
    // took the least work (BoundedTable). Solver::setMemory sets both from a budget in bytes.
    std::size_t tableEntries = std::size_t{1} << 21;
    std::size_t vcCacheEntries = std::size_t{1} << 17; // direct-mapped, overwritten
    std::size_t dfpnEntries = std::size_t{1} << 22;
    // Threads of one proof-number solve: the main search and threads - 1 RootHelpers, which
    // prove the root's other children into the shared table. 1: the search alone, which keeps
    // runs reproducible (with more, which proof and winning move come first depends on timing;
    // the winner does not).
    int threads = 1;
    // How strongly the root favours the caller's guesses (SolveLimits::guesses): a guessed
    // child is chosen while its disproof number is below this many times the best other
    // child's, so a wrong guess costs at most about this many times the work the others get
    // meanwhile. On the 8x8 openings that Black loses the root otherwise spreads its work over
    // every reply, each one's first expansions costing thousands of nodes (docs/solver.md,
    // "The root's guesses").
    int rootFavour = 16;
    // The root favours its guesses only when the guesser's score for the side to move is at
    // least this (nullopt: always). A search that scores every move of the root as losing names
    // the least bad ones: at 8x8 a7 a8, a won root the guesser scores -190 (e4, a winning move,
    // ninth of its search's twelve root moves), the favoured guesses kept the proof in losing
    // children for 2,064 s, and at -150 the solver proves it alone in 746 s (by d5). Off: at
    // -150 the openings b2, c7 and d7, won roots too, need 1.7 to 3.4 times the nodes without
    // their guesses (docs/solver.md, "8x8 side by side at 300 s, and guesses judged by their
    // score").
    std::optional<int> favourAboveScore;
    // The nodes within this many plies of the root that ask the caller's guesser too (1: the
    // root alone), each once it has cost innerGuessAfterNodes, and favour its moves innerFavour
    // times (as the root does rootFavour times). Measured and left at 1: the root's children
    // of an opening Black wins (each needs a winning Black reply) were proven 3 to 5 times
    // faster alone with guesses at their root, but in the whole opening a wrong guess below the
    // root costs more than right ones save (8x8 d4: 6 times the nodes; docs/solver.md,
    // "Guesses below the root").
    int guessPlies = 1;
    int innerFavour = 16;
    std::uint64_t innerGuessAfterNodes = 20'000;
    // Proof-number search: prove the root's candidate moves one at a time, each child a solve
    // of its own with the guesser asked at its root, the root's own guesses first, asked at once
    // (ChildrenInTurn), instead of one search over them all. Off: the children one at a time
    // (without the root's guesses first) proved 8x8 a5, which the plain search does not within
    // 30 minutes, but with this option 18 other 8x8 openings need about as many nodes (from
    // half to 1.4 times), where a guess is wrong far more (b2 and d4 unknown at 300 s), and
    // the 7x7 table half as many again (docs/solver.md, "The root's children in turn, an
    // option").
    bool rootChildrenInTurn = false;
    // Proof-number search: once the root has cost judgeAfterNodes, it asks its guesser
    // (SolveLimits::guess) for a score (the guesses wait until guessAfterNodes, as without
    // this); below lostBelowScore for the side to move the root is taken for lost and its
    // children are proven in turn from then on (ChildrenInTurn, static order, no guesses). A
    // lost root needs every child refuted, and a refutation proven whole prunes the later
    // children to its pattern, where the one search over them all spreads its work over
    // children such a pattern would answer: eight 8x8 openings Black wins in a fifth fewer
    // nodes. Off: a won root taken for lost proves losing children whole first (7x7 b2, scored
    // -222 and won, twice the nodes; docs/solver.md, "Children in turn when the root looks
    // lost").
    bool inTurnWhenLost = false;
    int lostBelowScore = -200;
    std::uint64_t judgeAfterNodes = 2'000;
};

// Where a running solve stands, for a progress report.
struct SolveProgress {
    std::uint64_t nodes = 0;
    double seconds = 0;
    // The root's proof and disproof numbers for its side to move (proof-number search only; 0 and
    // 0 until the root has children, and with the depth-first search).
    std::uint32_t rootProof = 0;
    std::uint32_t rootDisproof = 0;
    // With the root's children in turn (SolverParams::rootChildrenInTurn): the children done
    // (proven, or answered by an earlier refutation's pattern) and those still to prove, the
    // current one included, whose bounds rootProof and rootDisproof then are; 0 and 0 otherwise.
    int childrenDone = 0;
    int childrenLeft = 0;
    std::size_t tableEntries = 0;
    std::uint64_t tableEvictions = 0;
};

// "12 s, 34567 nodes (2880/s), root proof 3 disproof 40, table 1234 entries (0 evicted)" (with
// the children in turn, "root's children 4 done 30 to go" after the disproof number): the one
// wording of a progress report, for the engine's log and solver_bench alike.
std::string describeProgress(const SolveProgress& p);

// What the caller's guesser (SolveLimits::guess) says of a position: the moves it guesses win
// for the side to move, best first, and, where its search scored the position, that score for the
// side to move (the search's scale: negative where the mover stands worse), by which the solver
// may judge the root lost beforehand (SolverParams::inTurnWhenLost).
struct Guesses {
    std::vector<Cell> moves;
    std::optional<int> score;

    Guesses() = default;
    Guesses(std::vector<Cell> guessed, std::optional<int> moverScore = std::nullopt)
        : moves(std::move(guessed)), score(moverScore) {}
};

struct SolveLimits {
    std::uint64_t maxNodes = 0; // 0: no limit
    double maxSeconds = 0;      // 0: no limit
    StopFn stop;                // polled at every evaluation; returning true aborts the solve
    // Called every progressSeconds while the solve runs (from the solving thread).
    std::function<void(const SolveProgress&)> progress;
    double progressSeconds = 5;
    // Called at every node the proof-number search expands (a table miss), with the position
    // before its fill-in and the side to move: for measurements of the tree's positions
    // (solver_bench --sample). Not called by the depth-first search or the root's helpers.
    std::function<void(const Board&, Color)> expanded;
    // Guesses of the moves that win for the side to move at the root, best first (the engine's
    // come from a short search, search/solver_guesses.h). The proof-number search asks once,
    // when the solve has expanded guessAfterNodes nodes without a result, and from then on
    // favours the guessed moves at the root (SolverParams::rootFavour), so that a right guess is
    // proven before the search spreads over every other move; short solves never pay for a
    // guess. The board is the root's after its fill-in; the StopFn tells the guesser when the
    // solve's own limits (time, stop) have run out. Any guess is safe: a wrong one costs work,
    // never a wrong result. Not asked by the depth-first search or the root's helpers.
    std::function<Guesses(const Board&, Color, const StopFn&)> guess;
    std::uint64_t guessAfterNodes = 20'000;
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
    std::uint64_t memoHits = 0;    // fill-ins replayed from a memo (AnalysisMemos)
    std::uint64_t splits = 0;      // nodes solved region by region (regions.h)
    std::uint64_t rootsInTurn = 0; // roots whose children were proven in turn (ChildrenInTurn)
    double seconds = 0;

    // Adds another thread's counters (not its seconds: the threads run at once).
    SolveStats& operator+=(const SolveStats& other) noexcept {
        nodes += other.nodes;
        tableLookups += other.tableLookups;
        tableHits += other.tableHits;
        vcBuilds += other.vcBuilds;
        vcDerived += other.vcDerived;
        lookaheads += other.lookaheads;
        vcCacheHits += other.vcCacheHits;
        prunedMoves += other.prunedMoves;
        memoHits += other.memoHits;
        splits += other.splits;
        rootsInTurn += other.rootsInTurn;
        return *this;
    }
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
    // Losing moves known without a proof of their own: outside the pattern of an earlier
    // refutation (Solver::winningMoves).
    int refutedByPatterns = 0;
    SolveStats stats;
};

} // namespace hex
