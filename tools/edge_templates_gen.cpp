// Generates data/patterns/edge-templates.txt, the edge templates of connections/edge_templates.h,
// by exact search, two ways:
// * --rows R: a cell R rows from the south edge of an empty board, alone or with one or two own
//   helper stones near it; EdgeWindows decides whether the opponent, moving first with every
//   cell outside the window, can keep it from the edge, and the exact local game of
//   edgeTemplateHolds makes each connection found minimal (every helper and every carrier cell
//   is needed: giving any one to the opponent breaks it). Small carriers, up to --max-cells.
// * --solver-rows R: the same candidates in a wider window (the cell's row down to the edge,
//   --margin columns either side of the cone below the cell), each decided by the project's
//   solver on the template's game of Hex (solver/edge_template_game.h), which proves carriers
//   of thirty cells and more in a fraction of a second; its proof set, shrunk cell by cell in
//   four orders (minimal carriers are not unique), gives up to four templates per candidate.
// Both ways run on the open edge and then beside each side of the board (--sides): a cell S
// columns from the board's west or east side, the cells beyond it the opponent's. Minimal
// carriers are not unique, and on the open edge the ones found may lean on cells west or east
// of the cell that a board's side takes away, while the one-sided carrier that would do there is
// never tried; the connections a side forces are valid anywhere (a cell off the board is no
// better for the owner than an opponent stone), so they join the file like the others.
// A connection is kept only if the solver's H-search does not find it by itself, and written
// once up to the mirror image (placeEdgeTemplates adds that) and once up to templates that
// cover it.
//
// usage: edge_templates_gen [--rows R]... [--solver-rows R]... [--helpers N]
//            [--solver-helpers N] [--sides S] [--max-cells N] [--margin M] [--reach K]
//            [--progress] > data/patterns/edge-templates.txt
//   Defaults are the shipped file's command: --rows 3 --rows 4 --solver-rows 5 --helpers 2
//   --solver-helpers 2 --sides 4. --sides S: also beside the board's west and east sides, the
//   cell 0 to S - 1 columns from them (0: the open edge only).
//   --helpers / --solver-helpers: at most this many helper stones;
//   --max-cells: EdgeWindows candidates with more cells (the cell, its helpers and its carrier)
//   are left out (default 26); --margin: the window's margin along the edge (default 3);
//   --reach: EdgeWindows' helpers stand at most ROWS + K columns from the cell (default 1);
//   --progress: a line on stderr every hundred solver configurations (a sixth row takes
//   minutes a configuration).
//   The defaults take about two minutes. The templates' solver leaves the built-in templates
//   out (edgeTemplateGameParams), so the output does not depend on the file the build embeds.
#include "connections/connections.h"
#include "connections/edge_templates.h"
#include "connections/edge_windows.h"
#include "core/board.h"
#include "solver/edge_template_game.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hex {
namespace {

constexpr int kWidth = 17;
constexpr int kHeight = 8;
constexpr int kColumn = 8; // the template's cell
// Larger candidates are left out (--max-cells): the exact local game grows as three to the
// power of its cells.
std::size_t maxExactCells = 26;

// A side of the board beside a template's cell: the board's last column is `columns` columns
// west (or east) of the cell. The board's two sides are not mirror images of each other along an
// edge (one ends in an obtuse corner, the other in an acute one), so both are generated.
struct Side {
    bool east = false;
    int columns = 0;
    // Whether a cell `along` columns east of the template's cell is on the board.
    bool keeps(int along) const { return east ? along <= columns : along >= -columns; }
};

struct Generator {
    int rows;
    int reach = 1; // helpers stand at most rows + reach columns from the cell
    // With a side, the board ends beside the cell (the cells beyond are the opponent's), so only
    // connections that keep inside it are found (see --sides).
    std::optional<Side> side;
    EdgeWindows windows;
    Board blank{kWidth, kHeight};
    const Geometry& geometry = blank.geometry();

    Generator(int r, int margin)
        : rows(r), windows(EdgeWindows::Limits{r - 1, margin, 40, 400000}) {}

    Cell origin() const { return geometry.cell(kColumn, kHeight - rows); }
    TemplateOffset offsetOf(Cell c) const {
        return {geometry.x(c) - kColumn, (kHeight - geometry.y(c)) - rows};
    }

    std::optional<CellSet> prove(const Board& board) {
        return windows.prove(board, origin(), geometry.south());
    }

    // Cells a helper may stand on: the template's rows, near the cell.
    std::vector<Cell> helperCells() const {
        std::vector<Cell> cells;
        for (Cell c = 0; c < geometry.cellCount(); ++c) {
            const int r = kHeight - geometry.y(c);
            if (c != origin() && r <= rows && std::abs(geometry.x(c) - kColumn) <= rows + reach &&
                onSide(c))
                cells.push_back(c);
        }
        return cells;
    }

    // Whether a cell is on the board's side of the side, if there is one.
    bool onSide(Cell c) const { return !side || side->keeps(geometry.x(c) - kColumn); }

    // The placement of a candidate: the cell, the helpers and the carrier on the south edge.
    EdgePlacement placement(const std::vector<Cell>& helpers, const CellSet& carrier) const {
        EdgePlacement p;
        p.cell = origin();
        p.edge = geometry.south();
        for (Cell h : helpers)
            p.stones.set(h);
        p.carrier = carrier;
        return p;
    }

    // The template of `helpers`, if the cell joins the edge with them and needs every one.
    // EdgeWindows finds a carrier (its search may give up on a large window, so it only
    // proposes); the exact local game (edgeTemplateHolds) then decides every step.
    std::optional<EdgeTemplate> templateFor(const std::vector<Cell>& helpers) {
        Board board(kWidth, kHeight);
        board.play(origin(), Color::Black);
        for (Cell h : helpers)
            board.play(h, Color::Black);
        for (Cell c = 0; c < geometry.cellCount(); ++c)
            if (!onSide(c))
                board.play(c, Color::White);
        std::optional<CellSet> proposed = prove(board);
        if (!proposed || proposed->none()) // no connection, or the stones touch the edge already
            return std::nullopt;
        // First shrink the proposal with EdgeWindows (fast; where its search gives up a cell
        // just stays), the cells farthest from the edge first.
        std::vector<Cell> cells = proposed->cells();
        std::sort(cells.begin(), cells.end(),
                  [&](Cell a, Cell b) { return geometry.y(a) < geometry.y(b); });
        for (Cell c : cells) {
            board.play(c, Color::White);
            if (!prove(board))
                board.undo();
        }
        proposed = prove(board);
        if (!proposed || proposed->count() + helpers.size() + 1 > maxExactCells ||
            !edgeTemplateHolds(geometry, placement(helpers, *proposed)))
            return std::nullopt;
        // A helper that may be lost belongs to a template with fewer helpers.
        for (std::size_t i = 0; i < helpers.size(); ++i) {
            std::vector<Cell> fewer = helpers;
            fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
            if (edgeTemplateHolds(geometry, placement(fewer, *proposed)))
                return std::nullopt;
        }
        // Then drop, by the exact game, every carrier cell the opponent may take.
        CellSet carrier = *proposed;
        for (Cell c : proposed->cells()) {
            CellSet less = carrier;
            less.reset(c);
            if (edgeTemplateHolds(geometry, placement(helpers, less)))
                carrier = less;
        }
        EdgeTemplate t;
        t.rows = rows;
        for (Cell h : helpers)
            t.stones.push_back(offsetOf(h));
        for (Cell c : carrier.cells())
            t.carrier.push_back(offsetOf(c));
        std::sort(t.stones.begin(), t.stones.end());
        std::sort(t.carrier.begin(), t.carrier.end());
        return t;
    }

    // Whether the solver's H-search alone finds the template's connection: the board holds the
    // cell, the helpers and the carrier, the opponent everything else.
    bool hSearchFinds(const EdgeTemplate& t) {
        Board board(kWidth, kHeight);
        std::set<Cell> keep{origin()};
        const auto at = [&](TemplateOffset o) {
            return geometry.cell(kColumn + o.along, kHeight - (rows + o.rows));
        };
        for (TemplateOffset o : t.stones)
            keep.insert(at(o));
        for (TemplateOffset o : t.carrier)
            keep.insert(at(o));
        board.play(origin(), Color::Black);
        for (TemplateOffset o : t.stones)
            board.play(at(o), Color::Black);
        for (Cell c = 0; c < geometry.cellCount(); ++c)
            if (!keep.contains(c))
                board.play(c, Color::White);
        Connections connections;
        connections.build(board, Color::Black);
        return !connections.fulls(origin(), geometry.south()).empty();
    }
};

// The --solver-rows way: candidates in a wider window, decided by the solver on each
// template's game of Hex.
struct SolverGenerator {
    int rows;
    std::vector<TemplateOffset> window; // the cell's row down to the edge's
    Solver solver{edgeTemplateGameParams()};

    // With a side, the window ends beside the cell (see Generator::side).
    SolverGenerator(int r, int margin, std::optional<Side> side) : rows(r) {
        // The cone below the cell widened by `margin` each side: a row nearer the edge reaches
        // one column further west ((x, y) touches (x - 1, y + 1) and (x, y + 1)).
        for (int down = 0; down < rows; ++down)
            for (int along = -down - margin; along <= margin; ++along)
                if ((down > 0 || along != 0) && (!side || side->keeps(along)))
                    window.push_back({along, -down});
    }

    std::optional<EdgeTemplateProof> solve(const EdgeTemplate& t) {
        const EdgeTemplateGame game(t);
        return solveEdgeTemplate(solver, game, kMaxSolverNodes);
    }
    bool holds(const EdgeTemplate& t) {
        const auto proof = solve(t);
        return proof && proof->holds;
    }

    // Up to four minimal templates of `helpers`: the proof's carrier, shrunk by giving the
    // opponent each cell it may take, in four orders; each must need every helper (with the
    // same carrier), or a template with fewer helpers covers it.
    std::vector<EdgeTemplate> templatesFor(const std::vector<TemplateOffset>& helpers) {
        EdgeTemplate whole{rows, helpers, {}};
        for (TemplateOffset o : window)
            if (std::find(helpers.begin(), helpers.end(), o) == helpers.end())
                whole.carrier.push_back(o);
        const EdgeTemplateGame game(whole);
        const auto proof = solveEdgeTemplate(solver, game, kMaxSolverNodes);
        if (!proof || !proof->holds || proof->needed.none())
            return {};
        EdgeTemplate needed{rows, helpers, {}};
        for (TemplateOffset o : whole.carrier)
            if (proof->needed.test(game.at(o)))
                needed.carrier.push_back(o);
        const std::vector<std::function<bool(TemplateOffset, TemplateOffset)>> orders{
            [](TemplateOffset a, TemplateOffset b) { return a.rows > b.rows; },
            [](TemplateOffset a, TemplateOffset b) { return a.rows < b.rows; },
            [](TemplateOffset a, TemplateOffset b) { return a.along < b.along; },
            [](TemplateOffset a, TemplateOffset b) { return a.along > b.along; },
        };
        std::vector<EdgeTemplate> out;
        for (const auto& order : orders) {
            EdgeTemplate t = needed;
            std::vector<TemplateOffset> cells = t.carrier;
            std::stable_sort(cells.begin(), cells.end(), order);
            for (TemplateOffset c : cells) {
                EdgeTemplate less = t;
                std::erase(less.carrier, c);
                if (holds(less))
                    t = less;
            }
            if (needsEveryHelper(t) && std::find(out.begin(), out.end(), t) == out.end())
                out.push_back(t);
        }
        return out;
    }

    bool needsEveryHelper(const EdgeTemplate& t) {
        for (std::size_t i = 0; i < t.stones.size(); ++i) {
            EdgeTemplate fewer = t;
            fewer.stones.erase(fewer.stones.begin() + static_cast<std::ptrdiff_t>(i));
            if (holds(fewer)) // the helper's cell is the opponent's in the game
                return false;
        }
        return true;
    }

    // Helper cells: anywhere in the window.
    std::vector<TemplateOffset> helperCells() const { return window; }

    // A local game bigger than this is left out rather than holding the generator up.
    static constexpr std::uint64_t kMaxSolverNodes = 2'000'000;
};

// t is redundant beside u when u matches wherever t does and its carrier is no larger there.
bool covers(const EdgeTemplate& u, const EdgeTemplate& t) {
    if (u.rows != t.rows || &u == &t)
        return false;
    const auto has = [](const std::vector<TemplateOffset>& list, TemplateOffset o) {
        return std::find(list.begin(), list.end(), o) != list.end();
    };
    for (TemplateOffset o : u.stones)
        if (!has(t.stones, o))
            return false;
    for (TemplateOffset o : u.carrier)
        if (!has(t.carrier, o) && !has(t.stones, o))
            return false;
    return u != t;
}

// Every choice of at most `most` helpers among `cells`, in increasing index order: none first,
// then each choice followed by its extensions by later cells.
template <typename T>
std::vector<std::vector<T>> helperChoices(const std::vector<T>& cells, int most) {
    std::vector<std::vector<T>> choices;
    std::vector<T> chosen;
    const std::function<void(std::size_t)> extend = [&](std::size_t from) {
        choices.push_back(chosen);
        if (static_cast<int>(chosen.size()) == most)
            return;
        for (std::size_t i = from; i < cells.size(); ++i) {
            chosen.push_back(cells[i]);
            extend(i + 1);
            chosen.pop_back();
        }
    };
    extend(0);
    return choices;
}

std::string sideName(const std::optional<Side>& side) {
    if (!side)
        return {};
    return std::string(side->east ? ", east side " : ", west side ") +
           std::to_string(side->columns);
}

// The --rows way for one row and side: every helper choice, decided by EdgeWindows and the
// exact local game; what the H-search does not find alone goes to `found`.
void generateByWindows(int rows, int margin, int reach, int maxHelpers,
                       const std::optional<Side>& side, std::vector<EdgeTemplate>& found) {
    Generator gen(rows, margin);
    gen.reach = reach;
    gen.side = side;
    const auto configs = helperChoices(gen.helperCells(), maxHelpers);
    int connected = 0;
    for (const auto& config : configs) {
        const auto t = gen.templateFor(config);
        if (!t)
            continue;
        ++connected;
        if (!gen.hSearchFinds(*t))
            found.push_back(*t);
    }
    std::fprintf(stderr, "rows %d%s: %zu configurations, %d minimal connections\n", rows,
                 sideName(side).c_str(), configs.size(), connected);
}

// The --solver-rows way for one row and side.
void generateBySolver(int rows, int margin, int maxHelpers, const std::optional<Side>& side,
                      bool progress, std::vector<EdgeTemplate>& found) {
    SolverGenerator gen(rows, margin, side);
    // A side beyond the window's reach leaves the open edge's window, and so its templates.
    if (side && gen.window.size() == SolverGenerator(rows, margin, std::nullopt).window.size()) {
        std::fprintf(stderr, "solver rows %d%s: the open edge's window, skipped\n", rows,
                     sideName(side).c_str());
        return;
    }
    Generator check(rows, margin);
    const auto configs = helperChoices(gen.helperCells(), maxHelpers);
    int connected = 0;
    const auto start = std::chrono::steady_clock::now();
    const auto seconds = [start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const std::vector<EdgeTemplate> templates = gen.templatesFor(configs[i]);
        connected += templates.empty() ? 0 : 1;
        for (const EdgeTemplate& t : templates)
            if (!check.hSearchFinds(t))
                found.push_back(t);
        if (progress && (i + 1) % 100 == 0)
            std::fprintf(stderr,
                         "solver rows %d%s: %zu of %zu configurations, %d connected, %.0f s\n",
                         rows, sideName(side).c_str(), i + 1, configs.size(), connected, seconds());
    }
    std::fprintf(stderr, "solver rows %d%s: %zu configurations, %d connected\n", rows,
                 sideName(side).c_str(), configs.size(), connected);
}

} // namespace
} // namespace hex

int main(int argc, char** argv) {
    using namespace hex;
    std::vector<int> rowsList;
    std::vector<int> solverRowsList;
    bool rowsGiven = false;
    int maxHelpers = 2;
    int maxSolverHelpers = 2;
    int margin = 3;
    int reach = 1;
    int sides = 4;
    bool progress = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--rows" || a == "--solver-rows") && i + 1 < argc) {
            (a == "--rows" ? rowsList : solverRowsList).push_back(std::atoi(argv[++i]));
            rowsGiven = true;
        } else if (a == "--helpers" && i + 1 < argc)
            maxHelpers = std::atoi(argv[++i]);
        else if (a == "--solver-helpers" && i + 1 < argc)
            maxSolverHelpers = std::atoi(argv[++i]);
        else if (a == "--margin" && i + 1 < argc)
            margin = std::atoi(argv[++i]);
        else if (a == "--reach" && i + 1 < argc)
            reach = std::atoi(argv[++i]);
        else if (a == "--sides" && i + 1 < argc)
            sides = std::atoi(argv[++i]);
        else if (a == "--progress")
            progress = true;
        else if (a == "--max-cells" && i + 1 < argc)
            maxExactCells = static_cast<std::size_t>(std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "edge_templates_gen: unknown argument '%s'\n", a.c_str());
            return 2;
        }
    }
    if (!rowsGiven) {
        rowsList = {3, 4};
        solverRowsList = {5};
    }
    std::vector<EdgeTemplate> found;
    // The open board first, then each side distance.
    std::vector<std::optional<Side>> sideList{std::nullopt};
    for (int s = 0; s < sides; ++s)
        for (bool east : {false, true})
            sideList.push_back(Side{east, s});
    for (const std::optional<Side>& side : sideList) {
        for (int rows : rowsList)
            generateByWindows(rows, margin, reach, maxHelpers, side, found);
        for (int rows : solverRowsList)
            generateBySolver(rows, margin, maxSolverHelpers, side, progress, found);
    }
    // One of each mirror pair, and none that another covers.
    std::vector<EdgeTemplate> kept;
    for (const EdgeTemplate& t : found) {
        bool redundant = false;
        for (const EdgeTemplate& u : found)
            redundant = redundant || covers(u, t);
        if (!redundant)
            kept.push_back(t);
    }
    std::string command = "edge_templates_gen"; // what made the file: --progress does not count
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) != "--progress")
            command += std::string(" ") + argv[i];
    std::printf("# OhmHex edge templates (connections/edge_templates.h), made by\n"
                "# tools/edge_templates_gen.cpp: %s\n"
                "# One a line: ROWS stones ALONG,ROWS... carrier ALONG,ROWS... (offsets from the\n"
                "# cell in the south edge's coordinates; each template stands for its mirror image "
                "too).\n",
                command.c_str());
    std::set<std::string> written;
    for (const EdgeTemplate& t : kept) {
        if (written.contains(formatEdgeTemplate(mirroredEdgeTemplate(t))))
            continue;
        if (written.insert(formatEdgeTemplate(t)).second)
            std::printf("%s\n", formatEdgeTemplate(t).c_str());
    }
    std::fprintf(stderr, "%zu templates written\n", written.size());
    return 0;
}
