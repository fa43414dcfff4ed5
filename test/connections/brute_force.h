#pragma once

#include "connections/cell_set.h"
#include "core/board.h"

#include <algorithm>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

namespace hex::testing {

// Exact game values by memoised minimax, independent of the code under test except Board. For
// small boards only.
class Minimax {
public:
    // Whether toMove wins the position.
    bool wins(Board& board, Color toMove) {
        if (const auto w = board.winner())
            return *w == toMove;
        const Key key = board.positionKey(toMove);
        if (const auto it = memo_.find(key); it != memo_.end())
            return it->second;
        bool result = false;
        for (Cell c : board.emptyCells()) {
            board.play(c, toMove);
            const bool childWins = wins(board, opponent(toMove));
            board.undo();
            if (!childWins) {
                result = true;
                break;
            }
        }
        memo_.emplace(key, result);
        return result;
    }

private:
    std::unordered_map<Key, bool> memo_;
};

// Whether `owner` joins nodes a and b when the opponent holds every empty cell outside
// `carrier` (a and b, if empty, are given to the owner) and the two then play inside the
// carrier, the owner moving first if ownerFirst.
class VcChecker {
public:
    bool holds(const Board& position, Color owner, Cell a, Cell b, const CellSet& carrier,
               bool ownerFirst) {
        Board board = position;
        for (Cell c : position.emptyCells()) {
            if (c == a || c == b)
                board.play(c, owner);
            else if (!carrier.test(c))
                board.play(c, opponent(owner));
        }
        memo_.clear();
        a_ = a;
        b_ = b;
        owner_ = owner;
        return ownerWins(board, ownerFirst ? owner : opponent(owner));
    }

private:
    // Owner can still join a and b using its stones and the empty cells.
    bool reachable(const Board& board) const {
        const Geometry& g = board.geometry();
        std::vector<char> seen(static_cast<std::size_t>(g.nodeCount()), 0);
        std::vector<Cell> stack{a_};
        seen[static_cast<std::size_t>(a_)] = 1;
        while (!stack.empty()) {
            const Cell c = stack.back();
            stack.pop_back();
            if (c == b_)
                return true;
            for (Cell n : g.neighbours(c)) {
                if (!seen[static_cast<std::size_t>(n)] && !board.has(n, opponent(owner_))) {
                    seen[static_cast<std::size_t>(n)] = 1;
                    stack.push_back(n);
                }
            }
        }
        return false;
    }

    bool ownerWins(Board& board, Color toMove) {
        if (board.connected(a_, b_))
            return true;
        if (!reachable(board))
            return false;
        const Key key = board.positionKey(toMove);
        if (const auto it = memo_.find(key); it != memo_.end())
            return it->second;
        bool result = toMove != owner_;
        for (Cell c : board.emptyCells()) {
            board.play(c, toMove);
            const bool w = ownerWins(board, opponent(toMove));
            board.undo();
            if (w == (toMove == owner_)) {
                result = w;
                break;
            }
        }
        memo_.emplace(key, result);
        return result;
    }

    std::unordered_map<Key, bool> memo_;
    Cell a_ = kNoCell;
    Cell b_ = kNoCell;
    Color owner_ = Color::Black;
};

// A random position without a winner: `stones` stones, colours alternating from Black, or
// nullopt if the random play produced a winner.
inline std::optional<Board> randomPosition(int size, int stones, std::mt19937& rng) {
    Board board(size, size);
    std::vector<Cell> cells = board.emptyCells();
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int i = 0; i < stones && i < static_cast<int>(cells.size()); ++i)
        board.play(cells[static_cast<std::size_t>(i)], i % 2 == 0 ? Color::Black : Color::White);
    if (board.winner())
        return std::nullopt;
    return board;
}

// A random position on a 3x3 to 5x5 board with at most maxEmpty empty cells (so that minimax
// stays cheap) and no winner yet.
inline Board randomSmallPosition(std::mt19937& rng, int maxEmpty) {
    while (true) {
        const int size = 3 + static_cast<int>(rng() % 3);
        const int minStones = std::max(0, size * size - maxEmpty);
        const int stones =
            minStones + static_cast<int>(rng() % static_cast<unsigned>(size * size - minStones));
        if (auto board = randomPosition(size, stones, rng))
            return *board;
    }
}

// Whether the colour of c changes the winner of some completion of the other empty cells
// (exhaustive for up to kMaxExhaustive other empty cells, sampled beyond).
inline bool colourMatters(const Board& position, Cell c, std::mt19937& rng) {
    constexpr int kMaxExhaustive = 12;
    constexpr int kSamples = 4096;
    std::vector<Cell> others;
    for (Cell e : position.emptyCells())
        if (e != c)
            others.push_back(e);
    const int n = static_cast<int>(others.size());
    const bool exhaustive = n <= kMaxExhaustive;
    const std::uint32_t rounds = exhaustive ? (1U << n) : kSamples;
    Board board = position;
    for (std::uint32_t r = 0; r < rounds; ++r) {
        const std::uint32_t bits = exhaustive ? r : static_cast<std::uint32_t>(rng());
        for (int i = 0; i < n; ++i)
            board.play(others[static_cast<std::size_t>(i)],
                       (bits >> (i % 32)) & 1U ? Color::Black : Color::White);
        board.play(c, Color::Black);
        const auto withBlack = board.winner();
        board.undo();
        board.play(c, Color::White);
        const auto withWhite = board.winner();
        board.undo();
        for (int i = 0; i < n; ++i)
            board.undo();
        if (withBlack != withWhite)
            return true;
    }
    return false;
}

// The winner still wins when the loser owns every empty cell outside the proof.
inline bool proofHolds(const Board& position, Color toMove, Color winner, const CellSet& proof) {
    Board board = position;
    for (Cell c : position.emptyCells())
        if (!proof.test(c))
            board.play(c, opponent(winner));
    return Minimax().wins(board, toMove) == (winner == toMove);
}

} // namespace hex::testing
