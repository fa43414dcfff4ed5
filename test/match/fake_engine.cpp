// A deliberately unreliable HTP engine for the ohmhex-match tests. It plays the first empty cell
// in row-major order and misbehaves on cue, at the N-th genmove of every game (the count restarts
// with boardsize, which the referee sends at the start of every game):
//   --crash-at N --stall-at N --illegal-at N --garbage-at N --out-of-turn-at N --error-at N
//   --resign-at N --swap-at N (answers swap-pieces) --swap-always 1 (whenever one stone is on
//   the board, even to swap back)
// and --stall-game N (stalls at the first genmove of its N-th game, counting boardsize commands),
// --exit-at-start (dies before reading anything), --name NAME, --think-ms N (waits N ms before
// every move, so that a test can interrupt a tournament in its middle).
#include "core/game.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using hex::Cell;
using hex::Color;
using hex::Move;

void reply(const std::string& text) { std::cout << text << "\n\n" << std::flush; }

std::string firstCell(const hex::Game& game, bool empty) {
    const hex::Board& board = game.board();
    for (Cell c = 0; c < board.geometry().cellCount(); ++c)
        if (board.isEmpty(c) == empty)
            return board.geometry().name(c);
    return "z99";
}

} // namespace

int main(int argc, char** argv) {
    std::map<std::string, int> at;
    std::string name = "FakeEngine";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--exit-at-start")
            return 7;
        if (i + 1 < argc && arg == "--name")
            name = argv[++i];
        else if (i + 1 < argc)
            at[arg] = std::atoi(argv[++i]);
    }
    const auto cue = [&at](const char* what, int n) {
        const auto it = at.find(what);
        return it != at.end() && it->second == n;
    };
    const auto think = std::chrono::milliseconds(at.count("--think-ms") ? at["--think-ms"] : 0);
    hex::Game game(11, 11);
    int genmoves = 0;
    int games = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string command;
        in >> command;
        if (command.empty() || command[0] == '#')
            continue;
        if (command == "name") {
            reply("= " + name);
        } else if (command == "boardsize") {
            int size = 11;
            in >> size;
            game.resize(size, size);
            genmoves = 0;
            ++games;
            reply("= ");
        } else if (command == "clear_board") {
            game.clear();
            reply("= ");
        } else if (command == "play") {
            std::string color;
            std::string cell;
            in >> color >> cell;
            const auto c = game.geometry().parse(cell);
            const Color side = color[0] == 'b' ? Color::Black : Color::White;
            if (!c || game.whyIllegal(side, Move::stone(*c))) {
                reply("? illegal move");
                continue;
            }
            game.play(side, Move::stone(*c));
            reply("= ");
        } else if (command == "genmove") {
            std::string color;
            in >> color;
            const Color side = color[0] == 'b' ? Color::Black : Color::White;
            const int n = ++genmoves;
            std::this_thread::sleep_for(think);
            if (cue("--crash-at", n))
                std::_Exit(3);
            if (cue("--stall-at", n) || (n == 1 && cue("--stall-game", games)))
                std::this_thread::sleep_for(std::chrono::hours(1));
            if (cue("--illegal-at", n)) {
                reply("= " + firstCell(game, false));
            } else if (cue("--garbage-at", n)) {
                reply("hello, referee");
            } else if (cue("--error-at", n)) {
                reply("? no move today");
            } else if (cue("--resign-at", n)) {
                reply("= resign");
            } else if (cue("--swap-at", n) || (at.count("--swap-always") && game.swapPossible())) {
                reply("= swap-pieces");
            } else {
                const std::string cell = firstCell(game, true);
                game.play(side, Move::stone(*game.geometry().parse(cell)));
                // Out-of-turn output goes in the same write, so the referee sees it for sure.
                reply("= " + cell + (cue("--out-of-turn-at", n) ? "\n\n= surprise" : ""));
            }
        } else if (command == "quit") {
            reply("= ");
            return 0;
        } else {
            reply("= "); // version, time_settings, time_left, undo...: accepted silently
        }
    }
    return 0;
}
