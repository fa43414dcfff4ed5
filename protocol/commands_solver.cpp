// Connection knowledge and the solver over HTP: solve-state, solve-winning, and the HexGui
// displays of must-play cells, inferior cells and virtual connections.
#include "connections/connections.h"
#include "connections/game_state.h"
#include "connections/inferior.h"
#include "connections/inferior_moves.h"
#include "protocol/commands.h"
#include "solver/solver.h"

#include <memory>

namespace hex {

namespace {

constexpr double kDefaultSolveSeconds = 60;

// Optional "[COLOR] [SECONDS]" arguments: the side to move (default: the game's) and a time
// limit (default one minute; '# interrupt' stops a solve at any time).
struct SolveArguments {
    Color toMove;
    double seconds;
};

SolveArguments solveArguments(const Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 2);
    SolveArguments result{engine.game().toMove(), kDefaultSolveSeconds};
    std::size_t next = 0;
    if (a.size() > next && htp::parseColor(a.word(next)))
        result.toMove = a.color(next++);
    if (a.size() > next)
        result.seconds = a.real(next++, 0.001, 1e6);
    if (next != a.size())
        throw htp::Failure("expected [COLOR] [SECONDS]");
    return result;
}

std::string cellList(const Geometry& g, const std::vector<Cell>& cells) {
    std::string text;
    for (Cell c : cells)
        text += (text.empty() ? "" : " ") + g.name(c);
    return text;
}

std::string solveState(Engine& engine, Solver& solver, const StopFn& stop, const htp::Args& a) {
    const SolveArguments args = solveArguments(engine, a);
    const SolveResult result =
        solver.solve(engine.game().board(), args.toMove, SolveLimits{0, args.seconds, stop});
    return result.winner ? std::string(colorName(*result.winner)) : "unknown";
}

std::string solveWinning(Engine& engine, Solver& solver, const StopFn& stop, const htp::Args& a) {
    const SolveArguments args = solveArguments(engine, a);
    const Board& board = engine.game().board();
    const WinningMoves result =
        solver.winningMoves(board, args.toMove, SolveLimits{0, args.seconds, stop});
    if (!result.complete)
        throw htp::Failure("unknown: limit reached; proven winning so far: " +
                           cellList(board.geometry(), result.moves));
    return cellList(board.geometry(), result.moves);
}

std::string mustPlay(Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    const Color toMove = a.size() == 1 ? a.color(0) : engine.game().toMove();
    const Board& board = engine.game().board();
    if (board.winner())
        return "";
    // Only the opponent's connections constrain the mover (analyseGameState stops early when
    // the mover itself has a proven win). Lost to a full connection: no cell, like an empty
    // intersection.
    Connections opp;
    opp.build(board, opponent(toMove));
    const GameState threats = analyseThreats(board, toMove, summariseEdges(opp));
    return cellList(board.geometry(), threats.mustPlay.cells());
}

// HexGui 'inferior' codes: fd = fill-in dead, fc = captured, then the fill-in stone's colour
// (dead cells are filled with Black; their colour does not matter); for the other empty cells,
// the moves of `toMove` left out by the solver: iv[killer] = vulnerable, id[dominator] =
// dominated (HexGui draws an arrow to the cell in brackets).
std::string inferiorCells(Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    const Color toMove = a.size() == 1 ? a.color(0) : engine.game().toMove();
    Board board = engine.game().board();
    if (board.winner())
        return "";
    const InferiorCells inferior = findInferior(board);
    const Geometry& g = board.geometry();
    std::string text;
    auto append = [&](Cell c, const std::string& code) {
        text += (text.empty() ? "" : " ") + g.name(c) + " " + code;
    };
    const CellSet& blackCaptured = inferior.captured[index(Color::Black)];
    const CellSet& whiteCaptured = inferior.captured[index(Color::White)];
    for (Cell c : inferior.dead.cells())
        append(c, "fdb");
    for (Cell c : blackCaptured.cells())
        append(c, "fcb");
    for (Cell c : whiteCaptured.cells())
        append(c, "fcw");
    const CellSet others = emptyCellSet(board) - inferior.dead - blackCaptured - whiteCaptured;
    for (const InferiorMove& m : findInferiorMoves(board, toMove, others).moves)
        append(m.cell, std::string(m.vulnerable ? "iv[" : "id[") + g.name(m.by) + "]");
    return text;
}

// HexGui 'vc' lines: "colour from to full|semi hsearch [ carrier ] [ ] [key]".
std::string vcBetween(Engine& engine, const htp::Args& a) {
    a.expectCount(3);
    const Color color = a.color(0);
    const Geometry& g = engine.game().geometry();
    const Cell from = a.cell(1, g);
    const Cell to = a.cell(2, g);
    Connections connections;
    connections.build(engine.game().board(), color);
    const std::string prefix =
        std::string(colorName(color)) + " " + g.name(from) + " " + g.name(to);
    std::string text;
    auto line = [&](const char* type, const CellSet& carrier, Cell key) {
        text += (text.empty() ? "" : "\n") + prefix + " " + type + " hsearch [ " +
                cellList(g, carrier.cells()) + (carrier.count() ? " ] [ ]" : "] [ ]");
        if (key != kNoCell)
            text += " " + g.name(key);
    };
    for (const CellSet& carrier : connections.fulls(from, to))
        line("full", carrier, kNoCell);
    for (const Semi& semi : connections.semis(from, to))
        line("semi", semi.carrier, semi.key);
    return text;
}

} // namespace

void addSolverCommands(htp::Engine& htp, Engine& engine) {
    auto solver = std::make_shared<Solver>();
    const StopFn stop = htp.interruptCheck();
    htp.add(
        "solve-state",
        [&engine, solver, stop](const htp::Args& a) {
            return solveState(engine, *solver, stop, a);
        },
        "solve-state [COLOR] [SECONDS]: the winner with COLOR (default: the side to move) to "
        "move, black or white, or unknown when the time limit (default 60) is reached");
    htp.add(
        "solve-winning",
        [&engine, solver, stop](const htp::Args& a) {
            return solveWinning(engine, *solver, stop, a);
        },
        "solve-winning [COLOR] [SECONDS]: every winning move for COLOR (default: the side to "
        "move); an error if the time limit is reached first");
    htp.add(
        "mustplay", [&engine](const htp::Args& a) { return mustPlay(engine, a); },
        "mustplay [COLOR]: the cells COLOR must play in, or lose at once to the opponent's "
        "virtual connections (every empty cell when nothing is forced, none when the opponent "
        "is already connected virtually)");
    htp.add(
        "inferior-cells", [&engine](const htp::Args& a) { return inferiorCells(engine, a); },
        "inferior-cells [COLOR]: dead (fdb) and captured (fcb, fcw) cells, and COLOR's "
        "vulnerable (iv[killer]) and dominated (id[dominator]) moves, in HexGui's inferior "
        "format");
    htp.add(
        "vc-between", [&engine](const htp::Args& a) { return vcBetween(engine, a); },
        "vc-between COLOR CELL CELL: COLOR's full and semi virtual connections between two "
        "cells, in HexGui's vc format");
    htp.addAnalyze("string/Solve State/solve-state %m");
    htp.addAnalyze("plist/Solve Winning Moves/solve-winning %m");
    htp.addAnalyze("plist/Must Play/mustplay %m");
    htp.addAnalyze("inferior/Inferior Cells/inferior-cells");
    htp.addAnalyze("vc/Show VCs/vc-between %c %P");
}

} // namespace hex
