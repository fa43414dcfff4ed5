#pragma once

#include "engine/engine.h"
#include "protocol/file_access.h"
#include "protocol/htp_engine.h"

#include <string>
#include <string_view>
#include <vector>

namespace hex {

// Command groups, one per subsystem; each registers its commands and analyze lines.
void addProtocolCommands(htp::Engine& htp, Engine& engine); // name, list_commands, params...
void addGameCommands(htp::Engine& htp, Engine& engine);     // board, moves, time
// loadsgf, savesgf, with the files `files` allows.
void addSgfCommands(htp::Engine& htp, Engine& engine, const FileAccess& files);
void addEvalCommands(htp::Engine& htp, Engine& engine);   // eval, eval-cells, displays
void addSolverCommands(htp::Engine& htp, Engine& engine); // solve-state, mustplay, vc...
void addSearchCommands(htp::Engine& htp, Engine& engine); // bench, search_pv, search_scores

// Every group: the complete OhmHex command set; the file commands, and the options that name a
// file (network_file), reach what `files` allows (the local user's: any regular file).
void addAllCommands(htp::Engine& htp, Engine& engine,
                    const FileAccess& files = FileAccess::local());

// Shared by groups: "swap-pieces" for any generated swap, else the cell name.
std::string replyMoveName(const Geometry& geometry, Move move);
// Shared by groups: the cells' names separated by single spaces.
std::string cellList(const Geometry& geometry, const std::vector<Cell>& cells);
// Shared by groups: appends "cell label" to a space-separated list of such pairs (HexGui's
// pspairs and inferior displays).
void appendCellLabel(std::string& text, const Geometry& geometry, Cell cell,
                     std::string_view label);

} // namespace hex
