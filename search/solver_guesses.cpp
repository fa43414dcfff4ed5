#include "search/solver_guesses.h"

#include "eval/evaluator.h"
#include "search/search.h"
#include "search/transposition_table.h"

#include <algorithm>

namespace hex {
namespace {

// The engine's defaults for a move (engine/engine_options.cpp) at a fixed depth: depth 4 finds
// the winning replies of the 8x8 openings that Black loses where depth 2 does not, and costs a
// fraction of a second there (docs/solver.md, "The root's guesses").
SearchLimits guessLimits() {
    SearchLimits limits;
    limits.maxDepth = 4;
    limits.width = 8;
    limits.rootWidth = 12;
    limits.evenDepthMoves = true;
    limits.quiescenceMoves = 2;
    limits.quiescencePlies = 2;
    return limits;
}

constexpr std::size_t kGuessTableMb = 8;

} // namespace

std::vector<Cell> solverGuesses(const Board& board, Color toMove, int count,
                                const StopFn& shouldStop) {
    if (count <= 0 || board.winner() || board.emptyCount() == 0)
        return {};
    const auto evaluator = eval::makeEvaluator("resistance");
    TranspositionTable table(kGuessTableMb);
    Search search(table, *evaluator);
    SearchLimits limits = guessLimits();
    limits.shouldStop = shouldStop;
    const SearchResult result = search.run(board, toMove, limits);
    std::vector<Cell> guesses;
    if (result.best != kNoCell)
        guesses.push_back(result.best);
    for (const RootMoveScore& root : result.rootScores)
        if (static_cast<int>(guesses.size()) < count &&
            std::find(guesses.begin(), guesses.end(), root.cell) == guesses.end())
            guesses.push_back(root.cell);
    if (static_cast<int>(guesses.size()) > count)
        guesses.resize(static_cast<std::size_t>(count));
    return guesses;
}

} // namespace hex
