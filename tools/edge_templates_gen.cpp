// Generates data/patterns/edge-templates.txt, the edge templates of connections/edge_templates.h,
// by exact search: for a cell ROWS rows from the south edge of an empty board, alone or with one
// or two own helper stones near it, EdgeWindows decides whether the opponent, moving first with
// every cell outside the window, can keep it from the edge. Each connection found is made
// minimal by the exact local game of edgeTemplateHolds (every helper and every carrier cell is
// needed: giving any one to the opponent breaks it), kept only if the solver's H-search does not
// find it by itself, and written once up to the mirror image (placeEdgeTemplates adds that).
//
// usage: edge_templates_gen [--rows R]... [--helpers N] [--max-cells N] [--margin M] [--reach K]
//            > data/patterns/edge-templates.txt
//   --rows: the cell's rows from the edge (default 3 and 4, the shipped file's); --helpers: at
//   most this many helper stones (default 2); --max-cells: candidates with more cells (the
//   cell, its helpers and its carrier) are left out (default 26); --margin: EdgeWindows' margin
//   along the edge (default 3); --reach: helpers stand at most ROWS + K columns from the cell
//   (default 1). The defaults take 10 s; five rows about four minutes.
#include "connections/connections.h"
#include "connections/edge_templates.h"
#include "connections/edge_windows.h"
#include "core/board.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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

struct Generator {
    int rows;
    int reach = 1; // helpers stand at most rows + reach columns from the cell
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
            if (c != origin() && r <= rows && std::abs(geometry.x(c) - kColumn) <= rows + reach)
                cells.push_back(c);
        }
        return cells;
    }

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

} // namespace
} // namespace hex

int main(int argc, char** argv) {
    using namespace hex;
    std::vector<int> rowsList;
    int maxHelpers = -1;
    int margin = 3;
    int reach = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rows" && i + 1 < argc)
            rowsList.push_back(std::atoi(argv[++i]));
        else if (a == "--helpers" && i + 1 < argc)
            maxHelpers = std::atoi(argv[++i]);
        else if (a == "--margin" && i + 1 < argc)
            margin = std::atoi(argv[++i]);
        else if (a == "--reach" && i + 1 < argc)
            reach = std::atoi(argv[++i]);
        else if (a == "--max-cells" && i + 1 < argc)
            maxExactCells = static_cast<std::size_t>(std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "edge_templates_gen: unknown argument '%s'\n", a.c_str());
            return 2;
        }
    }
    if (rowsList.empty())
        rowsList = {3, 4};
    std::vector<EdgeTemplate> found;
    for (int rows : rowsList) {
        Generator gen(rows, margin);
        gen.reach = reach;
        const int helpers = maxHelpers >= 0 ? maxHelpers : 2;
        const std::vector<Cell> cells = gen.helperCells();
        std::vector<std::vector<Cell>> configs{{}};
        for (std::size_t i = 0; i < cells.size() && helpers >= 1; ++i) {
            configs.push_back({cells[i]});
            for (std::size_t j = i + 1; j < cells.size() && helpers >= 2; ++j)
                configs.push_back({cells[i], cells[j]});
        }
        int connected = 0;
        for (const auto& config : configs) {
            const auto t = gen.templateFor(config);
            if (!t)
                continue;
            ++connected;
            if (!gen.hSearchFinds(*t))
                found.push_back(*t);
        }
        std::fprintf(stderr, "rows %d: %zu configurations, %d minimal connections\n", rows,
                     configs.size(), connected);
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
    std::string command = "edge_templates_gen";
    for (int i = 1; i < argc; ++i)
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
