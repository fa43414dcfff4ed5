#pragma once

#include "core/board.h"
#include "eval/evaluator.h"
#include "search/search.h"
#include "search/solver_beside.h"
#include "search/time_manager.h"
#include "search/transposition_table.h"
#include "solver/solver.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace hex {

// What the engine's options and clock ask of one move decision.
struct PlayerSettings {
    // The engine fills it from its options (default network, which needs a net in
    // evaluatorConfig); the struct's own default is the circuit, which needs nothing.
    std::string evaluator = "resistance";
    eval::EvaluatorConfig evaluatorConfig;
    std::size_t tableMb = 64;
    // The search's own limits (depth, nodes, width); each move adds its deadlines from `clock`
    // and the caller's stop function.
    SearchLimits limits;
    TimeManager::Clock clock; // no limits at all: the search runs to maxDepth or maxNodes
    // Positions with at most this many empty cells first go to the solver, for kSolverShare of
    // the time to the move's hard deadline (at most kSolverNodes nodes); 0: never.
    int solverMaxEmpty = 20;
    // Share of a timed move's budget kept for the solver's check of the chosen move (0: no
    // check): the search gets the rest, then the solver tries to prove, from the opponent's
    // side, that the chosen move loses; a refuted move gives way to the next root move.
    // Without a clock every checked move gets kCheckNodes solver nodes.
    double solverCheckShare = 0.0;
    // A timed search that stops before maxDepth (the clock or maxNodes) without a proof leaves
    // the rest of the move, to its hard deadline, to the solver: first a proof for the side to
    // move, whose win replaces the search's move, then the check of the chosen move (as above).
    bool solverRest = false;
    // A timed move runs the solver on a second thread beside the search for the whole move
    // (SolverBeside): a proof of the position, then checks of the search's choice as it
    // changes; it replaces solverRest and solverCheckShare. Untimed moves keep those.
    bool solverBeside = false;
};

// The last search, kept for the analyze commands (principal variation and root scores).
struct LastSearch {
    Board board;
    Color toMove;
    SearchResult result;
};

// The alpha-beta player behind genmove: owns the transposition table (kept between moves of a
// game) and the evaluator, turns settings and the clock into search limits, logs every finished
// iteration and keeps the last result. Not thread-safe; `shouldStop` may be called from the
// search at any time and stops it with its best move so far.
//
// Proven results: on small or nearly full boards the solver gets the first share of the move
// time; a proven win is played at once, a proven loss restricts the search to the solver's
// proof pattern. The search itself plays its proven wins and, when proven lost, the move whose
// refutation needs the largest pattern (Search). With solverRest, the time a timed search
// leaves goes to a second solver, whose proven results last the whole game.
class SearchPlayer {
public:
    // The best stone for `toMove` on an undecided board with at least one empty cell; kNoCell
    // when the evaluator name is unknown.
    Cell chooseStone(const Board& board, Color toMove, const PlayerSettings& settings,
                     const StopFn& shouldStop);

    // With one opponent stone on the board: the proven table where it knows the board,
    // otherwise a search of the position (swap when it scores below zero for `toMove`, i.e.
    // when the opener's side is the better one to have).
    bool shouldSwap(const Board& board, Color toMove, const PlayerSettings& settings,
                    const StopFn& shouldStop);

    const std::optional<LastSearch>& last() const noexcept { return last_; }
    // Forgets the table, the last search and the evaluator's state (a new game).
    void clear();

    // Pondering (the engine's option ponder): after the player's move, its game-long solver
    // goes on proving the position, the opponent to move, on a thread of its own until the
    // next search, clear() or stopPondering(), at most kPonderSeconds. Its proofs stay in the
    // table for the moves that follow (the solver beside the search, the rest of a move).
    void startPondering(const Board& board, Color toMove);
    void stopPondering();

    SearchPlayer() = default;
    ~SearchPlayer();
    SearchPlayer(const SearchPlayer&) = delete;
    SearchPlayer& operator=(const SearchPlayer&) = delete;

private:
    static SolverParams solverParams();
    static SolverParams restSolverParams();
    bool prepare(const PlayerSettings& settings);
    SearchResult search(const Board& board, Color toMove, const PlayerSettings& settings,
                        const StopFn& shouldStop);
    static SearchResult solvedWin(const SolveResult& solved, const Board& board);
    static void replaceBySolvedWin(const SolveResult& solved, const Board& board,
                                   SearchResult& result);
    static void playInstead(Cell move, SearchResult& result);
    void checkWithSolver(Solver& solver, const Board& board, Color toMove,
                         const std::optional<SteadyClock::time_point>& deadline,
                         const StopFn& shouldStop, SearchResult& result);
    void applySolverBeside(SolverBeside& beside, const Board& board, SearchResult& result);
    void spendRestOnSolver(const Board& board, Color toMove, const SearchLimits& limits,
                           const StopFn& shouldStop, SearchResult& result);
    bool solverRefutes(Solver& solver, const Board& board, Color toMove, Cell move,
                       const std::optional<SteadyClock::time_point>& deadline,
                       const StopFn& shouldStop);

    // Share of the time to the hard deadline that the solver may use, and its node limit when
    // the move has no clock (deterministic).
    static constexpr double kSolverShare = 0.25;
    static constexpr double kSolverMinSeconds = 1.0;
    static constexpr std::uint64_t kSolverNodes = 2000;
    static constexpr std::size_t kSolverTableEntries = std::size_t{1} << 16;
    // The solver's check: at most this many root moves, best first; each may use this share of
    // the time left, and none is started with less than kCheckMinSeconds left.
    static constexpr int kCheckedMoves = 4;
    static constexpr double kCheckShareOfLeft = 0.5;
    static constexpr double kCheckMinSeconds = 0.02;
    static constexpr std::uint64_t kCheckNodes = 5000; // per checked move, without a clock
    // The rest of a move: the proof of the position gets this share of it, the check the
    // remainder; nothing is started with less than kCheckMinSeconds left.
    static constexpr double kRestProofShare = 0.5;
    // Nodes the search may spend looking for the shortest win after the solver proved one.
    static constexpr std::uint64_t kShortestWinNodes = 200'000;
    // A ponder nobody stops ends by itself after this long (a controller that went away).
    static constexpr double kPonderSeconds = 60;

    std::optional<SolveResult> solve(const Board& board, Color toMove,
                                     const PlayerSettings& settings,
                                     const std::optional<Deadlines>& deadlines,
                                     const StopFn& shouldStop);

    std::unique_ptr<TranspositionTable> table_;
    Solver solver_{solverParams()};         // before the search, and solver_check's
    Solver restSolver_{restSolverParams()}; // the rest of the move (solver_rest)
    std::unique_ptr<eval::Evaluator> evaluator_;
    eval::EvaluatorConfig evaluatorConfig_; // what evaluator_ was made with
    // Whether table_'s depths were stored with the quiescence on (two per depth, Search's
    // tableDepth) or off: they do not mean the same, so a switch starts a fresh table.
    bool tableQuiescence_ = false;
    std::optional<LastSearch> last_;
    std::thread ponder_; // uses restSolver_ while it runs
    std::atomic<bool> ponderStop_{false};
};

} // namespace hex
