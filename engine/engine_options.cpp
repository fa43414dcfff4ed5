#include "engine/engine.h"

namespace hex {

// The one table of engine options. Each subsystem reads its options by name through the typed
// getters of Options; nothing else declares one.
void declareEngineOptions(Options& options) {
    using Type = Options::Type;
    options.declare({"allow_swap", Type::Bool, "0", 0, 0, {},
                     "May genmove answer swap-pieces when exactly one opponent stone is on the "
                     "board (the swap rule is in force)."});
    options.declare({"swap_style", Type::List, "pieces", 0, 0, {"pieces", "sides"},
                     "What a generated swap-pieces means: pieces = mirror and recolour the stone "
                     "(HexGui 0.10), sides = keep the board and move again (HexGui 0.9, Benzene)."});
    options.declare({"log_level", Type::List, "info", 0, 0,
                     {"trace", "debug", "info", "warn", "error", "off"},
                     "Least severe log level written to stderr (and the log file)."});
    options.declare({"log_file", Type::String, "", 0, 0, {},
                     "Also append the log to this file (empty: stderr only)."});
    options.declare({"log_htp", Type::Bool, "0", 0, 0, {},
                     "Log every HTP command and reply (the transcript) at info level."});
}

} // namespace hex
