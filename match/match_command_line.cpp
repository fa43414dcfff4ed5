#include "match/match_command_line.h"

#include "protocol/command_line.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <string_view>

namespace hex::match {

namespace {

[[noreturn]] void fail(const std::string& why) { throw CLI::ValidationError(why); }

// An option whose callback runs as soon as it is parsed: engine options apply to the --engine
// before them, and the first bad value is the one reported.
template <typename T>
void onValue(CLI::App& app, const std::string& flags, std::function<void(const T&)> apply) {
    app.add_option_function<T>(flags, std::move(apply))->trigger_on_parse();
}

} // namespace

MatchCommandLine parseMatchCommandLine(int argc, const char* const* argv) {
    MatchCommandLine out;
    MatchConfig& c = out.config;
    int engines = 0;
    const auto lastEngine = [&](const std::string& flag) -> EngineSpec& {
        if (engines == 0)
            fail(flag + " must follow the --engine it applies to");
        return c.engines[engines - 1];
    };
    CLI::App app;
    app.set_help_flag(); // matchUsage() is the help
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    const CLI::Option* help = app.add_flag("-h,--help");
    app.add_flag_callback("--no-progress", [&c] { c.progress = false; });
    onValue<std::string>(app, "--engine", [&](const std::string& command) {
        if (engines == 2)
            fail("--engine given more than twice");
        c.engines[engines++].command = command;
    });
    onValue<std::string>(app, "--name",
                         [&](const std::string& name) { lastEngine("--name").name = name; });
    onValue<std::string>(app, "--setup", [&](const std::string& line) {
        lastEngine("--setup").setup.push_back(line);
    });
    onValue<std::string>(app, "--secret-file", [&](const std::string& file) {
        lastEngine("--secret-file").secretFile = file;
    });
    onValue<std::string>(app, "--size", [&](const std::string& sizes) {
        auto parsed = parseSizeList(sizes);
        if (!parsed)
            fail("--size wants sizes 1-19 separated by commas, got '" + sizes + "'");
        c.sizes = std::move(*parsed);
    });
    onValue<int>(app, "--games", [&](int games) {
        if (games < 1)
            fail("--games wants a positive number");
        c.games = games;
    });
    onValue<std::string>(app, "--openings", [&](const std::string& set) {
        const std::map<std::string, OpeningKind> named{{"none", OpeningKind::None},
                                                       {"all", OpeningKind::EveryFirstMove},
                                                       {"balanced", OpeningKind::Balanced}};
        const auto kind = named.find(set);
        c.openings = kind == named.end() ? OpeningKind::File : kind->second;
        if (c.openings == OpeningKind::File)
            c.openingFile = set;
    });
    app.add_option("--tables", c.tablesFile);
    onValue<std::string>(app, "--swap", [&](const std::string& swap) {
        if (swap != "on" && swap != "off")
            fail("--swap wants on or off");
        c.settings.swap = swap == "on";
    });
    for (auto [flag, target] : {std::pair{"--move-time", &c.settings.moveTime},
                                {"--clock", &c.settings.gameClock},
                                {"--margin", &c.settings.margin},
                                {"--command-timeout", &c.settings.commandTimeout}}) {
        onValue<double>(app, flag, [flag = std::string(flag), target](double seconds) {
            if (!(seconds >= 0))
                fail(flag + " wants a non-negative number");
            *target = seconds;
        });
    }
    onValue<double>(app, "--chaos", [&](double chance) {
        if (!(chance >= 0 && chance <= 1))
            fail("--chaos wants a non-negative number up to 1");
        c.settings.chaos = chance;
    });
    onValue<int>(app, "-j,--jobs", [&](int jobs) {
        if (jobs < 1 || jobs > 256)
            fail("-j wants 1 to 256");
        c.jobs = jobs;
    });
    onValue<std::string>(app, "--shard", [&](const std::string& text) {
        const auto shard = parseShard(text);
        if (!shard)
            fail("--shard wants K/N with 1 <= K <= N, got '" + text + "'");
        c.shard = *shard;
    });
    app.add_option("--out", c.outDir);
    onValue<int>(app, "--seed", [&](int seed) { c.seed = static_cast<std::uint64_t>(seed); });

    // `ohmhex-match merge ...`: the word merge takes the place of the program name.
    out.merge = argc > 1 && std::string_view(argv[1]) == "merge";
    if (out.merge)
        app.add_option("inputs", out.inputs)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    try {
        app.parse(argc - out.merge, argv + out.merge);
    } catch (const CLI::ParseError& error) {
        out.error = error.what();
    }
    out.help = help->count() > 0;
    if (out.help || !out.error.empty())
        return out;
    if (out.merge) {
        if (out.inputs.empty() || out.config.outDir.empty())
            out.error = "merge needs --out DIR and at least one results file or directory";
        return out;
    }
    if (engines != 2)
        out.error = "give two engines with --engine (a command line or tcp://HOST:PORT)";
    else if (out.config.openings == OpeningKind::Balanced && out.config.tablesFile.empty())
        out.error = "--openings balanced needs --tables FILE (the proven first-move tables)";
    else if (out.config.settings.moveTime > 0 && out.config.settings.gameClock > 0)
        out.error = "give either --move-time or --clock, not both";
    return out;
}

std::string matchUsage() {
    return R"(Usage: ohmhex-match --engine CMD [engine options] --engine CMD [engine options] [options]
       ohmhex-match merge --out DIR RESULTS...
Plays two HTP engines against each other with a referee that checks every reply. An engine is a
command line (run directly; through /bin/sh only if it contains shell characters such as | ; $ *)
or tcp://HOST:PORT (e.g. 'ohmhex --listen').
Engine options (apply to the --engine before them):
  --name NAME          name in results (default: the program's file name)
  --setup CMD          HTP command sent after each start, e.g. 'param_ohmhex allow_swap 1'
  --secret-file FILE   tcp:// engines: send the file's first line as the shared secret
Options:
  --size N[,N...]      board sizes, played in turn (default 11)
  --games N            number of games (default: every opening twice, colours exchanged)
  --openings SET       none (default), all (every first move), balanced (as many winning as
                       losing first moves, from --tables FILE), or a file: one opening per line,
                       moves alternating from Black, e.g. 'a3 c2'
  --tables FILE        proven first-move tables (data/openings.txt format)
  --swap on|off        may the second player swap (default off)
  --move-time SEC      time per move, sent as time_settings 0 SEC 1 (default: no limit)
  --clock SEC          game clock per player, sent as time_settings SEC 0 0 and time_left
  --margin SEC         latency allowance on every deadline (default 0.5)
  --command-timeout SEC  deadline for commands other than genmove (default 10)
  -j N                 games in parallel, each with its own engine processes (default 1)
  --shard K/N          play only the K-th of N disjoint parts of the schedule
  --out DIR            write game-NNNNNN.sgf, results.json, results.csv, summary.txt and
                       engine-stderr.log into DIR. If DIR holds results of the same
                       tournament, their games are kept and only the others are played; a
                       different tournament there is refused
  --seed N             seed for --chaos (default 1)
  --chaos P            soak testing: per move, chance P of '# interrupt' after genmove and of
                       an undo and replay of the move
  --no-progress        no progress line on stderr
A crash, a timeout, a malformed or out-of-turn reply, an illegal move or a refused command loses
the game for that engine (the reason is in the results) and the engine is restarted. Ctrl-C stops
and keeps every finished game; a second one kills the engines and ends at once.
)";
}

} // namespace hex::match
