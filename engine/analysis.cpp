#include "engine/analysis.h"

#include "connections/connections.h"
#include "connections/game_state.h"
#include "connections/inferior.h"
#include "connections/inferior_moves.h"

namespace hex {

std::vector<Cell> mustPlayCells(const Board& board, Color toMove) {
    if (board.winner())
        return {};
    // Only the opponent's connections constrain the mover (analyseGameState stops early when
    // the mover itself has a proven win). Lost to a full connection: no cell, like an empty
    // intersection.
    Connections opp;
    opp.build(board, opponent(toMove));
    return analyseThreats(board, toMove, summariseEdges(opp)).mustPlay.cells();
}

std::vector<InferiorCell> inferiorCells(const Board& position, Color toMove) {
    if (position.winner())
        return {};
    Board board = position;
    const InferiorCells inferior = findInferior(board);
    std::vector<InferiorCell> cells;
    auto add = [&cells](const CellSet& set, InferiorCell::Kind kind) {
        for (Cell c : set.cells())
            cells.push_back({c, kind, kNoCell});
    };
    const CellSet& blackCaptured = inferior.captured[index(Color::Black)];
    const CellSet& whiteCaptured = inferior.captured[index(Color::White)];
    add(inferior.dead, InferiorCell::Kind::Dead);
    add(blackCaptured, InferiorCell::Kind::CapturedBlack);
    add(whiteCaptured, InferiorCell::Kind::CapturedWhite);
    const CellSet others = emptyCellSet(board) - inferior.dead - blackCaptured - whiteCaptured;
    for (const InferiorMove& m : findInferiorMoves(board, toMove, others).moves)
        cells.push_back(
            {m.cell, m.vulnerable ? InferiorCell::Kind::Vulnerable : InferiorCell::Kind::Dominated,
             m.by});
    return cells;
}

ConnectionsBetween connectionsBetween(const Board& board, Color color, Cell from, Cell to,
                                      const VcLimits& limits) {
    Connections connections(limits);
    connections.build(board, color);
    const auto fulls = connections.fulls(from, to);
    const auto semis = connections.semis(from, to);
    return {{fulls.begin(), fulls.end()}, {semis.begin(), semis.end()}};
}

} // namespace hex
