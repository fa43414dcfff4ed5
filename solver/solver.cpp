#include "solver/solver.h"

#include <algorithm>

namespace hex {

Solver::Solver(SolverParams params)
    : params_(params), table_(params.tableEntries), analysis_(params_, context_),
      depthFirst_(params_, context_, analysis_, table_),
      proofNumber_(params_, context_, analysis_, table_) {
    context_.watchTable(table_);
}

void Solver::setMemory(std::size_t bytes) {
    const std::size_t forProofs = bytes / 3 * 2;
    params_.tableEntries = std::max<std::size_t>(forProofs / ProofTable::kBytesPerEntry, 1);
    params_.dfpnEntries =
        std::max<std::size_t>((bytes - forProofs) / ProofNumberSearch::bytesPerBoundsEntry(), 1);
    table_.setCapacity(params_.tableEntries);
    proofNumber_.setBoundsCapacity(params_.dfpnEntries);
}

SolveResult Solver::solve(const Board& board, Color toMove, const SolveLimits& limits) {
    context_.start(board, limits);
    SolveResult result;
    if (const auto w = board.winner()) {
        result.winner = *w;
    } else {
        const Outcome o = prove(toMove);
        if (!context_.aborted()) {
            result.winner = o.win ? toMove : opponent(toMove);
            result.proof = o.proof;
            if (o.win) {
                // A win found without a move (fill-in or a full VC) holds with either side to
                // move, so any empty cell keeps it; prefer one of the proof.
                result.winningMove = o.move;
                if (result.winningMove == kNoCell || !board.isEmpty(result.winningMove)) {
                    const CellSet empty = emptyCellSet(board);
                    const CellSet inProof = o.proof & empty;
                    result.winningMove = inProof.any() ? inProof.first() : empty.first();
                }
            }
        }
    }
    result.stats = context_.finish();
    return result;
}

WinningMoves Solver::winningMoves(const Board& board, Color toMove, const SolveLimits& limits) {
    context_.start(board, limits);
    WinningMoves result;
    result.complete = true;
    if (!board.winner()) {
        for (Cell m : emptyCellSet(board).cells()) {
            context_.board().play(m, toMove);
            const bool won = context_.board().winner() == toMove || !prove(opponent(toMove)).win;
            context_.board().undo();
            if (context_.aborted()) {
                result.complete = false;
                break;
            }
            if (won)
                result.moves.push_back(m);
        }
    }
    result.stats = context_.finish();
    return result;
}

Outcome Solver::prove(Color toMove) {
    context_.markRoot();
    if (params_.useDfpn && params_.useTable)
        return proofNumber_.solve(toMove);
    return depthFirst_.solve(toMove);
}

} // namespace hex
