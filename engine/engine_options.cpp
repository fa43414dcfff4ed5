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
    std::vector<std::string> evaluators;
    for (std::string_view name : eval::evaluatorNames())
        evaluators.emplace_back(name);
    options.declare(O::list("evaluator", evaluators.front(), evaluators,
                            "Static evaluator used by eval and the analyze commands (the first is "
                            "the default)."));
    options.declare(O::list("log_level", "info", {"trace", "debug", "info", "warn", "error", "off"},
                            "Least severe log level written to stderr (and the log file)."));
    options.declare(
        O::text("log_file", "", "Also append the log to this file (empty: stderr only)."));
    options.declare(O::boolean("log_htp", false,
                               "Log every HTP command and reply (the transcript) at info level."));
}

} // namespace hex
