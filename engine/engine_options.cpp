#include "engine/engine.h"
#include "eval/evaluator.h"
#include "search/search_types.h"

namespace hex {

namespace {

// The registry's names as the values of a list option.
std::vector<std::string> strings(const std::vector<std::string_view>& names) {
    return {names.begin(), names.end()};
}

} // namespace

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
    const std::vector<std::string> evaluators = strings(eval::evaluatorNames());
    options.declare(O::list("evaluator", std::string(eval::defaultEvaluatorName()), evaluators,
                            "Static evaluator of the search. network (the default) = the "
                            "resistance circuit corrected by the net of network_file on boards "
                            "up to network_mix_max_size, see network_value; resistance = the "
                            "circuit alone."));
    const std::vector<std::string> linkSources = strings(eval::resistanceLinkNames());
    options.declare(O::list("resistance_links", linkSources.front(), linkSources,
                            "Virtual connections the resistance evaluator adds to its circuits: "
                            "vc = every full virtual connection an H-search finds, between "
                            "groups, edges and empty cells (two H-searches per evaluation); "
                            "bridges = bridges from own stones and edge template II (found "
                            "directly on the board, no H-search: about a hundred times faster, "
                            "much weaker); templates = the same plus edge template IIIa (the "
                            "ziggurat); off = none."));
    const eval::VcConductances vc;
    options.declare(O::real("vc_own_to_own", vc.ownToOwn, 0, 1024,
                            "resistance_links vc: conductance of a link between two own groups "
                            "(stones or an edge) that a full connection joins, before the division "
                            "by the carrier (0: no such link, as in Wolve)."));
    const std::vector<std::string> divisors = strings(eval::carrierDivisorNames());
    options.declare(O::list("vc_carrier_divisor", divisors[static_cast<std::size_t>(vc.divisor)],
                            divisors,
                            "resistance_links vc: what a link's conductance is divided by, with k "
                            "the cells every carrier of its connection needs: pow2 = the power of "
                            "two at or above k + 1, linear = k + 1 (as in Wolve)."));
    // At most the solver's limits, which the root's H-search uses on every board: an evaluation's
    // H-search cannot be interrupted, and the OR rule's work grows exponentially with its limit.
    const VcLimits limits = eval::kVcEvaluationLimits;
    const VcLimits most;
    options.declare(O::integer("vc_fulls_per_pair", limits.maxFullPerPair, 1, most.maxFullPerPair,
                               "resistance_links vc: full connections the H-search keeps per "
                               "pair of endpoints (more finds more, slower)."));
    options.declare(O::integer("vc_semis_per_pair", limits.maxSemiPerPair, 1, most.maxSemiPerPair,
                               "resistance_links vc: semi connections the H-search keeps per "
                               "pair of endpoints."));
    options.declare(O::integer("vc_or_semis", limits.maxOrSemis, 2, most.maxOrSemis,
                               "resistance_links vc: semi connections one application of the "
                               "OR rule may combine."));
    options.declare(O::boolean("vc_ladders", limits.ladders,
                               "resistance_links vc: the H-search extends connections to an edge "
                               "along second-row ladders (a ladder toward an own stone that "
                               "holds the edge connects)."));
    options.declare(O::boolean("vc_edge_windows", limits.edgeWindows,
                               "resistance_links vc: an own group or an empty cell near an edge "
                               "that the H-search leaves without a full connection to it is "
                               "tried by an exact search in a small window along the edge."));
    options.declare(O::boolean("vc_cover_or", limits.coverOr,
                               "resistance_links vc: the H-search keeps, per pair, the fulls "
                               "that shrink the cells all its fulls need, and its OR rule "
                               "combines any number of semis to find them (vc_or_semis then "
                               "does not apply)."));
    options.declare(O::text("network_file", "",
                            "The learned evaluator's net (an .ohnn file, docs/network.md), loaded "
                            "and checked when set; empty: the net built into ohmhex. A TCP "
                            "client reads it like loadsgf: only inside the server's files "
                            "directory."));
    options.declare(O::boolean("network_rotation", false,
                               "The network evaluator averages each position with its 180-degree "
                               "rotation (exact rotation symmetry; twice the time)."));
    const std::vector<std::string> valueSources = strings(eval::networkValueNames());
    const eval::EvaluatorConfig defaults;
    options.declare(O::list("network_value", defaults.networkValue, valueSources,
                            "What scores positions for the network evaluator: mix = the "
                            "resistance evaluator's score plus network_mix_weight times the "
                            "net's value; network = its value head; resistance = the resistance "
                            "evaluator (with resistance_links), the net then only orders the "
                            "moves and sets the width (its policy)."));
    options.declare(O::real("network_mix_weight", defaults.networkMixWeight, 0.0, 100.0,
                            "network_value mix: the net's value in units of the resistance "
                            "evaluator's score (1: a sure win adds what a resistance ratio of "
                            "e does)."));
    options.declare(O::integer("network_mix_max_size", defaults.networkMixMaxSize, 1,
                               Geometry::kMaxSide,
                               "network_value mix: the net corrects the circuit only on boards "
                               "at most this many cells a side; larger boards get the circuit "
                               "alone (the built-in net learned 9x9 and helped up to 11x11)."));
    const std::vector<std::string> policySources = strings(eval::networkPolicyNames());
    options.declare(O::list("network_policy", defaults.networkPolicy, policySources,
                            "What orders the moves and sets the width for the network "
                            "evaluator: resistance = the resistance evaluator's cell values "
                            "(with resistance_links), the net then only scores positions; "
                            "network = its policy head."));
    options.declare(O::real("max_time", 5, 0, 1e6,
                            "Seconds per move at most (0: no per-move limit; time_left still "
                            "applies)."));
    options.declare(O::integer("max_depth", 64, 1, 64, "Deepest search iteration in plies."));
    options.declare(O::integer("max_nodes", 0, 0, 1'000'000'000'000,
                               "Nodes per search at most (0: unlimited); deterministic."));
    options.declare(O::integer("tt_mb", 64, 1, 65536, "Transposition table size in MB."));
    // 12 and 8 rather than every root move and 15: a ply deeper in the same second (depth 4
    // at one second per move on 11x11), which chose the move MoHex chooses more often and
    // scored better against Wolve (docs/strength.md, "Depth 4 at one second").
    options.declare(O::integer("width", 8, 1, 361,
                               "Moves searched per node below the root, best first by the "
                               "evaluator (the root: root_width)."));
    options.declare(O::integer("root_width", 12, 0, 361,
                               "Moves searched at the root, best first by the previous iteration "
                               "(0: all)."));
    // On: at one second per move a partial depth 5 replaced depth 4's move in one position of
    // ten, more often for the worse (docs/strength.md, "Odd depths, depth 6 and a distilled
    // net").
    options.declare(O::boolean("even_depths", true,
                               "The move comes from the deepest finished even-depth iteration "
                               "(or depth 1, or one stopped early); an odd iteration past the "
                               "first only orders the moves, unless it proves the result."));
    // 2 (with 2 plies): against Wolve at depth 1, OhmHex at depth 4 won 45 against 35 of 66
    // paired games with it (3 moves: 79 against 70 of 122), and it agreed with MoHex in 141
    // positions of 259 against 134; at one second per move 3 moves scored 34 against 24 of 103
    // paired games against the full Wolve (docs/strength.md, "Quiescence at the leaves"). With
    // the quiescent pass after a static one at each deciding depth it scored 37 against 36 of
    // 122 without it at one second per move, where the quiescence at every iteration had
    // scored 33 against 38 ("Two passes per depth").
    options.declare(O::integer("quiescence_moves", 2, 0, 16,
                               "Quiescence at the leaves: the side to move may stand pat or play "
                               "one of this many best cells (0: off). Each deciding depth is "
                               "searched with static leaves first, then with the quiescence."));
    options.declare(O::integer("quiescence_plies", 2, 0, 4,
                               "Plies of the quiescence at the leaves, each side free to stand "
                               "pat (0: off)."));
    const SearchLimits knowledge;
    options.declare(O::integer("root_connections_max_empty", knowledge.rootConnectionsMaxEmpty, 0,
                               361,
                               "H-search at the root when at most this many cells are empty: a "
                               "connection win is played, and only the must-play cells are "
                               "searched (0: never)."));
    options.declare(O::integer("connections_max_empty", knowledge.connectionsMaxEmpty, 0, 361,
                               "H-search at interior nodes with at least two plies to go when at "
                               "most this many cells are empty (0: never)."));
    // Off: against Wolve at 11x11, 1 s per move, 60 of 122 with it and 67 without, and at
    // depth 4 one answer changed in 49 open positions (docs/strength.md, "Must-play at every
    // node, and three quiescence moves").
    options.declare(O::boolean("node_connections", knowledge.evaluatorConnections,
                               "Interior and quiescence nodes use the evaluator's own virtual "
                               "connections (the vc links'): a connection win or loss decides "
                               "the node, and only its must-play cells are searched."));
    options.declare(O::boolean("root_inferior", knowledge.pruneInferiorAtRoot,
                               "The root leaves out dead cells, captured pairs and the mover's "
                               "vulnerable and dominated cells."));
    options.declare(O::integer("solver_max_empty", 20, 0, 361,
                               "genmove first runs the solver (a quarter of the time to the hard "
                               "deadline, at least 1 s) on positions with at most this many empty "
                               "cells, and plays a proven win at once (0: never)."));
    options.declare(O::integer("solver_mb", 256, 1, 65536,
                               "Memory in MB for the tables of the solve commands (solve-state, "
                               "solve-winning): proven results and proof-number bounds. A proof "
                               "that needs more evicts the cheapest results and takes longer."));
    options.declare(O::boolean(
        "solver_children_in_turn", false,
        "solve-state and solve-winning prove the root's candidate moves one at a time, the "
        "guessed ones first, each a solve of its own that asks for guesses at its root: on 8x8 "
        "openings from half to 1.4 times the nodes, far more where the guesses are wrong "
        "(docs/solver.md, 'Children in turn')."));
    options.declare(O::boolean(
        "solver_in_turn_when_lost", false,
        "solve-state: a proof still open after 2,000 nodes whose guesses' depth-4 search scores "
        "the root below -200 for its side to move takes the root for lost and proves its "
        "children one at a time from then on: a fifth fewer nodes on eight 8x8 openings Black "
        "wins, twice as many on 7x7 b2, a won root it took for lost (docs/solver.md, 'Children "
        "in turn when the root looks lost')."));
    options.declare(O::real("solver_check", 0, 0, 0.9,
                            "Share of a timed move kept for the solver to check the chosen move "
                            "from the opponent's side; a move it proves losing gives way to the "
                            "next one (0: no check)."));
    options.declare(O::boolean("solver_rest", true,
                               "A timed search that stops before max_depth (the clock or "
                               "max_nodes) without a proof leaves the rest of the move to the "
                               "solver: a proof for the side to move (a proven win is played), "
                               "then a check of the chosen move as solver_check's."));
    options.declare(O::boolean("ponder", false,
                               "After genmove the solver goes on proving the position, the "
                               "opponent to move, on a thread of its own until the next search "
                               "(at most 60 s); its proofs serve the moves that follow."));
    options.declare(O::boolean("solver_beside", true,
                               "A timed move runs the solver on a second thread beside the "
                               "search, for the whole move: a proof of the position, then "
                               "checks of the search's choice from the opponent's side (a "
                               "refuted move gives way to the next); replaces solver_rest and "
                               "solver_check on timed moves."));
    // Process-wide options (logging, the solver's threads): a TCP client cannot change them.
    const auto process = [](Options::Spec spec) {
        return Options::scoped(Options::Scope::Process, std::move(spec));
    };
    // The TCP server reads these once, when it starts.
    const auto start = [](Options::Spec spec) {
        return Options::scoped(Options::Scope::Start, std::move(spec));
    };
    // Process-wide like logging: every TCP client has its own solver, so a client choosing its
    // threads could take every core of the server.
    options.declare(process(O::integer(
        "solver_threads", 1, 1, 64,
        "Threads of solve-state (the proof-number search and helpers proving the root's other "
        "children into its table); 1 keeps runs reproducible. genmove's solver uses one.")));
    options.declare(
        process(O::list("log_level", "info", {"trace", "debug", "info", "warn", "error", "off"},
                        "Least severe log level written to stderr (and the log file).")));
    options.declare(
        process(O::text("log_file", "", "Also append the log to this file (empty: stderr only).")));
    options.declare(process(O::boolean(
        "log_htp", false, "Log every HTP command and reply (the transcript) at info level.")));
    options.declare(
        start(O::integer("tcp_max_connections", 8, 1, 1024,
                         "ohmhex --listen: most clients served at once; more are refused "
                         "with a message.")));
    options.declare(
        start(O::integer("tcp_max_line", 1048576, 64, 67108864,
                         "ohmhex --listen: longest command line in bytes; a longer one is "
                         "discarded up to its newline and answered with an error.")));
    options.declare(
        start(O::real("tcp_idle_timeout", 600, 0, 1e7,
                      "ohmhex --listen: seconds a client may stay silent while no command "
                      "runs before it is disconnected (0: never).")));
    options.declare(
        start(O::text("tcp_secret_file", "",
                      "ohmhex --listen: file whose first line (at least 16 characters) is the "
                      "shared secret a client must send as its first line; required for a "
                      "non-loopback address.")));
    options.declare(
        start(O::real("tcp_auth_timeout", 5, 0, 3600,
                      "ohmhex --listen with a secret: seconds a client has from connecting to "
                      "sending the secret (0: no limit).")));
    options.declare(start(O::integer(
        "tcp_max_unauthenticated", 4, 1, 64,
        "ohmhex --listen with a secret: most connections from one address that have not sent "
        "the secret yet; a wrong secret is answered after 1 s and counts until then.")));
    options.declare(start(O::integer(
        "tcp_max_queued_input", 1048576, 4096, 268435456,
        "ohmhex --listen: bytes of a client's commands received and not yet run; past them the "
        "server stops reading from that client until it catches up.")));
    options.declare(start(O::integer(
        "tcp_max_unread_output", 1048576, 4096, 268435456,
        "ohmhex --listen: bytes of replies a client has not read; past them the server runs no "
        "more of its commands until it reads.")));
    options.declare(start(O::integer("tcp_max_tt_mb", 1024, 1, 65536,
                                     "ohmhex --listen: the largest tt_mb a client may set (each "
                                     "connection has its own table).")));
    options.declare(start(O::integer("tcp_max_solver_mb", 1024, 1, 65536,
                                     "ohmhex --listen: the largest solver_mb a client may set "
                                     "(each connection has its own solver tables).")));
    options.declare(start(O::text("tcp_files_dir", "",
                                  "ohmhex --listen: the directory inside which loadsgf and savesgf "
                                  "work for TCP clients (empty: they are off).")));
}

} // namespace hex
