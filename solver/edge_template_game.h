#pragma once

#include "connections/cell_set.h"
#include "connections/edge_templates.h"
#include "core/board.h"
#include "solver/solver.h"

#include <optional>

namespace hex {

// The local game of an edge template (edge_templates.h) as a game of Hex, so that the project's
// solver decides templates far too large for an exhaustive search (a fifth-row cell with thirty
// cells around it): Black owns the template on the south edge. The board is as wide as the
// template and one row taller: the cell sits on the second row under a Black stone on the first,
// which joins it to the north edge and touches no cell of the carrier the cell does not touch
// itself (the carrier never reaches above the cell's row); the helpers are Black, the carrier
// empty, White holds every other cell. So Black joins its edges exactly when it joins the cell
// to the south edge inside the carrier, and wins with White to move exactly when the template
// holds (a carrier reaching above the cell's row is refused: std::invalid_argument).
struct EdgeTemplateGame {
    Board board;
    Cell cell = kNoCell; // the template's cell (a Black stone)
    CellSet carrier;     // the template's carrier on `board`

    explicit EdgeTemplateGame(const EdgeTemplate& t);
    // The board's cell at a template offset.
    Cell at(TemplateOffset o) const;

private:
    int minAlong_ = 0;
};

// The solver's settings for template games: the defaults without the built-in edge templates,
// since a solver that matches a template would take the very connection it is asked to prove
// (or a larger template's) as given, and so could never refute or shrink it.
SolverParams edgeTemplateGameParams();

// Whether the template holds, by the solver (the game above, White to move), within `maxNodes`
// (0: no limit); nullopt if the solver gave up. The solver should be made with
// edgeTemplateGameParams().
struct EdgeTemplateProof {
    bool holds = false;
    // When it holds: the carrier cells the win needs (the solver's proof set within the
    // carrier, on the game's board), which may be fewer than the template's.
    CellSet needed;
};
std::optional<EdgeTemplateProof> solveEdgeTemplate(Solver& solver, const EdgeTemplateGame& game,
                                                   std::uint64_t maxNodes = 0);

} // namespace hex
