#include "protocol/board_text.h"
#include "protocol/commands.h"

#include <spdlog/spdlog.h>

namespace hex {

namespace {

// A client's move: a cell, or a swap. From a client, every swap spelling has the swap-sides
// meaning HexGui 0.9 gives it (0.10 never sends swaps; it rebuilds the board instead).
Move clientMove(const htp::Args& a, std::size_t i, const Geometry& g) {
    const std::string& word = a.word(i);
    std::string lower = word;
    for (char& ch : lower)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "swap-pieces" || lower == "swap-sides" || lower == "swap")
        return Move::swapSides();
    if (lower == "resign" || lower == "pass" || lower == "forfeit")
        throw htp::Failure(lower + " is not a move this engine plays on the board");
    return Move::stone(a.cell(i, g));
}

std::string boardsize(Engine& engine, const htp::Args& a) {
    a.expectBetween(1, 2);
    const auto width = a.integer(0, 1, Geometry::kMaxSide);
    const auto height = a.size() == 2 ? a.integer(1, 1, Geometry::kMaxSide) : width;
    engine.game().resize(static_cast<int>(width), static_cast<int>(height));
    return "";
}

std::string play(Engine& engine, const htp::Args& a) {
    a.expectCount(2);
    const Color color = a.color(0);
    const Move move = clientMove(a, 1, engine.game().geometry());
    if (auto why = engine.game().whyIllegal(color, move))
        throw htp::Failure("illegal move: " + *why);
    engine.game().play(color, move);
    return "";
}

std::string genmove(Engine& engine, const htp::Args& a, const StopFn& stop, bool commit) {
    a.expectCount(1);
    const Color color = a.color(0);
    const auto move = commit ? engine.generateMove(color, stop) : engine.chooseMove(color, stop);
    if (!move)
        return "resign";
    const std::string name = replyMoveName(engine.game().geometry(), *move);
    spdlog::info("{} {}", colorName(color), name);
    return name;
}

std::string timeSettings(Engine& engine, const htp::Args& a) {
    a.expectCount(3);
    const double mainTime = a.real(0, 0, 1e7);
    const double byoYomi = a.real(1, 0, 1e7);
    const auto stones = a.integer(2, 0, 1'000'000);
    engine.setTimeSettings(mainTime, byoYomi, static_cast<int>(stones));
    return "";
}

std::string timeLeft(Engine& engine, const htp::Args& a) {
    a.expectCount(3);
    const Color color = a.color(0);
    const double seconds = a.real(1, 0, 1e7);
    const auto stones = a.integer(2, 0, 1'000'000);
    engine.setTimeLeft(color, seconds, static_cast<int>(stones));
    return "";
}

std::string legalMoves(Engine& engine, const htp::Args& a) {
    a.expectBetween(0, 1);
    if (a.size() == 1)
        (void)a.color(0); // every empty cell is legal for either colour
    const Board& board = engine.game().board();
    return cellList(board.geometry(), board.emptyCells());
}

} // namespace

void addGameCommands(htp::Engine& htp, Engine& engine) {
    const StopFn stop = htp.interruptCheck();
    htp.add(
        "boardsize", [&engine](const htp::Args& a) { return boardsize(engine, a); },
        "boardsize N | boardsize W H: a new empty board, W columns and H rows, 1 to 19");
    htp.add(
        "clear_board",
        [&engine](const htp::Args& a) {
            a.expectCount(0);
            engine.game().clear();
            return std::string();
        },
        "clear_board: empty the board; Black to move");
    htp.add(
        "play", [&engine](const htp::Args& a) { return play(engine, a); },
        "play COLOR MOVE: a stone (either colour, any order) or swap-pieces/swap/swap-sides "
        "(board kept, the swapper moves again)");
    htp.add(
        "genmove", [&engine, stop](const htp::Args& a) { return genmove(engine, a, stop, true); },
        "genmove COLOR: choose and play a move; answers a cell, swap-pieces or resign");
    htp.add(
        "reg_genmove",
        [&engine, stop](const htp::Args& a) { return genmove(engine, a, stop, false); },
        "reg_genmove COLOR: the move genmove would choose, without playing it");
    htp.add(
        "undo",
        [&engine](const htp::Args& a) {
            a.expectCount(0);
            if (engine.game().history().empty())
                throw htp::Failure("cannot undo: no moves");
            engine.game().undo();
            return std::string();
        },
        "undo: take back the last move (a stone or a swap)");
    htp.add(
        "showboard",
        [&engine](const htp::Args& a) {
            a.expectCount(0);
            return "\n" + boardText(engine.game());
        },
        "showboard: the board as text");
    htp.add(
        "final_score",
        [&engine](const htp::Args& a) {
            a.expectCount(0);
            const auto winner = engine.game().board().winner();
            if (!winner)
                return std::string("cannot score");
            return std::string(*winner == Color::Black ? "B+" : "W+");
        },
        "final_score: B+ or W+ for a won game, else cannot score");
    htp.add(
        "time_settings", [&engine](const htp::Args& a) { return timeSettings(engine, a); },
        "time_settings MAIN BYOYOMI STONES: seconds of main time, seconds per byo-yomi "
        "period, stones per period");
    htp.add(
        "time_left", [&engine](const htp::Args& a) { return timeLeft(engine, a); },
        "time_left COLOR SECONDS STONES: the time COLOR has left");
    htp.add(
        "all_legal_moves", [&engine](const htp::Args& a) { return legalMoves(engine, a); },
        "all_legal_moves [COLOR]: every empty cell");
    htp.addAnalyze("plist/All Legal Moves/all_legal_moves %m");
    htp.addAnalyze("string/ShowBoard/showboard");
    htp.addAnalyze("string/Final Score/final_score");
}

} // namespace hex
