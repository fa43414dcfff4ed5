#include "protocol/commands.h"
#include "protocol/sgf.h"
#include "protocol/version.h"

namespace hex {

namespace {

constexpr std::size_t kMaxSgfBytes = 16 << 20;

std::string loadSgf(Engine& engine, const FileAccess& files, const htp::Args& a) {
    const auto [path, next] = a.text(0);
    if (a.size() > next + 1)
        throw htp::Failure("expected FILE [MOVE]");
    // GTP: with a move number, the position before that move.
    const std::size_t limit =
        a.size() == next + 1 ? static_cast<std::size_t>(a.integer(next, 1, 100'000) - 1) : SIZE_MAX;
    auto record = sgf::parse(files.read(path, kMaxSgfBytes));
    if (auto* error = std::get_if<std::string>(&record))
        throw htp::Failure(*error);
    auto game = sgf::replay(std::get<sgf::Record>(record), limit);
    if (auto* error = std::get_if<std::string>(&game))
        throw htp::Failure(*error);
    engine.game() = std::move(std::get<Game>(game));
    return "";
}

std::string saveSgf(Engine& engine, const FileAccess& files, const htp::Args& a) {
    const auto [path, next] = a.text(0);
    if (a.size() != next)
        throw htp::Failure("expected FILE");
    const std::string text =
        sgf::write(engine.game(), std::string(kEngineName) + ":" + kEngineVersion);
    files.write(path, text);
    return "";
}

} // namespace

void addSgfCommands(htp::Engine& htp, Engine& engine, const FileAccess& files) {
    htp.add(
        "loadsgf", [&engine, files](const htp::Args& a) { return loadSgf(engine, files, a); },
        "loadsgf FILE [MOVE]: load the main line of a Hex SGF game (up to before MOVE)");
    htp.add(
        "savesgf", [&engine, files](const htp::Args& a) { return saveSgf(engine, files, a); },
        "savesgf FILE: write the game as HexGui-readable SGF");
}

} // namespace hex
