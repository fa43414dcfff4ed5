#pragma once

#include "core/board.h"
#include "core/stop.h"
#include "search/search_types.h"
#include "solver/solver.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace hex {

// The solver on a second thread while the search chooses a timed move (the engine's option
// solver_beside). First it tries to prove the position for the side to move; then it checks the
// search's choice from the opponent's side: the search offers its root moves, best first, after
// each iteration that chose the move, and the thread tries to prove that the first one it has
// not refuted yet loses, switching to the new first when an offer changes it. When the search
// ends unproven, the thread goes on to the move's hard deadline (the rest of the move).
//
// Why a thread: the solver is the strongest knowledge OhmHex has in a middlegame (the rest of
// the move to the solver was the one change a match against Wolve saw clearly), and at 1 s per
// move it got only what the search left, 0.1 to 0.4 s, after the search; in the games lost to
// Wolve most losing moves were refuted by the solver only in 0.3 s or more
// (docs/strength.md). A second core gives it the whole move.
//
// The thread owns `solver` (its table of proven results kept over the game) and a copy of the
// board until finish(); the caller's stop function must be safe to call from another thread
// (the HTP interrupt is an atomic flag).
class SolverBeside {
public:
    struct Outcome {
        // The position proven won for the side to move: winningMove and its proof.
        std::optional<SolveResult> win;
        bool lost = false;         // proven lost for the side to move
        std::vector<Cell> refuted; // root moves proven losing, in the order they were refuted
    };

    // The first share of the time to the deadline goes to proving the position.
    static constexpr double kRootProofShare = 0.3;

    // Starts the thread. With rootProofShare 0 it goes straight to the checks.
    SolverBeside(Solver& solver, const Board& board, Color toMove, SteadyClock::time_point deadline,
                 StopFn shouldStop, double rootProofShare = kRootProofShare);
    ~SolverBeside();
    SolverBeside(const SolverBeside&) = delete;
    SolverBeside& operator=(const SolverBeside&) = delete;

    // The search's root moves, best first, after an iteration that chose the move.
    void offer(const std::vector<Cell>& order);
    // Whether the position is proven won; the search may then stop.
    bool provenWin() const noexcept { return won_.load(std::memory_order_relaxed); }
    // The search has ended unproven: the thread checks what is left to check, at most until
    // the deadline, then stops; returns what it proved.
    Outcome finishAfterRest();
    // Stops the thread now and returns what it proved.
    Outcome finish();

private:
    void run();
    bool proveRoot();
    void checkCandidates();
    // The first offered move not refuted yet, or kNoCell. Under mutex_.
    Cell firstUnrefuted() const;
    // Waits until the first unrefuted move differs from `checked` (a new offer), the search
    // ends with nothing left to check, the deadline or a stop; returns it, or kNoCell.
    Cell awaitCandidate(Cell checked);
    // Whether the opponent wins after `move`: true, false, or nullopt (no verdict).
    std::optional<bool> refutes(Cell move);
    bool stopped() const;
    Outcome join();

    Solver& solver_;
    const Board board_;
    const Color toMove_;
    const SteadyClock::time_point deadline_;
    const StopFn shouldStop_;
    const double rootProofShare_;
    int checks_ = 0; // solves of a move's position (for the log)

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Cell> order_; // the last offer
    bool searchDone_ = false; // no more offers will come
    std::atomic<bool> stop_{false};
    std::atomic<bool> won_{false};
    std::atomic<Cell> candidate_{kNoCell}; // the move being checked should be this one
    Outcome outcome_;                      // written by the thread, read after join
    std::thread thread_;
};

} // namespace hex
