#include "engine/engine.h"

#include "engine/first_player.h"
#include "engine/logging.h"
#include "engine/player_settings.h"
#include "eval/network/built_in.h"
#include "eval/network/weights_file.h"

#include "search/opening_table.h"
#include <chrono>
#include <cstdlib>
#include <utility>

namespace hex {

namespace {

// Declared once and copied: declaring validates every name and default, which costs more than
// the copy, and an engine is constructed for every TCP client (and every fuzz input).
const Options& declaredEngineOptions() {
    static const Options declared = [] {
        Options options;
        declareEngineOptions(options);
        return options;
    }();
    return declared;
}

} // namespace

Engine::Engine()
    : options_(declaredEngineOptions()), game_(11, 11), fileReader_(&eval::network::readFileBytes),
      network_(eval::network::builtInNetwork()) {}

std::optional<std::string> Engine::whyOutOfScope(std::string_view name) const {
    if (!options_.has(name))
        return std::nullopt; // whyInvalid lists the known names
    const std::string text(name);
    switch (options_.scope(name)) {
    case Options::Scope::Start:
        return text + " is read when ohmhex starts: set it with -o " + text + "=VALUE or --config";
    case Options::Scope::Process:
        if (remoteClient_)
            return text + " is process-wide: a TCP client cannot change it";
        return std::nullopt;
    case Options::Scope::Client:
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::string> Engine::confineToRemoteClient() {
    for (const auto& [name, cap] :
         {std::pair{"tt_mb", "tcp_max_tt_mb"}, std::pair{"solver_mb", "tcp_max_solver_mb"}})
        if (auto why = options_.capMaximum(name, static_cast<double>(options_.getInt(cap))))
            return why;
    remoteClient_ = true;
    return std::nullopt;
}

std::optional<std::string> Engine::setOption(std::string_view name, std::string_view value) {
    if (auto why = whyOutOfScope(name))
        return why;
    if (auto why = options_.whyInvalid(name, value))
        return why;
    if (name == "network_file")
        return setNetworkFile(std::string(value));
    if (isLoggingOption(name)) {
        Options next = options_;
        next.set(name, value);
        if (auto why = configureLogging(next))
            return why;
    }
    return options_.set(name, value);
}

void Engine::setTimeSettings(double mainTime, double byoYomiTime, int byoYomiStones) {
    clock_ = GameClock{mainTime, byoYomiTime, byoYomiStones, {}};
}

void Engine::setTimeLeft(Color color, double seconds, int stones) {
    clock_.left[static_cast<std::size_t>(index(color))] = GameClock::Remaining{seconds, stones};
}

bool Engine::wantsSwap(Color color, const StopFn& shouldStop) {
    // Only White swaps, and only Black's first stone as the game's first move. A lone White
    // stone means a swap has already happened (HexGui 0.10 rebuilds a swapped game that way),
    // and swapping it back would let two engines swap for ever.
    if (!options_.getBool("allow_swap") || color != Color::White || game_.history().size() != 1)
        return false;
    const Board& board = game_.board();
    const Board::Played lone = board.history().back();
    if (lone.color != Color::Black)
        return false;
    if (options_.getString("swap_style") == "pieces" && !game_.geometry().square())
        return false;
    const std::string& decision = options_.getString("swap_decision");
    if (decision != "heuristic") {
        if (const std::optional<bool> proven = OpeningTable::shouldSwap(board))
            return *proven;
        if (decision == "search")
            return searchPlayer_.shouldSwap(
                board, color, playerSettings(options_, network_, clock_, color), shouldStop);
    }
    // Stones away from the border are strong first moves on every board from 3x3 up (the
    // proven tables agree for 3x3 to 6x6, apart from a few cells next to the acute corners).
    const Geometry& g = game_.geometry();
    const int x = g.x(lone.cell);
    const int y = g.y(lone.cell);
    return x > 0 && y > 0 && x < g.width() - 1 && y < g.height() - 1;
}

// Without the swap rule the first move goes to the centre, a winning first move on every board
// that has been solved (data/openings.txt up to 8x8), and the strongest in practice beyond.
Cell Engine::centre(const Geometry& geometry) {
    return geometry.cell((geometry.width() - 1) / 2, geometry.height() / 2);
}

// With the swap rule a winning first move is swapped: where the proven tables know the board,
// the losing first move nearest the centre, the one that is hardest to refute in practice.
// kNoCell beyond the tables (the search chooses then).
Cell Engine::fairOpening(const Geometry& geometry) {
    Cell best = kNoCell;
    int bestDistance = 0;
    const Cell middle = centre(geometry);
    for (Cell c = 0; c < geometry.cellCount(); ++c) {
        const std::optional<bool> wins = OpeningTable::firstMoveWins(geometry, c);
        if (!wins || *wins)
            continue;
        const int dx = geometry.x(c) - geometry.x(middle);
        const int dy = geometry.y(c) - geometry.y(middle);
        const int distance =
            std::abs(dx) + std::abs(dy) + std::abs(dx + dy); // twice the hex distance
        if (best == kNoCell || distance < bestDistance) {
            best = c;
            bestDistance = distance;
        }
    }
    return best;
}

// The centre rule and the proven tables are Black's. A White first stone is Black's choice on
// the transposed board (height x width) transposed back: the transpose exchanges the players'
// roles, on boards that are not square too (where a reflection within the board is impossible).
Cell Engine::openingMove(const Geometry& geometry, Color color, bool allowSwap) {
    if (color == Color::Black)
        return allowSwap ? fairOpening(geometry) : centre(geometry);
    const Geometry& transposed = Geometry::of(geometry.height(), geometry.width());
    const Cell asBlack = openingMove(transposed, Color::Black, allowSwap);
    if (asBlack == kNoCell)
        return kNoCell;
    return geometry.cell(transposed.y(asBlack), transposed.x(asBlack));
}

std::optional<Move> Engine::chooseMove(Color color, const StopFn& shouldStop) {
    const Board& board = game_.board();
    if (board.emptyCount() == 0 || board.winner() == opponent(color))
        return std::nullopt;
    if (wantsSwap(color, shouldStop))
        return options_.getString("swap_style") == "pieces" ? Move::swapPieces()
                                                            : Move::swapSides();
    if (board.stoneCount() == 0) {
        const Cell opening = openingMove(game_.geometry(), color, options_.getBool("allow_swap"));
        if (opening != kNoCell)
            return Move::stone(opening);
    }
    if (options_.getString("player") == "search") {
        const Cell best = searchPlayer_.chooseStone(
            board, color, playerSettings(options_, network_, clock_, color), shouldStop);
        if (best != kNoCell)
            return Move::stone(best);
    }
    return Move::stone(firstPlayerMove(board, color));
}

std::optional<Move> Engine::generateMove(Color color, const StopFn& shouldStop) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<Move> move = chooseMove(color, shouldStop);
    clock_.charge(color,
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (move)
        game_.play(color, *move);
    if (move && options_.getBool("ponder") && options_.getString("player") == "search")
        searchPlayer_.startPondering(game_.board(), game_.toMove());
    return move;
}

} // namespace hex
