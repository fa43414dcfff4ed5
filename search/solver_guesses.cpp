#include "search/solver_guesses.h"

#include "eval/evaluator.h"
#include "search/search.h"
#include "search/transposition_table.h"

#include <algorithm>
#include <cstdint>

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

struct Searched {
    std::vector<Cell> moves;
    Score score = 0;
};

// The search's first `count` root moves, best first, and its score. Each orientation gets a
// table of its own: the table is symmetric (a position and its rotation share an entry), so a
// shared one would hand the second search the first one's results and its guesses would be the
// same.
Searched searchedMoves(const Board& board, Color toMove, int count, const StopFn& shouldStop) {
    const auto evaluator = eval::makeEvaluator("resistance");
    TranspositionTable table(kGuessTableMb);
    Search search(table, *evaluator);
    SearchLimits limits = guessLimits();
    limits.shouldStop = shouldStop;
    const SearchResult result = search.run(board, toMove, limits);
    std::vector<Cell> moves;
    if (result.best != kNoCell)
        moves.push_back(result.best);
    for (const RootMoveScore& root : result.rootScores)
        if (static_cast<int>(moves.size()) < count &&
            std::find(moves.begin(), moves.end(), root.cell) == moves.end())
            moves.push_back(root.cell);
    return {moves, result.score};
}

Board rotated(const Board& board) {
    const Geometry& g = board.geometry();
    Board image(g.width(), g.height());
    for (Cell c = 0; c < g.cellCount(); ++c)
        for (Color colour : {Color::Black, Color::White})
            if (board.has(c, colour))
                image.play(g.rotate180(c), colour);
    return image;
}

} // namespace

Guesses solverGuesses(const Board& board, Color toMove, int count, const StopFn& shouldStop) {
    if (count <= 0 || board.winner() || board.emptyCount() == 0)
        return {};
    const Geometry& g = board.geometry();
    const Searched own = searchedMoves(board, toMove, count, shouldStop);
    Searched image = searchedMoves(rotated(board), toMove, count, shouldStop);
    for (Cell& c : image.moves)
        c = g.rotate180(c);
    std::vector<Cell> guesses;
    for (std::size_t i = 0; i < std::max(own.moves.size(), image.moves.size()); ++i)
        for (const std::vector<Cell>* list :
             {&own.moves, static_cast<const std::vector<Cell>*>(&image.moves)})
            if (i < list->size() && static_cast<int>(guesses.size()) < count &&
                std::find(guesses.begin(), guesses.end(), (*list)[i]) == guesses.end())
                guesses.push_back((*list)[i]);
    const int meanScore =
        static_cast<int>((static_cast<std::int64_t>(own.score) + image.score) / 2);
    return {guesses, meanScore};
}

} // namespace hex
