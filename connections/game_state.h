#pragma once

#include "connections/cell_set.h"
#include "connections/connections.h"
#include "core/board.h"

#include <optional>

namespace hex {

// What the virtual connections of both colours prove about a position with `toMove` to play.
struct GameState {
    // Set when proven: toMove wins by an own full edge-to-edge connection or by the key of an own
    // semi (winningMove), or loses to an opponent full edge-to-edge connection or to an empty
    // must-play set.
    std::optional<Color> winner;
    Cell winningMove = kNoCell;
    // The winner's threat pattern: the carrier that proves the result, or, for a loss by an empty
    // must-play, the union of the opponent's semi carriers.
    CellSet proof;
    // Empty cells toMove must play in (intersection of the carriers of the opponent's
    // edge-to-edge semis); every other move loses at once. All empty cells if there is no semi.
    CellSet mustPlay;
    // Union of the carriers of the opponent's semis: the opponent's pattern for the moves
    // outside mustPlay.
    CellSet mustPlayReason;
};

// Precondition: own.color() == toMove and opp.color() == opponent(toMove), both built on board.
GameState analyseGameState(const Board& board, Color toMove, const Connections& own,
                           const Connections& opp);

// All that the game-state analysis uses of one colour's connections: its edge-to-edge ones.
// Small enough to cache per position, which the solver does.
struct EdgeSummary {
    std::optional<CellSet> full; // the smallest full carrier
    std::optional<Semi> semi;    // the semi with the smallest carrier
    CellSet semiIntersection;    // intersection of all semi carriers (when there is a semi)
    CellSet semiUnion;           // union of all semi carriers
};
EdgeSummary summariseEdges(const Connections& vcs);

// The same analysis from the two summaries.
GameState analyseGameState(const Board& board, Color toMove, const EdgeSummary& own,
                           const EdgeSummary& opp);
// Only what the opponent's connections prove: a loss for toMove (by a full, or by an empty
// must-play) or the must-play set. `winner` is never toMove.
GameState analyseThreats(const Board& board, Color toMove, const EdgeSummary& opp);

// Empty interior cells of the board.
CellSet emptyCellSet(const Board& board);

} // namespace hex
