#include "solver/edge_template_game.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hex {

namespace {

// The span of the template's offsets along the edge: [lo, hi], the cell's 0 included.
std::pair<int, int> alongSpan(const EdgeTemplate& t) {
    if (t.rows < 1)
        throw std::invalid_argument("edge template game: rows must be at least 1");
    int lo = 0;
    int hi = 0;
    for (const auto* list : {&t.stones, &t.carrier})
        for (const TemplateOffset& o : *list) {
            if (o.rows > 0)
                throw std::invalid_argument("edge template game: a cell above the template's row");
            lo = std::min(lo, o.along);
            hi = std::max(hi, o.along);
        }
    return {lo, hi};
}

// The board of the game: as wide as the template's offsets span, its rows plus one tall.
Board gameBoard(const EdgeTemplate& t) {
    const auto [lo, hi] = alongSpan(t);
    return Board(hi - lo + 1, t.rows + 1);
}

} // namespace

EdgeTemplateGame::EdgeTemplateGame(const EdgeTemplate& t) : board(gameBoard(t)) {
    minAlong_ = alongSpan(t).first;
    const Geometry& g = board.geometry();
    cell = at({0, 0});
    CellSet black;
    black.set(cell);
    black.set(g.cell(g.x(cell), 0));
    for (const TemplateOffset& o : t.stones)
        black.set(at(o));
    for (const TemplateOffset& o : t.carrier)
        carrier.set(at(o));
    for (Cell c : black.cells())
        board.play(c, Color::Black);
    for (Cell c = 0; c < g.cellCount(); ++c)
        if (board.isEmpty(c) && !carrier.test(c))
            board.play(c, Color::White);
}

Cell EdgeTemplateGame::at(TemplateOffset o) const {
    // Row 0 holds the stone above the cell; the cell's row is 1, the edge's row board.height().
    const Geometry& g = board.geometry();
    return g.cell(o.along - minAlong_, 1 - o.rows);
}

SolverParams edgeTemplateGameParams() {
    SolverParams params;
    params.vcLimits.edgeTemplates = false;
    return params;
}

std::optional<EdgeTemplateProof> solveEdgeTemplate(Solver& solver, const EdgeTemplateGame& game,
                                                   std::uint64_t maxNodes) {
    SolveLimits limits;
    limits.maxNodes = maxNodes;
    const SolveResult result = solver.solve(game.board, Color::White, limits);
    if (!result.winner)
        return std::nullopt;
    EdgeTemplateProof proof;
    proof.holds = *result.winner == Color::Black;
    if (proof.holds)
        proof.needed = result.proof & game.carrier;
    return proof;
}

} // namespace hex
