#include "match/referee.h"

#include <algorithm>
#include <cmath>

namespace hex::match {

namespace {

// A game-losing fault of one side, carried out of the move loop.
struct Fault {
    Color side;
    std::string message;
};

// Runs f; a link failure becomes a Fault of `side` (a user stop is passed through).
template <class F>
auto guarded(Color side, F&& f) {
    try {
        return f();
    } catch (const LinkFailure& failure) {
        if (failure.kind == LinkError::Stopped)
            throw;
        throw Fault{side, std::string(linkErrorName(failure.kind)) + ": " + failure.what()};
    }
}

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(std::max(0.0, seconds)));
}

std::string lower(std::string text) {
    for (char& ch : text)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return text;
}

} // namespace

Clock::time_point Referee::commandDeadline() const { return after(settings_.commandTimeout); }

void Referee::expectOk(EngineLink& link, Color side, const std::string& line) {
    const Reply reply = guarded(side, [&] { return link.command(line, commandDeadline(), stop_); });
    if (!reply.ok)
        throw Fault{side, "refused '" + line + "': " + reply.payload};
}

void Referee::setUp(EngineLink* links[2], GameOutcome& out, const Opening& opening) {
    const std::string size = std::to_string(settings_.size);
    for (Color side : {Color::Black, Color::White}) {
        EngineLink& link = *links[index(side)];
        guarded(side, [&] { link.expectSilence(); });
        expectOk(link, side, "boardsize " + size + " " + size);
        expectOk(link, side, "clear_board");
        if (settings_.gameClock > 0)
            expectOk(link, side, "time_settings " + std::to_string(settings_.gameClock) + " 0 0");
        else if (settings_.moveTime > 0)
            expectOk(link, side, "time_settings 0 " + std::to_string(settings_.moveTime) + " 1");
    }
    Color color = Color::Black;
    for (const auto& name : opening) {
        const Move move = Move::stone(*out.game.geometry().parse(name));
        out.game.play(color, move);
        for (Color side : {Color::Black, Color::White})
            expectOk(*links[index(side)], side,
                     "play " + std::string(colorName(color)) + " " + name);
        color = opponent(color);
    }
}

std::optional<Move> Referee::readMove(const std::string& payload, Color side, const Game& game) {
    const std::string word = lower(payload);
    if (word == "resign")
        return std::nullopt;
    Move move;
    if (word == "swap-pieces" || word == "swap-sides" || word == "swap") {
        // Either swap meaning gives the same game; the referee records HexGui 0.10's.
        if (!settings_.swap)
            throw Fault{side, "illegal move: " + word + " while the swap rule is off"};
        // The swap rule offers one swap, as the second move of the game. (Game itself accepts a
        // swap whenever one stone is on the board, because HexGui rebuilds positions that way.)
        if (game.history().size() != 1 || game.history()[0].move.isSwap())
            throw Fault{side, "illegal move " + word +
                                  ": only the second move of the game may "
                                  "swap"};
        move = Move::swapPieces();
    } else {
        const auto cell = game.geometry().parse(word);
        if (!cell || word.find_first_of(" \n") != std::string::npos)
            throw Fault{side, "malformed reply: '" + payload.substr(0, 60) + "' is not a move"};
        move = Move::stone(*cell);
    }
    if (auto why = game.whyIllegal(side, move))
        throw Fault{side, "illegal move " + word + ": " + *why};
    return move;
}

// After a swap both engines get the referee's position as plays on a cleared board, exactly as
// HexGui 0.10 rebuilds it, so engines with either swap meaning stay in step.
void Referee::resync(EngineLink* links[2], const Game& game) {
    const Board& board = game.board();
    for (Color side : {Color::Black, Color::White}) {
        expectOk(*links[index(side)], side, "clear_board");
        for (Cell c = 0; c < board.geometry().cellCount(); ++c)
            if (!board.isEmpty(c)) {
                const Color stone = board.at(c) == Stone::Black ? Color::Black : Color::White;
                expectOk(*links[index(side)], side,
                         "play " + std::string(colorName(stone)) + " " + board.geometry().name(c));
            }
    }
}

void Referee::moveLoop(EngineLink* links[2], GameOutcome& out, double clocks[2]) {
    std::uniform_real_distribution<double> roll(0, 1);
    while (!out.game.board().winner()) {
        const Color side = out.game.toMove();
        EngineLink& link = *links[index(side)];
        for (Color s : {Color::Black, Color::White})
            guarded(s, [&] { links[index(s)]->expectSilence(); });
        double allowed = 1e9;
        if (settings_.gameClock > 0) {
            allowed = clocks[index(side)];
            expectOk(link, side,
                     "time_left " + std::string(colorName(side)) + " " +
                         std::to_string(std::max(0.0, allowed)) + " 0");
        } else if (settings_.moveTime > 0) {
            allowed = settings_.moveTime;
            expectOk(link, side,
                     "time_left " + std::string(colorName(side)) + " " + std::to_string(allowed) +
                         " 1");
        }
        const std::string genmove = "genmove " + std::string(colorName(side));
        const auto start = Clock::now();
        const Reply reply = guarded(side, [&] {
            link.send(genmove);
            if (settings_.chaos > 0 && roll(random_) < settings_.chaos)
                link.send("# interrupt");
            return link.await(after(allowed + settings_.margin), stop_);
        });
        const double used = std::chrono::duration<double>(Clock::now() - start).count();
        out.timeUsed[index(side)] += used;
        clocks[index(side)] -= used;
        if (settings_.gameClock > 0 && clocks[index(side)] < -settings_.margin)
            throw Fault{side, "timeout: game clock exceeded"};
        if (!reply.ok)
            throw Fault{side, "refused '" + genmove + "': " + reply.payload};
        const auto move = readMove(reply.payload, side, out.game);
        if (!move) {
            out.winner = opponent(side);
            out.reason = "resign";
            return;
        }
        out.game.play(side, *move);
        if (move->isSwap()) {
            resync(links, out.game);
            continue;
        }
        const std::string play =
            "play " + std::string(colorName(side)) + " " + lower(reply.payload);
        if (settings_.chaos > 0 && roll(random_) < settings_.chaos) {
            expectOk(link, side, "undo"); // soak: take the move back and play it again
            expectOk(link, side, play);
        }
        expectOk(*links[index(opponent(side))], opponent(side), play);
    }
    out.winner = out.game.board().winner();
    out.reason = "connection";
}

GameOutcome Referee::play(EngineLink* links[2], const Opening& opening) {
    GameOutcome out;
    out.game = Game(settings_.size, settings_.size);
    double clocks[2] = {settings_.gameClock, settings_.gameClock};
    try {
        setUp(links, out, opening);
        moveLoop(links, out, clocks);
    } catch (const Fault& fault) {
        out.winner = opponent(fault.side);
        out.failed = fault.side;
        out.reason = std::string(colorName(fault.side)) + " " + fault.message;
    } catch (const LinkFailure&) {
        out.abandoned = true; // stopped by the user
    }
    return out;
}

} // namespace hex::match
