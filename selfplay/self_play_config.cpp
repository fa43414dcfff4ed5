#include "selfplay/self_play_config.h"

#include "engine/engine.h"
#include "eval/network/built_in.h"
#include "protocol/command_line.h"
#include "search/time_manager.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <functional>

namespace hex::selfplay {

namespace {

[[noreturn]] void fail(const std::string& why) { throw CLI::ValidationError(why); }

// An option whose callback checks the value as soon as it is parsed, so that the first bad
// value is the one reported.
template <typename T>
void onValue(CLI::App& app, const std::string& flag, std::function<void(const T&)> apply) {
    app.add_option_function<T>(flag, std::move(apply))->trigger_on_parse();
}

// "I/N" with 0 <= I < N.
std::optional<Shard> parseShard(std::string_view text) {
    const auto numbers = parseShardNumbers(text);
    if (!numbers || numbers->first < 0 || numbers->first >= numbers->second)
        return std::nullopt;
    return Shard{numbers->first, numbers->second};
}

Options declaredOptions() {
    Options options;
    declareEngineOptions(options);
    // The search logs every iteration at info; a run of thousands of searches keeps to warnings
    // unless -o log_level=info asks for them (the progress lines have their own logger).
    options.set("log_level", "warn");
    return options;
}

// --nodes and --time become the engine options they stand for, after every -o.
std::string applyBudget(SelfPlayConfig& c, bool timed) {
    if (timed)
        c.nodes = 0;
    const std::string maxNodes = std::to_string(c.nodes);
    const std::string maxTime = timed ? fmt::format("{}", c.seconds) : "0";
    if (auto why = c.options.set("max_nodes", maxNodes))
        return "--nodes: " + *why;
    if (auto why = c.options.set("max_time", maxTime))
        return "--time: " + *why;
    return "";
}

} // namespace

ParsedSelfPlay parseSelfPlayArguments(std::span<const std::string> args) {
    ParsedSelfPlay out;
    SelfPlayConfig& c = out.config;
    c.options = declaredOptions();
    c.network = eval::network::builtInNetwork(); // network_file "", until loadNetwork reads one
    std::vector<std::string> assignments;
    CLI::App app;
    app.set_help_flag(); // selfPlayUsage() is the help
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    const CLI::Option* help = app.add_flag("-h,--help");
    app.add_option("--out", c.out);
    onValue<int>(app, "--games", [&](int games) {
        if (games < 1)
            fail("--games wants a positive number");
        c.games = games;
    });
    onValue<std::string>(app, "--sizes", [&](const std::string& text) {
        auto sizes = parseSizeList(text);
        if (!sizes)
            fail("--sizes wants sizes 1-19 separated by commas, got '" + text + "'");
        c.sizes = std::move(*sizes);
    });
    const CLI::Option* nodes = app.add_option("--nodes", c.nodes);
    const CLI::Option* time = app.add_option("--time", c.seconds);
    app.add_option("--seed", c.seed);
    onValue<int>(app, "--random-plies", [&](int plies) {
        if (plies < 0 || plies > Geometry::kMaxCells)
            fail("--random-plies wants 0 to 361");
        c.randomPlies = plies;
    });
    onValue<int>(app, "--solver-empty", [&](int empty) {
        if (empty < 0 || empty > Geometry::kMaxCells)
            fail("--solver-empty wants 0 to 361");
        c.solverEmpty = empty;
    });
    onValue<std::uint64_t>(app, "--solver-nodes", [&](std::uint64_t solverNodes) {
        if (solverNodes < 1)
            fail("--solver-nodes wants a positive number");
        c.solverNodes = solverNodes;
    });
    onValue<std::string>(app, "--shard", [&](const std::string& text) {
        const auto shard = parseShard(text);
        if (!shard)
            fail("--shard wants I/N with 0 <= I < N, got '" + text + "'");
        c.shard = *shard;
    });
    onValue<std::string>(app, "-o",
                         [&](const std::string& assignment) { assignments.push_back(assignment); });
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend()); // CLI11's order
        app.parse(reversed);
    } catch (const CLI::ParseError& error) {
        out.error = error.what();
        return out;
    }
    out.help = help->count() > 0;
    if (out.help)
        return out;
    for (const auto& assignment : assignments)
        if (auto why = applyAssignment(assignment, c.options); !why.empty()) {
            out.error = "-o " + assignment + ": " + why;
            return out;
        }
    const bool timed = time->count() > 0;
    if (c.out.empty())
        out.error = "give the output file with --out FILE";
    else if (timed && nodes->count() > 0)
        out.error = "give either --nodes or --time, not both";
    else if (timed && !(c.seconds > TimeManager::kReserveSeconds))
        out.error = fmt::format("--time wants more than {} seconds (the search keeps that much of "
                                "every move in reserve)",
                                TimeManager::kReserveSeconds);
    else if (!timed && c.nodes < 1)
        out.error = "--nodes wants a positive number";
    else
        out.error = applyBudget(c, timed);
    return out;
}

std::string selfPlayUsage() {
    return R"(Usage: ohmhex selfplay --out FILE [options] [-o key=value]...
Plays the engine against itself and appends one JSON line per finished game to FILE (the
self-play records of docs/network.md). Progress goes to stderr; nothing is written to stdout.
Options:
  --out FILE           the records; games already complete there are kept and skipped, a line
                       cut short (a killed run) is removed, so the same command resumes a run
  --games N            games 0..N-1 (default 100)
  --sizes N[,N...]     board sizes (square); each game's size is drawn from the list by a hash
                       of the seed and its number (default 5,7,9,11)
  --nodes N            search nodes per move (default 2000); the same command then writes the
                       same file byte for byte
  --time SEC           search time per move instead of --nodes, as max_time (the search keeps
                       0.05 s of it in reserve); not reproducible
  --seed S             seed of the sizes and random openings (default 1)
  --random-plies K     the first K plies of every game are uniformly random empty cells
                       (default 2); each is still searched, and `searched` holds the search's move
  --solver-empty E     run the solver on positions with at most E empty cells (default 16; 0: never)
  --solver-nodes M     the solver's node budget per position (default 10000)
  --shard I/N          play only the games g with g % N == I (0 <= I < N), e.g. one shard per
                       machine, each into its own FILE
  -o key=value         an engine option, as for `ohmhex -o` (evaluator, width, ...; see
                       `ohmhex --help`); --nodes and --time set max_nodes and max_time; the
                       search player always plays, without swap
A game ends when the search or the solver proves the position (its winner is the proven side) or
with a connection. Ctrl-C or SIGTERM stops at once and loses at most the game in progress.
)";
}

} // namespace hex::selfplay
