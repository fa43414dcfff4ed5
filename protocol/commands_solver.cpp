// Connection knowledge and the solver over HTP: solve-state, solve-winning, and the HexGui
// displays of must-play cells, inferior cells and virtual connections.
#include "protocol/commands.h"

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

std::string solveState(Engine& engine, const StopFn& stop, const htp::Args& a) {
    const SolveArguments args = solveArguments(engine, a);
    const SolveResult result = engine.solve(args.toMove, args.seconds, stop);
    return result.winner ? std::string(colorName(*result.winner)) : "unknown";
}

std::string solveWinning(Engine& engine, const StopFn& stop, const htp::Args& a) {
    const SolveArguments args = solveArguments(engine, a);
    const WinningMoves result = engine.winningMoves(args.toMove, args.seconds, stop);
    const Geometry& g = engine.game().geometry();
    if (!result.complete)
        throw htp::Failure("unknown: limit reached; proven winning so far: " +
                           cellList(g, result.moves));
    return cellList(g, result.moves);
}

// HexGui 'gfx' of a cell list: every listed cell tinted green (INFLUENCE 1), and `message` in the
// status bar (TEXT). HexGui shows nothing for an empty plist and nothing at all for a failed
// command, so the displays that can come back empty or unfinished answer this way: the
// message says what the board cannot.
std::string cellsWithMessage(const Geometry& g, const std::vector<Cell>& cells,
                             const std::string& message) {
    std::string text = "INFLUENCE";
    for (Cell c : cells)
        text += " " + g.name(c) + " 1";
    return text + " TEXT " + message;
}

std::string count(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// solve-winning as a HexGui display: the winning moves, or why there is none, or how far the
// solver got before its time ran out.
std::string solveWinningGfx(Engine& engine, const StopFn& stop, const htp::Args& a) {
    const SolveArguments args = solveArguments(engine, a);
    const WinningMoves result = engine.winningMoves(args.toMove, args.seconds, stop);
    const Geometry& g = engine.game().geometry();
    const std::string who(colorName(args.toMove));
    std::string message;
    if (const auto winner = engine.game().board().winner())
        message = "the game is over: " + std::string(colorName(*winner)) + " has won";
    else if (!result.complete)
        message = "unknown: stopped before the end (time limit or Stop); " +
                  (result.moves.empty() ? std::string("no move proven winning yet")
                                        : "proven winning so far: " + cellList(g, result.moves));
    else if (result.moves.empty())
        message = who + " has no winning move: every move loses";
    else
        message = who + " wins with " + count(result.moves.size(), "move", "moves") + ": " +
                  cellList(g, result.moves);
    return cellsWithMessage(g, result.moves, message);
}

Color colorOrToMove(const Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    return a.size() == 1 ? a.color(0) : engine.game().toMove();
}

std::string mustPlay(const Engine& engine, const htp::Args& a) {
    const Color toMove = colorOrToMove(engine, a);
    return cellList(engine.game().geometry(), engine.mustPlay(toMove));
}

// mustplay as a HexGui display, with what the set means in words.
std::string mustPlayGfx(const Engine& engine, const htp::Args& a) {
    const Color toMove = colorOrToMove(engine, a);
    const Board& board = engine.game().board();
    const std::vector<Cell> cells = engine.mustPlay(toMove);
    const std::string who(colorName(toMove));
    const std::string other(colorName(opponent(toMove)));
    std::string message;
    if (const auto winner = board.winner())
        message = "the game is over: " + std::string(colorName(*winner)) + " has won";
    else if (cells.empty())
        message = who + " has lost: " + other + "'s virtual connections win against every move";
    else if (cells.size() == static_cast<std::size_t>(board.emptyCount()))
        message = who + " is free: no threat of " + other + " to answer";
    else
        message = who + " must play in one of " + count(cells.size(), "cell", "cells") + ", or " +
                  other + " connects";
    return cellsWithMessage(board.geometry(), cells, message);
}

// HexGui 'inferior' codes: fd = fill-in dead, fc = captured, then the fill-in stone's colour
// (dead cells are filled with Black; their colour does not matter); for the other empty cells,
// iv[killer] = vulnerable, id[dominator] = dominated (HexGui draws an arrow to the cell in
// brackets).
std::string inferiorCode(const Geometry& g, const InferiorCell& inferior) {
    switch (inferior.kind) {
    case InferiorCell::Kind::Dead:
        return "fdb";
    case InferiorCell::Kind::CapturedBlack:
        return "fcb";
    case InferiorCell::Kind::CapturedWhite:
        return "fcw";
    case InferiorCell::Kind::Vulnerable:
        return "iv[" + g.name(inferior.by) + "]";
    case InferiorCell::Kind::Dominated:
        return "id[" + g.name(inferior.by) + "]";
    }
    return "";
}

std::string inferiorText(const Geometry& g, const std::vector<InferiorCell>& cells) {
    std::string text;
    for (const InferiorCell& inferior : cells)
        appendCellLabel(text, g, inferior.cell, inferiorCode(g, inferior));
    return text;
}

std::string inferiorCells(const Engine& engine, const htp::Args& a) {
    return inferiorText(engine.game().geometry(), engine.inferiorCells(colorOrToMove(engine, a)));
}

// HexGui's Hint button (vc-build, drawn as 'inferior'): the inferior cells, then 'x' (grey:
// not worth considering) on every other empty cell outside COLOR's must-play set.
std::string considerSet(const Engine& engine, const htp::Args& a) {
    const Color toMove = colorOrToMove(engine, a);
    const Board& board = engine.game().board();
    const std::vector<InferiorCell> inferior = engine.inferiorCells(toMove);
    std::vector<bool> shown(static_cast<std::size_t>(board.geometry().cellCount()), false);
    for (const InferiorCell& cell : inferior)
        shown[static_cast<std::size_t>(cell.cell)] = true;
    for (Cell c : engine.mustPlay(toMove))
        shown[static_cast<std::size_t>(c)] = true;
    std::string text = inferiorText(board.geometry(), inferior);
    for (Cell c : board.emptyCells())
        if (!shown[static_cast<std::size_t>(c)])
            appendCellLabel(text, board.geometry(), c, "x");
    return text;
}

// Benzene's solver parameters (HexGui's Solve button sends 'param_dfpn use_guifx 1'): OhmHex's
// solver has none to set this way; its time limit is the solve commands' argument.
std::string solverParameters(const htp::Args& a) {
    if (a.size() == 0)
        return "";
    throw htp::Failure(htp::quoted(a.word(0)) +
                       ": OhmHex's solver has no such parameter (it draws no live graphics; "
                       "dfpn-solve-state answers when it is done)");
}

// HexGui 'vc' lines: "colour from to full|semi hsearch [ carrier ] [ ] [key]".
// Edge nodes are endpoints only for their owner.
std::string vcBetween(const Engine& engine, const htp::Args& a) {
    a.expectBetween(3, 4);
    const Color color = a.color(0);
    const Geometry& g = engine.game().geometry();
    const Cell from = a.node(1, g);
    const Cell to = a.node(2, g);
    for (Cell node : {from, to})
        if (g.isEdge(node) && g.edgeOwner(node) != color)
            throw htp::Failure(g.name(node) + " is " + std::string(colorName(opponent(color))) +
                               "'s edge, never an endpoint of " + std::string(colorName(color)) +
                               "'s connections");
    bool evaluation = false;
    if (a.size() == 4) {
        if (a.word(3) != "solver" && a.word(3) != "evaluation")
            throw htp::Failure("limits " + htp::quoted(a.word(3)) + ": solver or evaluation");
        evaluation = a.word(3) == "evaluation";
    }
    const ConnectionsBetween connections = engine.connectionsBetween(color, from, to, evaluation);
    const std::string prefix =
        std::string(colorName(color)) + " " + g.name(from) + " " + g.name(to);
    std::string text;
    auto line = [&](const char* type, const CellSet& carrier, Cell key) {
        text += (text.empty() ? "" : "\n") + prefix + " " + type + " hsearch [ " +
                cellList(g, carrier.cells()) + (carrier.count() ? " ] [ ]" : "] [ ]");
        if (key != kNoCell)
            text += " " + g.name(key);
    };
    for (const CellSet& carrier : connections.fulls)
        line("full", carrier, kNoCell);
    for (const Semi& semi : connections.semis)
        line("semi", semi.carrier, semi.key);
    return text;
}

} // namespace

void addSolverCommands(htp::Engine& htp, Engine& engine) {
    const StopFn stop = htp.interruptCheck();
    htp.add(
        "solve-state", [&engine, stop](const htp::Args& a) { return solveState(engine, stop, a); },
        "solve-state [COLOR] [SECONDS]: the winner with COLOR (default: the side to move) to "
        "move, black or white, or unknown when the time limit (default 60) is reached");
    htp.add(
        "solve-winning",
        [&engine, stop](const htp::Args& a) { return solveWinning(engine, stop, a); },
        "solve-winning [COLOR] [SECONDS]: every winning move for COLOR (default: the side to "
        "move); an error if the time limit is reached first");
    htp.add(
        "mustplay", [&engine](const htp::Args& a) { return mustPlay(engine, a); },
        "mustplay [COLOR]: the cells COLOR must play in, or lose at once to the opponent's "
        "virtual connections (every empty cell when nothing is forced, none when the opponent "
        "is already connected virtually)");
    htp.add(
        "mustplay-gfx", [&engine](const htp::Args& a) { return mustPlayGfx(engine, a); },
        "mustplay-gfx [COLOR]: mustplay as HexGui gfx: the cells tinted, and what they mean in "
        "the status bar (also when there are none)");
    htp.add(
        "solve-winning-gfx",
        [&engine, stop](const htp::Args& a) { return solveWinningGfx(engine, stop, a); },
        "solve-winning-gfx [COLOR] [SECONDS]: solve-winning as HexGui gfx: the winning moves "
        "tinted, and in the status bar their count, or that there is none, or how far the "
        "solver got when stopped");
    htp.add(
        "inferior-cells", [&engine](const htp::Args& a) { return inferiorCells(engine, a); },
        "inferior-cells [COLOR]: dead (fdb) and captured (fcb, fcw) cells, and COLOR's "
        "vulnerable (iv[killer]) and dominated (id[dominator]) moves, in HexGui's inferior "
        "format");
    htp.add(
        "vc-between", [&engine](const htp::Args& a) { return vcBetween(engine, a); },
        "vc-between COLOR NODE NODE [solver|evaluation]: COLOR's full and semi virtual "
        "connections between two cells or COLOR's edges (north, south, west, east), in "
        "HexGui's vc format; by the solver's H-search limits (default) or the evaluation's "
        "(the vc_* options)");
    // Benzene's names, which HexGui treats as long-running: it locks the board and enables
    // Stop ('# interrupt') while they run, so the analyze lines use them.
    for (const char* name : {"dfpn-solve-state", "dfs-solve-state"})
        htp.add(
            name, [&engine, stop](const htp::Args& a) { return solveState(engine, stop, a); },
            std::string(name) + " [COLOR] [SECONDS]: solve-state under Benzene's name (HexGui's "
                                "Solve button; HexGui locks the board while it runs)");
    for (const char* name : {"dfpn-solver-find-winning", "dfs-solver-find-winning"})
        htp.add(
            name, [&engine, stop](const htp::Args& a) { return solveWinning(engine, stop, a); },
            std::string(name) + " [COLOR] [SECONDS]: solve-winning under Benzene's name "
                                "(HexGui locks the board while it runs)");
    // HexGui recognises a long-running command by its first characters, so this name keeps
    // the board locked and Stop enabled for the display too.
    htp.add(
        "dfpn-solver-find-winning-gfx",
        [&engine, stop](const htp::Args& a) { return solveWinningGfx(engine, stop, a); },
        "dfpn-solver-find-winning-gfx [COLOR] [SECONDS]: solve-winning-gfx under a name HexGui "
        "treats as long-running");
    htp.add("param_dfpn", solverParameters,
            "param_dfpn: Benzene's solver parameters, none in OhmHex (an empty list; setting "
            "one is refused)");
    htp.add(
        "vc-build", [&engine](const htp::Args& a) { return considerSet(engine, a); },
        "vc-build [COLOR]: HexGui's Hint: inferior-cells, then x on every other empty cell "
        "outside COLOR's must-play set");
    htp.addAnalyze("string/Solve State/dfpn-solve-state %m");
    htp.addAnalyze("gfx/Solve Winning Moves/dfpn-solver-find-winning-gfx %m");
    htp.addAnalyze("gfx/Must Play/mustplay-gfx %m");
    htp.addAnalyze("inferior/Inferior Cells/inferior-cells");
    htp.addAnalyze("vc/Show VCs/vc-between %c %P");
}

} // namespace hex
