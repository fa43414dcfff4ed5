#include "search/solver_beside.h"

#include "search/solver_verdicts.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <new>

namespace hex {

SolverBeside::SolverBeside(Solver& solver, const Board& board, Color toMove,
                           SteadyClock::time_point deadline, StopFn shouldStop,
                           double rootProofShare)
    : solver_(solver), board_(board), toMove_(toMove), deadline_(deadline),
      shouldStop_(std::move(shouldStop)), rootProofShare_(rootProofShare),
      thread_([this] { run(); }) {}

SolverBeside::~SolverBeside() {
    if (thread_.joinable())
        finish();
}

void SolverBeside::offer(const std::vector<Cell>& order) {
    {
        const std::lock_guard lock(mutex_);
        order_ = order;
        candidate_.store(firstUnrefuted(), std::memory_order_relaxed);
    }
    changed_.notify_all();
}

SolverBeside::Outcome SolverBeside::finishAfterRest() {
    {
        const std::lock_guard lock(mutex_);
        searchDone_ = true;
    }
    changed_.notify_all();
    return join();
}

SolverBeside::Outcome SolverBeside::finish() {
    stop_.store(true, std::memory_order_relaxed);
    changed_.notify_all();
    return join();
}

SolverBeside::Outcome SolverBeside::join() {
    if (thread_.joinable())
        thread_.join();
    return outcome_;
}

void SolverBeside::run() {
    // Nothing may escape a thread: a solver out of memory only ends the help.
    try {
        if (proveRoot())
            checkCandidates();
        spdlog::info("solver beside the search: {} checks, {} refuted{}", checks_,
                     outcome_.refuted.size(), outcome_.win ? ", won" : "");
    } catch (const std::bad_alloc&) {
        spdlog::warn("solver beside the search: out of memory, stopped");
    } catch (const std::exception& e) {
        spdlog::warn("solver beside the search: {}, stopped", e.what());
    }
}

// The position's proof, for its share of the time. False when nothing is left to do.
bool SolverBeside::proveRoot() {
    if (rootProofShare_ <= 0)
        return true;
    SolveLimits limits;
    limits.stop = [this] { return stopped(); };
    limits.maxSeconds = rootProofShare_ * secondsUntil(deadline_);
    if (limits.maxSeconds <= 0)
        return false;
    const SolveResult r = solver_.solve(board_, toMove_, limits);
    logSolve(" beside the search", toMove_, r);
    if (r.winner == toMove_ && r.winningMove != kNoCell) {
        outcome_.win = r;
        won_.store(true, std::memory_order_relaxed);
        return false;
    }
    outcome_.lost = r.winner.has_value(); // every move loses: nothing to check
    return !outcome_.lost;
}

void SolverBeside::checkCandidates() {
    Cell checked = kNoCell;
    for (;;) {
        const Cell move = awaitCandidate(checked);
        if (move == kNoCell)
            return;
        checked = move;
        const std::optional<bool> refuted = refutes(move);
        if (!refuted) {
            // No verdict: stopped, out of time, or the search's choice moved on to another move.
            if (stopped())
                return;
            continue;
        }
        const Geometry& g = board_.geometry();
        if (!*refuted) {
            spdlog::info("solver beside the search: {} wins", g.name(move));
            outcome_.win = SolveResult{toMove_, move, {}, {}};
            won_.store(true, std::memory_order_relaxed);
            return;
        }
        spdlog::info("solver beside the search: {} loses", g.name(move));
        {
            const std::lock_guard lock(mutex_);
            outcome_.refuted.push_back(move);
            candidate_.store(firstUnrefuted(), std::memory_order_relaxed);
        }
        checked = kNoCell;
    }
}

Cell SolverBeside::firstUnrefuted() const {
    for (Cell c : order_)
        if (std::find(outcome_.refuted.begin(), outcome_.refuted.end(), c) ==
            outcome_.refuted.end())
            return c;
    return kNoCell;
}

Cell SolverBeside::awaitCandidate(Cell checked) {
    std::unique_lock lock(mutex_);
    Cell next = kNoCell;
    changed_.wait_until(lock, deadline_, [&] {
        if (stopped())
            return true;
        next = firstUnrefuted();
        return (next != kNoCell && next != checked) || searchDone_;
    });
    if (stopped() || next == checked)
        return kNoCell;
    return next;
}

std::optional<bool> SolverBeside::refutes(Cell move) {
    SolveLimits limits;
    limits.maxSeconds = std::max(0.0, secondsUntil(deadline_));
    if (limits.maxSeconds <= 0)
        return std::nullopt;
    limits.stop = [this, move] {
        return stopped() || candidate_.load(std::memory_order_relaxed) != move;
    };
    ++checks_;
    const std::optional<Color> winner = winnerAfter(solver_, board_, toMove_, move, limits);
    if (!winner)
        return std::nullopt;
    return *winner != toMove_;
}

bool SolverBeside::stopped() const {
    return stop_.load(std::memory_order_relaxed) || SteadyClock::now() >= deadline_ ||
           (shouldStop_ && shouldStop_());
}

} // namespace hex
