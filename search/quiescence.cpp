// Quiescence at the leaves of the alpha-beta search (SearchLimits::quiescenceMoves and
// quiescencePlies). Why: the resistance circuit does not know whose move it is, so a leaf in the
// middle of a race of two pushed lines is scored as if nobody had the tempo; four plies into
// such a race the search can be confidently wrong (docs/strength.md, "Quiescence at the
// leaves"). Letting the side to move stand pat or play one of its best cells, and the other side
// answer the same way, scores the race for whoever moves next.
#include "search/search.h"

#include "search/move_ordering.h"

#include <algorithm>

namespace hex {

Score Search::quiesce(Score alpha, Score beta, int ply, Color toMove, int plies) {
    if (plies <= 0 || ply + 1 >= maxPly_ || board_.emptyCount() < 2)
        return staticScore(toMove);
    const Score standPat = std::clamp(
        evaluator_.evaluateWithCells(board_, toMove, cellValuesAt(ply)), -kMaxEval, kMaxEval);
    // A decided leaf (the evaluator's connection knowledge) stays decided.
    if (standPat >= beta || std::abs(standPat) >= kMaxEval - 1)
        return standPat;
    alpha = std::max(alpha, standPat);
    const auto count = static_cast<std::size_t>(limits_.quiescenceMoves);
    bestCells(ply, count, quiescenceCandidates(toMove));
    Score best = standPat;
    const std::size_t moves = moves_[static_cast<std::size_t>(ply)].size();
    for (std::size_t i = 0; i < moves; ++i) {
        const Cell move = moves_[static_cast<std::size_t>(ply)][i];
        // A quiescence move is a node: the node limit, the stop function and the clock hold
        // inside the quiescence too (an aborted search discards what this returns).
        ++nodes_;
        if (shouldAbort())
            return best;
        board_.play(move, toMove);
        const Score score = -quiesce(-beta, -alpha, ply + 1, opponent(toMove), plies - 1);
        board_.undo();
        if (score <= best)
            continue;
        best = score;
        alpha = std::max(alpha, score);
        if (score >= beta)
            break;
    }
    return best;
}

// The empty cells, or with SearchLimits::evaluatorConnections the must-play cells of the
// evaluator's connections just built for the stand-pat value: a move outside them loses at once.
// (A decided position never gets here: its stand-pat value is decided.)
CellSet Search::quiescenceCandidates(Color toMove) const {
    const std::optional<GameState> state =
        limits_.evaluatorConnections ? evaluator_.connectionState(board_, toMove) : std::nullopt;
    return state && !state->winner ? state->mustPlay : emptyCellSet(board_);
}

// The candidates in cell order, then the search's own move order (larger value first, ties in
// cell order), cut to `count`.
void Search::bestCells(int ply, std::size_t count, const CellSet& candidates) {
    std::vector<Cell>& moves = moves_[static_cast<std::size_t>(ply)];
    moves.clear();
    for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1))
        moves.push_back(c);
    sortByCellValue(moves, cellValuesAt(ply));
    moves.resize(std::min(count, moves.size()));
}

} // namespace hex
