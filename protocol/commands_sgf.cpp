#include "protocol/commands.h"
#include "protocol/sgf.h"
#include "protocol/version.h"

#include <fstream>
#include <sstream>

namespace hex {

namespace {

constexpr std::size_t kMaxSgfBytes = 16 << 20;

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw htp::Failure("cannot read " + htp::quoted(path));
    std::string text;
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxSgfBytes)
            throw htp::Failure("file too large for an SGF game: " + htp::quoted(path));
    }
    if (in.bad())
        throw htp::Failure("cannot read " + htp::quoted(path));
    return text;
}

std::string loadSgf(Engine& engine, const htp::Args& a) {
    a.expectBetween(1, 2);
    // GTP: with a move number, the position before that move.
    const std::size_t limit =
        a.size() == 2 ? static_cast<std::size_t>(a.integer(1, 1, 100'000) - 1) : SIZE_MAX;
    auto record = sgf::parse(readFile(a.word(0)));
    if (auto* error = std::get_if<std::string>(&record))
        throw htp::Failure(*error);
    auto game = sgf::replay(std::get<sgf::Record>(record), limit);
    if (auto* error = std::get_if<std::string>(&game))
        throw htp::Failure(*error);
    engine.game() = std::move(std::get<Game>(game));
    return "";
}

std::string saveSgf(Engine& engine, const htp::Args& a) {
    a.expectCount(1);
    const std::string text =
        sgf::write(engine.game(), std::string(kEngineName) + ":" + kEngineVersion);
    std::ofstream out(a.word(0), std::ios::binary | std::ios::trunc);
    if (!out || !(out << text) || !out.flush())
        throw htp::Failure("cannot write " + htp::quoted(a.word(0)));
    return "";
}

} // namespace

void addSgfCommands(htp::Engine& htp, Engine& engine) {
    htp.add(
        "loadsgf", [&engine](const htp::Args& a) { return loadSgf(engine, a); },
        "loadsgf FILE [MOVE]: load the main line of a Hex SGF game (up to before MOVE)");
    htp.add(
        "savesgf", [&engine](const htp::Args& a) { return saveSgf(engine, a); },
        "savesgf FILE: write the game as HexGui-readable SGF");
}

} // namespace hex
