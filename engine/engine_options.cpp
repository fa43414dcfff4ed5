#include "engine/engine.h"
#include "eval/evaluator.h"

namespace hex {

// The one table of engine options. Each subsystem reads its options by name through the typed
// getters of Options; nothing else declares one.
void declareEngineOptions(Options& options) {
    using O = Options;
    options.declare(O::boolean("allow_swap", false,
                               "May genmove answer swap-pieces when exactly one opponent stone is "
                               "on the board (the swap rule is in force)."));
    options.declare(O::list("swap_style", "pieces", {"pieces", "sides"},
                            "What a generated swap-pieces means: pieces = mirror and recolour the "
                            "stone (HexGui 0.10), sides = keep the board and move again (HexGui "
                            "0.9, Benzene)."));
    options.declare(O::list("player", "search", {"search", "onestep"},
                            "Move generation: search = iterative-deepening alpha-beta under the "
                            "clock; onestep = the instantaneous one-ply player."));
    options.declare(O::list("swap_decision", "table", {"table", "search", "heuristic"},
                            "How genmove decides a swap: table = the proven openings up to 6x6, "
                            "beyond them the heuristic; search = the proven openings, beyond them "
                            "a search (swap when it scores the position below 0); heuristic = "
                            "swap any stone off the border."));
    std::vector<std::string> evaluators;
    for (std::string_view name : eval::evaluatorNames())
        evaluators.emplace_back(name);
    options.declare(O::list("evaluator", evaluators.front(), evaluators,
                            "Static evaluator of the search (the first is the default)."));
    options.declare(O::real("max_time", 5, 0, 1e6,
                            "Seconds per move at most (0: no per-move limit; time_left still "
                            "applies)."));
    options.declare(O::integer("max_depth", 64, 1, 64, "Deepest search iteration in plies."));
    options.declare(O::integer("max_nodes", 0, 0, 1'000'000'000'000,
                               "Nodes per search at most (0: unlimited); deterministic."));
    options.declare(O::integer("tt_mb", 64, 1, 65536, "Transposition table size in MB."));
    options.declare(O::integer("width", 15, 1, 361,
                               "Moves searched per node below the root, best first by the "
                               "evaluator (the root searches all)."));
    options.declare(O::list("log_level", "info", {"trace", "debug", "info", "warn", "error", "off"},
                            "Least severe log level written to stderr (and the log file)."));
    options.declare(
        O::text("log_file", "", "Also append the log to this file (empty: stderr only)."));
    options.declare(O::boolean("log_htp", false,
                               "Log every HTP command and reply (the transcript) at info level."));
}

} // namespace hex
