#pragma once

#include "test/support/paths.h"

#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace hex::testing {

// data/openings.txt: the proven first-move results of the small square boards, made by the
// project's own solver (scripts/regenerate-openings.sh).
inline std::string openingsPath() { return sourceDir() + "/data/openings.txt"; }

inline std::string openingsText() {
    std::ifstream in(openingsPath());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// size -> (cell name -> Black's first stone there wins), from the lines
// "OPEN <n>x<n> WIN|LOSS(<count>): cells..."; everything else is ignored. (Parsed by hand:
// std::regex trips GCC 12's maybe-uninitialized warning under the sanitizers.)
inline std::map<int, std::map<std::string, bool>> provenOpenings() {
    std::map<int, std::map<std::string, bool>> table;
    std::istringstream in(openingsText());
    for (std::string text; std::getline(in, text);) {
        std::istringstream line(text);
        std::string tag;
        std::string size;
        std::string result;
        if (!(line >> tag >> size >> result) || tag != "OPEN")
            continue;
        const int n = std::stoi(size);
        const bool wins = result.rfind("WIN", 0) == 0;
        auto& cells = table[n];
        for (std::string cell; line >> cell;)
            cells[cell] = wins;
    }
    return table;
}

} // namespace hex::testing
