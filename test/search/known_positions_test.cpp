// Hand-picked 11x11 middlegames with known answers: the positions of the move-agreement set that
// OhmHex's solver proves won for the side to move (bench/agreement/positions-11x11-won.txt), with
// every winning move the solver finds there (test/data/won-11x11-winning-moves.txt, made by
// bench/winning_moves.py). The search at the engine's defaults and a fixed node budget, without
// the solver, must answer with a winning move. A position where most moves win says little and
// is left out.
#include "eval/evaluator.h"
#include "search/search.h"

#include "test/search/search_test_support.h"
#include "test/support/paths.h"
#include "test/support/sanitizer_scaling.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hex {
namespace {

struct KnownWin {
    std::string moves;
    Board board{11, 11};
    Color toMove = Color::Black;
    CellSet winning;
};

// The file's positions whose winning moves are all known ('?': the solver ran out of time).
std::vector<KnownWin> knownWins() {
    std::ifstream in(testing::sourceDir() + "/test/data/won-11x11-winning-moves.txt");
    std::vector<KnownWin> wins;
    for (std::string line; std::getline(in, line);) {
        const std::size_t bar = line.find('|');
        if (line.empty() || line[0] == '#' || bar == std::string::npos)
            continue;
        KnownWin win;
        win.moves = line.substr(0, bar);
        const std::optional<Board> board = positionAfter(Geometry::of(11, 11), win.moves);
        if (!board) {
            ADD_FAILURE() << "not a game: " << win.moves;
            continue;
        }
        win.board = *board;
        win.toMove = board->stoneCount() % 2 == 0 ? Color::Black : Color::White;
        std::istringstream winning(line.substr(bar + 1));
        bool complete = true;
        for (std::string word; winning >> word;) {
            const std::optional<Cell> cell = win.board.geometry().parse(word);
            complete = complete && cell.has_value();
            if (cell)
                win.winning.set(*cell);
        }
        if (complete && win.winning.any())
            wins.push_back(std::move(win));
    }
    return wins;
}

// The engine's defaults that shape the search (engine/engine_options.cpp), with a node budget
// instead of a clock: deterministic, and about depth 4.
SearchLimits engineDefaults() {
    SearchLimits limits;
    limits.width = 8;
    limits.rootWidth = 12;
    limits.evenDepthMoves = true;
    limits.maxNodes = 1000;
    return limits;
}

TEST(KnownPositions, WonMiddlegamesAreAnsweredWithAWinningMove) {
    const std::vector<KnownWin> wins = knownWins();
    ASSERT_GE(wins.size(), 20U) << "the data file is missing or short";
    int checked = 0;
    int searched = 0;
    for (std::size_t i = 0; i < wins.size(); i += testing::kTrialDivisor) {
        const KnownWin& win = wins[i];
        if (2 * win.winning.count() > win.board.emptyCount())
            continue;
        TranspositionTable table(testing::kSearchTestTableMb);
        auto evaluator = eval::makeEvaluator("resistance");
        Search search(table, *evaluator);
        const SearchResult result = search.run(win.board, win.toMove, engineDefaults());
        ++checked;
        searched += result.reason == SearchResult::Reason::Searched ? 1 : 0;
        EXPECT_TRUE(win.winning.test(result.best))
            << win.moves << ": " << win.board.geometry().name(result.best) << " does not win";
    }
    EXPECT_GE(checked, testing::trials(10));
    EXPECT_GE(searched, testing::trials(5));
}

} // namespace
} // namespace hex
