#pragma once

#include "core/board.h"
#include "solver/proof_table.h"
#include "solver/solver_types.h"

#include <absl/container/flat_hash_map.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace hex {

// The position and budget of one solve (Solver::solve or winningMoves), shared by the searches
// and the node analysis: the board they play on, the counters, the ply below the root and
// whether a limit has been reached.
class SolveContext {
public:
    void start(const Board& board, const SolveLimits& limits);
    // Marks the current position as the root of a search (NodeAnalysis::ownConnectionsMayDecide)
    // and starts its node count (nodesSinceRoot): a solve may search several roots in turn.
    void markRoot() {
        rootEmpty_ = board_->emptyCount();
        rootStartNodes_ = stats_.nodes;
    }
    // The nodes searched since the current root was marked.
    std::uint64_t nodesSinceRoot() const noexcept { return stats_.nodes - rootStartNodes_; }

    // The table whose fill the progress reports give.
    void watchTable(const ProofTable& table) { table_ = &table; }

    // Whether the solve must stop: the node limit, the time or the stop flag (all polled at
    // every call). Once true, it stays true until the next start(). Also sends the limits'
    // progress report when it is due.
    bool outOfBudget();
    // The root's current proof and disproof numbers, for the progress reports.
    void noteRootBounds(std::uint32_t proof, std::uint32_t disproof) {
        rootProof_ = proof;
        rootDisproof_ = disproof;
    }
    // How far a root proving its children in turn has come (SolveProgress::childrenDone).
    void noteChildrenInTurn(int done, int left) {
        childrenDone_ = done;
        childrenLeft_ = left;
    }
    // The caller's guesses of the winning moves of the current position, the node `key`
    // (SolveLimits::guess): asked once per node, when `work` (the nodes the node has cost so
    // far) reaches `after`, with the guesser's score; none before, and without a guesser. The
    // reference is valid until the next call.
    const Guesses& guessesAt(Key key, Color toMove, std::uint64_t work, std::uint64_t after);
    // Asks the guesser about the node `key` now, whatever the node has cost, for its score (for
    // the side to move, where its search gave one); the guesses wait until guessesAt's `work`
    // reaches its `after`, so that the search favours them no sooner than without this call.
    // Once per node, like guessesAt; no score without a guesser or where guesses are not allowed.
    std::optional<int> judgeAt(Key key, Color toMove);
    // Whether guessesAt may ask the guesser at all (on by start()); off while a root judged lost
    // proves its children in turn (SolverParams::inTurnWhenLost).
    void allowGuesses(bool allowed) noexcept { guessesAllowed_ = allowed; }

    // The root of the proof-number search hands the solve over to its children in turn
    // (SolverParams::inTurnWhenLost): the search stops as if aborted, unwinding without storing
    // anything, and the solver resumes with ChildrenInTurn. Only where the solver allowed it, and
    // only while no limit has stopped the solve.
    void allowTurnToChildren(bool allowed) noexcept { turnAllowed_ = allowed; }
    bool mayTurnToChildren() const noexcept { return turnAllowed_ && !aborted_; }
    void turnToChildren() noexcept {
        turnAllowed_ = false;
        turning_ = true;
        aborted_ = true;
    }
    // Whether the search stopped to turn to the children; clears the stop so that the solve goes
    // on. The tables hold only what was proven or bounded before the stop, all of it sound.
    bool resumeForChildren() noexcept {
        if (!turning_)
            return false;
        turning_ = false;
        aborted_ = false;
        return true;
    }
    // Tells the limits' observer that the search expands the current position.
    void noteExpanded(Color toMove) const {
        if (limits_.expanded)
            limits_.expanded(*board_, toMove);
    }
    std::uint64_t guessAfterNodes() const noexcept { return limits_.guessAfterNodes; }
    static const Guesses& noGuesses() {
        static const Guesses none;
        return none;
    }
    bool aborted() const noexcept { return aborted_; }
    void abort() noexcept { aborted_ = true; }
    // The counters of the solve, with the seconds it took so far.
    SolveStats finish();

    Board& board() { return *board_; }
    const Board& board() const { return *board_; }
    SolveStats& stats() noexcept { return stats_; }
    int depth() const noexcept { return depth_; }
    int rootEmpty() const noexcept { return rootEmpty_; }

    // Counts the plies below the root of a solve while a node is searched or judged.
    class DepthGuard {
    public:
        explicit DepthGuard(SolveContext& context) : depth_(++context.depth_) {}
        ~DepthGuard() { --depth_; }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;

    private:
        int& depth_;
    };

private:
    void reportProgress(double seconds);

    std::optional<Board> board_;
    SolveLimits limits_;
    SolveStats stats_;
    std::chrono::steady_clock::time_point started_;
    double nextReport_ = 0; // seconds into the solve
    const ProofTable* table_ = nullptr;
    std::uint32_t rootProof_ = 0;
    std::uint32_t rootDisproof_ = 0;
    int childrenDone_ = 0;
    int childrenLeft_ = 0;
    bool aborted_ = false;
    int depth_ = 0;
    int rootEmpty_ = 0;                // empty cells at the node the search started from
    std::uint64_t rootStartNodes_ = 0; // the solve's nodes when that node was marked
    struct Asked {
        Guesses guesses;
        bool released = true; // false: asked by judgeAt, not yet reached by guessesAt's `after`
    };
    // Asks the guesser about the current position and keeps its answer under `key`.
    Asked& ask(Key key, Color toMove, bool released);
    absl::flat_hash_map<Key, Asked> guesses_; // by node, once asked
    bool guessesAllowed_ = true;
    bool turnAllowed_ = false;
    bool turning_ = false;
};

} // namespace hex
