#include "search/move_ordering.h"

#include <algorithm>

namespace hex {

namespace {

// Caps history so that deep searches cannot overflow; halving keeps the ranking.
constexpr int kHistoryCap = 1 << 24;

void moveToFront(std::span<Cell> moves, std::size_t from, std::size_t to) {
    std::rotate(moves.begin() + static_cast<std::ptrdiff_t>(to),
                moves.begin() + static_cast<std::ptrdiff_t>(from),
                moves.begin() + static_cast<std::ptrdiff_t>(from) + 1);
}

} // namespace

void MoveOrdering::reset(int cellCount, int maxPly) {
    cellCount_ = cellCount;
    killers_.assign(static_cast<std::size_t>(maxPly + 1), {kNoCell, kNoCell});
    history_.assign(static_cast<std::size_t>(2 * cellCount), 0);
}

void MoveOrdering::recordCutoff(Color color, Cell move, int depth, int ply) {
    auto& killers = killers_[static_cast<std::size_t>(ply)];
    if (killers[0] != move) {
        killers[1] = killers[0];
        killers[0] = move;
    }
    int& h = history_[static_cast<std::size_t>(index(color) * cellCount_ + move)];
    h += depth * depth;
    if (h > kHistoryCap) {
        for (int& v : history_)
            v /= 2;
    }
}

void MoveOrdering::order(std::span<Cell> moves, Cell ttMove, Color color, int ply) const {
    std::stable_sort(moves.begin(), moves.end(),
                     [&](Cell a, Cell b) { return historyOf(color, a) > historyOf(color, b); });
    std::size_t front = 0;
    auto promote = [&](Cell move) {
        if (move == kNoCell)
            return;
        const auto it =
            std::find(moves.begin() + static_cast<std::ptrdiff_t>(front), moves.end(), move);
        if (it == moves.end())
            return;
        moveToFront(moves, static_cast<std::size_t>(it - moves.begin()), front);
        ++front;
    };
    promote(ttMove);
    for (Cell killer : killers_[static_cast<std::size_t>(ply)])
        promote(killer);
}

void sortByCellValue(std::span<Cell> moves, std::span<const int> cellValues) {
    std::stable_sort(moves.begin(), moves.end(), [&](Cell a, Cell b) {
        return cellValues[static_cast<std::size_t>(a)] > cellValues[static_cast<std::size_t>(b)];
    });
}

} // namespace hex
