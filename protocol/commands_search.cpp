// The search's commands: bench, and the principal variation and root scores of the current
// position for HexGui's analyze window.
#include "engine/search_display.h"
#include "protocol/commands.h"
#include "search/bench.h"

#include <sstream>
#include <string>
#include <vector>

namespace hex {

namespace {

std::string bench(const htp::Engine& htp, const htp::Args& a) {
    a.expectBetween(0, 2);
    std::vector<std::string> words;
    for (std::size_t i = 0; i < a.size(); ++i)
        words.push_back(a.word(i));
    std::string error;
    const std::optional<BenchSettings> settings = parseBenchArguments(words, error);
    if (!settings)
        throw htp::Failure(error);
    std::ostringstream out;
    runBench(*settings, out, htp.interruptCheck());
    std::string text = out.str();
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

// The colour the display is for: HexGui appends the colour to move; default the game's.
Color displayColor(const Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    return a.size() == 1 ? a.color(0) : engine.game().toMove();
}

// HexGui pspairs: "cell label" for each root move (engine/search_display.h).
std::string rootScores(Engine& engine, const StopFn& stop, const htp::Args& a) {
    const Geometry& g = engine.game().geometry();
    std::string text;
    for (const RootMoveScore& s : engine.rootScores(displayColor(engine, a), stop))
        appendCellLabel(text, g, s.cell, scoreLabel(s));
    return text;
}

} // namespace

void addSearchCommands(htp::Engine& htp, Engine& engine) {
    htp.add(
        "bench", [&htp](const htp::Args& a) { return bench(htp, a); },
        "bench [DEPTH] [EVALUATOR]: the search's functional signature: fixed positions to a "
        "fixed depth, one line each, then the total node count, time and node rate; '# "
        "interrupt' stops it");
    const StopFn stop = htp.interruptCheck();
    htp.add(
        "search_pv",
        [&engine, stop](const htp::Args& a) {
            return cellList(engine.game().geometry(),
                            engine.principalVariation(displayColor(engine, a), stop));
        },
        "search_pv [COLOR]: the principal variation of the current position with COLOR "
        "(default: the side to move) to move: the last genmove's search of this position, else "
        "a short search's");
    htp.add(
        "search_scores",
        [&engine, stop](const htp::Args& a) { return rootScores(engine, stop, a); },
        "search_scores [COLOR]: each move's search score in the current position with COLOR "
        "(default: the side to move) to move, from COLOR's view: W3/L3 a proven win/loss in 3 "
        "plies, 12k = 12000, <x at most x; the last genmove's search of this position, else a "
        "short search's");
    htp.addAnalyze("var/Search PV/search_pv %m");
    htp.addAnalyze("pspairs/Search Scores/search_scores %m");
    htp.addAnalyze("string/Bench/bench");
}

} // namespace hex
