#include "engine/first_player.h"

#include "engine/shortest_path.h"

#include <cassert>
#include <cstdlib>
#include <limits>

namespace hex {

namespace {

// Twice the offset from the centre, summed over both coordinates (integers on even sides too):
// smaller is more central. Only breaks ties, so that the choice is deterministic.
int offCentre(const Geometry& g, Cell c) {
    return std::abs(2 * g.x(c) - (g.width() - 1)) + std::abs(2 * g.y(c) - (g.height() - 1));
}

struct Race {
    int margin; // opponent's distance minus ours: larger is better
    int centrality;
};

bool better(const Race& a, const Race& b) {
    if (a.margin != b.margin)
        return a.margin > b.margin;
    return a.centrality > b.centrality;
}

Race raceAfter(Board& board, Cell c, Color color) {
    board.play(c, color);
    const Race race{stonesToConnect(board, opponent(color)) - stonesToConnect(board, color),
                    -offCentre(board.geometry(), c)};
    board.undo();
    return race;
}

Cell bestRaceMove(Board& board, Color color, const std::vector<Cell>& candidates) {
    Cell best = kNoCell;
    Race bestRace{std::numeric_limits<int>::min(), std::numeric_limits<int>::min()};
    for (Cell c : candidates) {
        const Race race = raceAfter(board, c, color);
        if (best == kNoCell || better(race, bestRace)) {
            best = c;
            bestRace = race;
        }
    }
    return best;
}

} // namespace

std::vector<Cell> winningCells(const Board& board, Color color) {
    Board scratch = board;
    std::vector<Cell> cells;
    for (Cell c : board.emptyCells()) {
        scratch.play(c, color);
        if (scratch.winner() == color)
            cells.push_back(c);
        scratch.undo();
    }
    return cells;
}

Cell firstPlayerMove(const Board& board, Color toMove) {
    assert(board.emptyCount() > 0);
    if (const auto wins = winningCells(board, toMove); !wins.empty())
        return wins.front();
    Board scratch = board;
    if (!board.winner()) {
        // Every opponent winning cell must be blocked; with two or more the game is lost
        // anyway, and blocking the one that also helps us most is the best try.
        if (const auto threats = winningCells(board, opponent(toMove)); !threats.empty())
            return bestRaceMove(scratch, toMove, threats);
    }
    return bestRaceMove(scratch, toMove, board.emptyCells());
}

} // namespace hex
