#pragma once

#include "core/types.h"

#include <array>
#include <span>
#include <vector>

namespace hex {

// Killer moves per ply and a history score per (colour, cell), cleared at the start of every
// search so that identical searches are identical.
class MoveOrdering {
public:
    void reset(int cellCount, int maxPly);

    void recordCutoff(Color color, Cell move, int depth, int ply);

    // Orders `moves` (already in evaluator order, best first) in place: the TT move first, then
    // the killers of this ply, then the rest by history (stable, so evaluator order breaks ties).
    void order(std::span<Cell> moves, Cell ttMove, Color color, int ply) const;

private:
    int historyOf(Color color, Cell c) const noexcept {
        return history_[static_cast<std::size_t>(index(color) * cellCount_ + c)];
    }

    int cellCount_ = 0;
    std::vector<std::array<Cell, 2>> killers_;
    std::vector<int> history_;
};

// Sorts `moves` by decreasing cellValues (stable: equal values keep their order).
void sortByCellValue(std::span<Cell> moves, std::span<const int> cellValues);

} // namespace hex
