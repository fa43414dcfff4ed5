#include "solver/solver.h"

#include "solver/move_proof.h"

#include <algorithm>
#include <thread>

namespace hex {

Solver::Solver(SolverParams params)
    : params_(params), table_(params.tableEntries), analysis_(params_, context_),
      depthFirst_(params_, context_, analysis_, table_),
      proofNumber_(params_, context_, analysis_, table_),
      childrenInTurn_(params_, context_, analysis_, table_, proofNumber_) {
    context_.watchTable(table_);
    params_.threads = std::max(params_.threads, 1);
    makeHelpers();
}

void Solver::makeHelpers() {
    helpers_.clear();
    for (int i = 1; i < params_.threads; ++i)
        helpers_.push_back(std::make_unique<RootHelper>(params_, table_));
}

void Solver::setThreads(int threads) {
    threads = std::max(threads, 1);
    if (threads == params_.threads)
        return;
    params_.threads = threads;
    makeHelpers();
    if (memoryBytes_)
        setMemory(*memoryBytes_); // the bounds' share of the budget is split among the threads
}

// Two thirds for the shared proof table, the rest for the threads' bounds tables in equal parts.
void Solver::setMemory(std::size_t bytes) {
    memoryBytes_ = bytes;
    const std::size_t forProofs = bytes / 3 * 2;
    params_.tableEntries = std::max<std::size_t>(forProofs / ProofTable::kBytesPerEntry, 1);
    params_.dfpnEntries =
        std::max<std::size_t>((bytes - forProofs) / ProofNumberSearch::bytesPerBoundsEntry() /
                                  static_cast<std::size_t>(params_.threads),
                              1);
    table_.setCapacity(params_.tableEntries);
    proofNumber_.setBoundsCapacity(params_.dfpnEntries);
    for (const auto& helper : helpers_)
        helper->setBoundsCapacity(params_.dfpnEntries);
}

SolveResult Solver::solve(const Board& board, Color toMove, const SolveLimits& limits) {
    const bool parallel = helpersApply() && !board.winner();
    SolveLimits mainLimits = limits;
    if (parallel) {
        helperWon_ = false;
        mainLimits.stop = [this, &limits] {
            return helperWon_.load(std::memory_order_relaxed) || (limits.stop && limits.stop());
        };
    }
    context_.start(board, mainLimits);
    SolveResult result;
    SolveStats helperStats;
    if (const auto w = board.winner()) {
        result.winner = *w;
    } else {
        std::optional<Outcome> o;
        if (parallel) {
            o = proveWithHelpers(board, toMove, limits, helperStats);
        } else {
            o = prove(toMove);
            if (context_.aborted())
                o.reset();
        }
        if (o) {
            result.winner = o->win ? toMove : opponent(toMove);
            result.proof = o->proof;
            if (o->win) {
                // A win found without a move (fill-in or a full VC) holds with either side to
                // move, so any empty cell keeps it; prefer one of the proof.
                result.winningMove = o->move;
                if (result.winningMove == kNoCell || !board.isEmpty(result.winningMove)) {
                    const CellSet empty = emptyCellSet(board);
                    const CellSet inProof = o->proof & empty;
                    result.winningMove = inProof.any() ? inProof.first() : empty.first();
                }
            }
        }
    }
    result.stats = context_.finish();
    result.stats += helperStats;
    return result;
}

std::optional<Outcome> Solver::proveWithHelpers(const Board& board, Color toMove,
                                                const SolveLimits& limits, SolveStats& stats) {
    std::atomic<bool> finished{false};
    std::vector<std::optional<RootHelper::Win>> wins(helpers_.size());
    std::vector<std::thread> threads;
    // Stops and joins the helpers however the main search ends (an exception included).
    struct Join {
        std::atomic<bool>& finished;
        std::vector<std::thread>& threads;
        ~Join() {
            finished = true;
            for (std::thread& t : threads)
                t.join();
        }
    };
    std::optional<Outcome> main;
    {
        const Join join{finished, threads};
        const int count = static_cast<int>(helpers_.size());
        for (int i = 0; i < count; ++i)
            threads.emplace_back([&, i] {
                // A helper that fails (out of memory) only stops helping: its proofs so far
                // are sound, and the main search goes on.
                try {
                    RootHelper& helper = *helpers_[static_cast<std::size_t>(i)];
                    auto& win = wins[static_cast<std::size_t>(i)];
                    win = helper.run(board, toMove, {i, count}, limits.maxSeconds, finished);
                    if (win)
                        helperWon_ = true;
                } catch (...) {
                }
            });
        const Outcome o = prove(toMove);
        if (!context_.aborted())
            main = o;
    }
    for (const auto& helper : helpers_)
        stats += helper->stats();
    if (main)
        return main;
    for (const auto& win : wins)
        if (win)
            return Outcome{true, win->proof, win->move};
    return std::nullopt;
}

// Every move is proven, in cell order, except those an earlier refutation already
// answers: a move outside the opponent's winning pattern after a losing move loses too (the
// opponent plays that refutation as if the losing stone were there; the new stone lies outside
// what it depends on), as in the searches' own pattern pruning. A winning move is never outside
// such a pattern, so the list is the same as with every move proven, for fewer proofs (the
// skipped ones are mostly cheap: the connections decide them at once; docs/solver.md, "Threads").
WinningMoves Solver::winningMoves(const Board& board, Color toMove, const SolveLimits& limits) {
    context_.start(board, limits);
    WinningMoves result;
    result.complete = true;
    if (!board.winner()) {
        Board& current = context_.board();
        CellSet unrefuted = emptyCellSet(board);
        for (const Cell m : unrefuted.cells()) {
            if (!unrefuted.test(m)) {
                ++result.refutedByPatterns;
                continue;
            }
            const Outcome move =
                proveMove(current, m, toMove, [this](Color them) { return prove(them); });
            if (context_.aborted()) {
                result.complete = false;
                break;
            }
            if (move.win)
                result.moves.push_back(m);
            else if (params_.usePatternPruning)
                unrefuted &= move.proof;
            unrefuted.reset(m);
        }
    }
    result.stats = context_.finish();
    return result;
}

Outcome Solver::prove(Color toMove) {
    context_.markRoot();
    if (!params_.useDfpn || !params_.useTable)
        return depthFirst_.solve(toMove);
    if (params_.rootChildrenInTurn)
        return childrenInTurn_.solve(toMove, /*childrenGuess=*/true);
    // The one search over the root's children, until its guesser judges the root lost
    // (SolverParams::inTurnWhenLost); then the children in turn, on what it proved so far.
    context_.allowTurnToChildren(params_.inTurnWhenLost);
    const Outcome o = proofNumber_.solve(toMove);
    context_.allowTurnToChildren(false);
    if (!context_.resumeForChildren())
        return o;
    context_.markRoot();
    const Outcome inTurn = childrenInTurn_.solve(toMove, /*childrenGuess=*/false);
    context_.allowGuesses(true);
    return inTurn;
}

} // namespace hex
