#include "engine/player_settings.h"
#include "eval/evaluator.h"
#include "eval/win_chance.h"
#include "protocol/commands.h"

#include <algorithm>
#include <cstdio>

namespace hex {

namespace {

std::string knownEvaluators() {
    std::string names;
    for (std::string_view name : eval::evaluatorNames())
        names += (names.empty() ? "" : " ") + std::string(name);
    return names;
}

// The evaluator a command names, or the `evaluator` option.
std::string evaluatorName(const Engine& engine, const htp::Args& a) {
    return a.size() == 1 ? a.word(0) : engine.options().getString("evaluator");
}

// The named evaluator (default: the `evaluator` option) on the current position, from the
// side to move's view.
CellValues evaluate(Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    const std::string name = evaluatorName(engine, a);
    std::optional<CellValues> values = engine.evaluate(name);
    if (!values) {
        const auto known = eval::evaluatorNames();
        if (std::find(known.begin(), known.end(), name) != known.end())
            throw htp::Failure(engine.whyNoEvaluator(name)); // e.g. network without a net
        throw htp::Failure("unknown evaluator " + htp::quoted(name) +
                           "; known: " + knownEvaluators());
    }
    return std::move(*values);
}

std::string twoDecimals(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

// The empty cells' values scaled from the smallest (0) to the largest (1) of them, so that a
// heat map spans the whole range however close the values are; all equal: every cell 0.5.
std::vector<std::pair<Cell, double>> scaledCells(const Board& board, const CellValues& values) {
    const std::vector<Cell> empty = board.emptyCells();
    auto valueOf = [&values](Cell c) { return values.cells[static_cast<std::size_t>(c)]; };
    const auto [lowest, highest] = std::minmax_element(
        empty.begin(), empty.end(), [&](Cell a, Cell b) { return valueOf(a) < valueOf(b); });
    std::vector<std::pair<Cell, double>> scaled;
    if (empty.empty())
        return scaled;
    const int low = valueOf(*lowest);
    const int range = valueOf(*highest) - low;
    for (Cell c : empty)
        scaled.emplace_back(c, range == 0 ? 0.5 : (valueOf(c) - low) / double(range));
    return scaled;
}

std::string cellPairs(Engine& engine, const htp::Args& a) {
    const Board& board = engine.game().board();
    const CellValues values = evaluate(engine, a);
    std::string text;
    for (Cell c : board.emptyCells()) {
        if (!text.empty())
            text += '\n';
        text += board.geometry().name(c) + " " +
                std::to_string(values.cells[static_cast<std::size_t>(c)]);
    }
    return text;
}

// HexGui pspairs: each empty cell labelled with its scaled value, 0..1.
std::string pspairs(Engine& engine, const htp::Args& a) {
    const Board& board = engine.game().board();
    std::string text;
    for (const auto& [cell, share] : scaledCells(board, evaluate(engine, a)))
        appendCellLabel(text, board.geometry(), cell, twoDecimals(share));
    return text;
}

// The side to move's winning chance as a percentage, "63.4%".
std::string chancePercent(const Engine& engine, std::string_view evaluator, Score value) {
    const eval::EvaluatorConfig config = evaluatorConfig(engine.options(), engine.network());
    const std::optional<double> chance =
        eval::winChance(eval::chanceCalibration(evaluator, config, engine.game().board()), value);
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f%%", 100.0 * chance.value_or(0.5));
    return percent;
}

// "white 63.4%": the side to move and its chance.
std::string winChance(Engine& engine, const htp::Args& a) {
    const CellValues values = evaluate(engine, a);
    return std::string(colorName(engine.game().toMove())) + " " +
           chancePercent(engine, evaluatorName(engine, a), values.value);
}

// HexGui gfx: INFLUENCE tints each empty cell by its scaled value; TEXT shows the position value
// and the winning chance it means.
std::string influence(Engine& engine, const htp::Args& a) {
    const Board& board = engine.game().board();
    const CellValues values = evaluate(engine, a);
    std::string text = "INFLUENCE";
    for (const auto& [cell, share] : scaledCells(board, values))
        text += " " + board.geometry().name(cell) + " " + twoDecimals(share);
    return text + " TEXT " + std::string(colorName(engine.game().toMove())) + " " +
           std::to_string(values.value) + " (" +
           chancePercent(engine, evaluatorName(engine, a), values.value) + " to win)";
}

} // namespace

void addEvalCommands(htp::Engine& htp, Engine& engine) {
    htp.add(
        "eval", [&engine](const htp::Args& a) { return std::to_string(evaluate(engine, a).value); },
        "eval [EVALUATOR]: the static value for the side to move (integer, larger is better; "
        "default evaluator: the evaluator option)");
    htp.add(
        "eval-chance", [&engine](const htp::Args& a) { return winChance(engine, a); },
        "eval-chance [EVALUATOR]: the side to move's winning chance estimated from the "
        "evaluator's value, e.g. 'white 63.4%' (calibrated on OhmHex's self-play games; a "
        "finished game 0% or 100%)");
    htp.add(
        "eval-cells", [&engine](const htp::Args& a) { return cellPairs(engine, a); },
        "eval-cells [EVALUATOR]: 'cell value' for every empty cell, one per line (larger is "
        "a more important move)");
    htp.add(
        "eval-pspairs", [&engine](const htp::Args& a) { return pspairs(engine, a); },
        "eval-pspairs [EVALUATOR]: HexGui pspairs, every empty cell with its value scaled from "
        "the smallest (0) to the largest (1)");
    htp.add(
        "eval-gfx", [&engine](const htp::Args& a) { return influence(engine, a); },
        "eval-gfx [EVALUATOR]: HexGui gfx INFLUENCE of the cell values scaled from the smallest "
        "(0) to the largest (1), with the position value as TEXT");
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        htp.addAnalyze("string/Eval " + name + "/eval " + name);
        htp.addAnalyze("string/Winning chance " + name + "/eval-chance " + name);
        htp.addAnalyze("pspairs/Cell values " + name + "/eval-pspairs " + name);
        htp.addAnalyze("gfx/Influence " + name + "/eval-gfx " + name);
    }
}

} // namespace hex
