#pragma once

#include "engine/engine.h"
#include "protocol/htp_engine.h"

#include <string>
#include <vector>

namespace hex {

// Command groups, one per subsystem; each registers its commands and analyze lines.
void addProtocolCommands(htp::Engine& htp, Engine& engine); // name, list_commands, params...
void addGameCommands(htp::Engine& htp, Engine& engine);     // board, moves, time
void addSgfCommands(htp::Engine& htp, Engine& engine);      // loadsgf, savesgf
void addEvalCommands(htp::Engine& htp, Engine& engine);     // eval, eval-cells, displays
void addSolverCommands(htp::Engine& htp, Engine& engine);   // solve-state, mustplay, vc...
void addSearchCommands(htp::Engine& htp, Engine& engine);   // bench, search_pv, search_scores

// Every group: the complete OhmHex command set.
void addAllCommands(htp::Engine& htp, Engine& engine);

// Shared by groups: "swap-pieces" for any generated swap, else the cell name.
std::string replyMoveName(const Geometry& geometry, Move move);
// Shared by groups: the cells' names separated by single spaces.
std::string cellList(const Geometry& geometry, const std::vector<Cell>& cells);

} // namespace hex
