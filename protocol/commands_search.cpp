// The search's commands: bench, and the last search's principal variation and root scores for
// HexGui's analyze window.
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

// "cell score" pairs; bounds from null-window searches read "<=score".
std::string rootScores(const Engine& engine) {
    const Geometry& g = engine.game().geometry();
    std::string text;
    for (const RootMoveScore& s : engine.rootScores())
        text += (text.empty() ? "" : " ") + g.name(s.cell) + " " + (s.exact ? "" : "<=") +
                scoreText(s.score);
    return text;
}

} // namespace

void addSearchCommands(htp::Engine& htp, Engine& engine) {
    htp.add(
        "bench", [&htp](const htp::Args& a) { return bench(htp, a); },
        "bench [DEPTH] [EVALUATOR]: the search's functional signature: fixed positions to a "
        "fixed depth, one line each, then the total node count, time and node rate; '# "
        "interrupt' stops it");
    htp.add(
        "search_pv",
        [&engine](const htp::Args& a) {
            a.expectBetween(0, 1); // HexGui appends the colour to move
            if (a.size() == 1)
                (void)a.color(0);
            return cellList(engine.game().geometry(), engine.principalVariation());
        },
        "search_pv [COLOR]: the last search's principal variation from the current position");
    htp.add(
        "search_scores",
        [&engine](const htp::Args& a) {
            a.expectBetween(0, 1);
            if (a.size() == 1)
                (void)a.color(0);
            return rootScores(engine);
        },
        "search_scores [COLOR]: the last search's score of each root move (side to move's "
        "view; <= marks an upper bound)");
    htp.addAnalyze("var/Search PV/search_pv %m");
    htp.addAnalyze("pspairs/Search Scores/search_scores %m");
    htp.addAnalyze("string/Bench/bench");
}

} // namespace hex
