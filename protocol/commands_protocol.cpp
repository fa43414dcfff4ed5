#include "protocol/commands.h"
#include "protocol/version.h"

namespace hex {

namespace {

std::string joinLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) {
        if (!text.empty())
            text += '\n';
        text += line;
    }
    return text;
}

// The value of `param_ohmhex KEY VALUE...`: the words after the key, or one text in double
// quotes, which loses them, so that `""` gives the empty value a text option needs to be cleared
// (a key alone reads it).
std::string parameterValue(const htp::Args& args) {
    if (!args.word(1).starts_with('"'))
        return args.rest(1);
    auto [value, next] = args.text(1);
    if (next != args.size())
        throw htp::Failure("expected KEY VALUE or KEY \"VALUE\"");
    return value;
}

std::string setParameter(Engine& engine, const htp::Args& args) {
    const std::string& name = args.word(0);
    if (args.size() == 1) {
        if (!engine.options().has(name))
            throw htp::Failure(*engine.options().whyInvalid(name, ""));
        return engine.options().getString(name);
    }
    if (auto why = engine.setOption(name, parameterValue(args)))
        throw htp::Failure(*why);
    return "";
}

} // namespace

void addProtocolCommands(htp::Engine& htp, Engine& engine) {
    htp.add(
        "protocol_version",
        [](const htp::Args& a) {
            a.expectCount(0);
            return std::string("2");
        },
        "protocol_version: the GTP version, 2");
    htp.add(
        "name",
        [](const htp::Args& a) {
            a.expectCount(0);
            return std::string(kEngineName);
        },
        "name: the engine's name");
    htp.add(
        "version",
        [](const htp::Args& a) {
            a.expectCount(0);
            return std::string(kEngineVersion);
        },
        "version: the engine's version");
    htp.add(
        "known_command",
        [&htp](const htp::Args& a) {
            a.expectCount(1);
            return std::string(htp.known(a.word(0)) ? "true" : "false");
        },
        "known_command NAME: true or false");
    htp.add(
        "list_commands",
        [&htp](const htp::Args& a) {
            a.expectCount(0);
            return joinLines(htp.commandNames());
        },
        "list_commands: every command, one per line");
    htp.add(
        "help",
        [&htp](const htp::Args& a) {
            a.expectBetween(0, 1);
            if (a.size() == 0)
                return joinLines(htp.commandNames());
            if (!htp.known(a.word(0)))
                throw htp::Failure("unknown command " + htp::quoted(a.word(0)));
            return htp.help(a.word(0));
        },
        "help [NAME]: what a command takes and answers");
    htp.add(
        "quit",
        [&htp](const htp::Args& a) {
            a.expectCount(0);
            htp.requestQuit();
            return std::string();
        },
        "quit: answer, then exit with status 0");
    htp.add(
        "hexgui-analyze_commands",
        [&htp](const htp::Args& a) {
            a.expectCount(0);
            return joinLines(htp.analyzeLines());
        },
        "hexgui-analyze_commands: the analyze commands HexGui lists (type/Label/command)");
    htp.add(
        "gogui-interrupt",
        [](const htp::Args& a) {
            a.expectCount(0);
            return std::string();
        },
        "gogui-interrupt: declares support for '# interrupt' lines, which stop a running "
        "genmove at once (it then answers its best move so far)");
    htp.add(
        "param_ohmhex",
        [&engine](const htp::Args& a) {
            if (a.size() == 0)
                return engine.options().dialogText();
            return setParameter(engine, a);
        },
        "param_ohmhex [KEY [VALUE]]: all parameters as [type] key value lines, one value, or "
        "set one (a VALUE in double quotes loses them: \"\" is the empty value)");
    htp.addAnalyze("param/OhmHex Parameters/param_ohmhex");
}

} // namespace hex
