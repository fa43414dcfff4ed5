#include "match/match_command_line.h"

#include <charconv>

namespace hex::match {

namespace {

bool toNumber(const std::string& text, double& out) {
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

bool toInt(const std::string& text, int& out) {
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

bool parseSizes(const std::string& text, std::vector<int>& sizes) {
    sizes.clear();
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        int size = 0;
        if (!toInt(text.substr(start, comma - start), size) || size < 1 ||
            size > Geometry::kMaxSide)
            return false;
        sizes.push_back(size);
        start = comma + 1;
    }
    return !sizes.empty();
}

// Applies one option with its value; the reason on failure.
std::string applyOption(const std::string& flag, const std::string& value, MatchCommandLine& out,
                        int& engines) {
    MatchConfig& c = out.config;
    EngineSpec* last = engines > 0 ? &c.engines[engines - 1] : nullptr;
    double number = 0;
    if (flag == "--engine") {
        if (engines == 2)
            return "--engine given more than twice";
        c.engines[engines++].command = value;
    } else if (flag == "--name" || flag == "--setup" || flag == "--secret-file") {
        if (!last)
            return flag + " must follow the --engine it applies to";
        if (flag == "--name")
            last->name = value;
        else if (flag == "--setup")
            last->setup.push_back(value);
        else
            last->secretFile = value;
    } else if (flag == "--size") {
        if (!parseSizes(value, c.sizes))
            return "--size wants sizes 1-19 separated by commas, got '" + value + "'";
    } else if (flag == "--games") {
        if (!toInt(value, c.games) || c.games < 1)
            return "--games wants a positive number";
    } else if (flag == "--openings") {
        if (value == "none")
            c.openings = OpeningKind::None;
        else if (value == "all")
            c.openings = OpeningKind::EveryFirstMove;
        else if (value == "balanced")
            c.openings = OpeningKind::Balanced;
        else {
            c.openings = OpeningKind::File;
            c.openingFile = value;
        }
    } else if (flag == "--tables") {
        c.tablesFile = value;
    } else if (flag == "--swap") {
        if (value != "on" && value != "off")
            return "--swap wants on or off";
        c.settings.swap = value == "on";
    } else if (flag == "--move-time" || flag == "--clock" || flag == "--margin" ||
               flag == "--command-timeout" || flag == "--chaos") {
        if (!toNumber(value, number) || number < 0 || (flag == "--chaos" && number > 1))
            return flag + " wants a non-negative number" + (flag == "--chaos" ? " up to 1" : "");
        double& target = flag == "--move-time" ? c.settings.moveTime
                         : flag == "--clock"   ? c.settings.gameClock
                         : flag == "--margin"  ? c.settings.margin
                         : flag == "--chaos"   ? c.settings.chaos
                                               : c.settings.commandTimeout;
        target = number;
    } else if (flag == "-j" || flag == "--jobs") {
        if (!toInt(value, c.jobs) || c.jobs < 1 || c.jobs > 256)
            return "-j wants 1 to 256";
    } else if (flag == "--shard") {
        const auto shard = parseShard(value);
        if (!shard)
            return "--shard wants K/N with 1 <= K <= N, got '" + value + "'";
        c.shard = *shard;
    } else if (flag == "--out") {
        c.outDir = value;
    } else if (flag == "--seed") {
        int seed = 0;
        if (!toInt(value, seed))
            return "--seed wants a number";
        c.seed = static_cast<std::uint64_t>(seed);
    } else {
        return "unknown option '" + flag + "'";
    }
    return "";
}

} // namespace

MatchCommandLine parseMatchCommandLine(int argc, const char* const* argv) {
    MatchCommandLine out;
    int engines = 0;
    int i = 1;
    if (argc > 1 && std::string(argv[1]) == "merge") {
        out.merge = true;
        i = 2;
    }
    for (; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            out.help = true;
        } else if (arg == "--no-progress") {
            out.config.progress = false;
        } else if (out.merge && arg.rfind('-', 0) != 0) {
            out.inputs.push_back(arg);
        } else if (i + 1 >= argc) {
            out.error = "option '" + arg + "' needs a value";
            return out;
        } else if (auto why = applyOption(arg, argv[++i], out, engines); !why.empty()) {
            out.error = why;
            return out;
        }
    }
    if (out.help)
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
                       engine-stderr.log into DIR
  --seed N             seed for --chaos (default 1)
  --chaos P            soak testing: per move, chance P of '# interrupt' after genmove and of
                       an undo and replay of the move
  --no-progress        no progress line on stderr
A crash, a timeout, a malformed or out-of-turn reply, an illegal move or a refused command loses
the game for that engine (the reason is in the results) and the engine is restarted. Ctrl-C stops
and keeps every finished game.
)";
}

} // namespace hex::match
