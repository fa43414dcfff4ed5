#include "protocol/commands.h"

namespace hex {

void addAllCommands(htp::Engine& htp, Engine& engine, const FileAccess& files) {
    // Options that name a file (network_file) read it as the file commands do.
    engine.setFileReader([files](const std::string& path, std::uint64_t maxBytes) {
        return files.read(path, static_cast<std::size_t>(maxBytes));
    });
    addProtocolCommands(htp, engine);
    addGameCommands(htp, engine);
    addSgfCommands(htp, engine, files);
    addEvalCommands(htp, engine);
    addSolverCommands(htp, engine);
    addSearchCommands(htp, engine);
}

std::string replyMoveName(const Geometry& geometry, Move move) {
    // Both HexGui lines understand swap-pieces; which meaning we applied internally is the
    // swap_style option's business.
    return move.isSwap() ? "swap-pieces" : geometry.name(move.cell);
}

std::string cellList(const Geometry& geometry, const std::vector<Cell>& cells) {
    std::string text;
    for (Cell c : cells)
        text += (text.empty() ? "" : " ") + geometry.name(c);
    return text;
}

void appendCellLabel(std::string& text, const Geometry& geometry, Cell cell,
                     std::string_view label) {
    if (!text.empty())
        text += ' ';
    text += geometry.name(cell);
    text += ' ';
    text += label;
}

} // namespace hex
