#pragma once

#include "eval/evaluator.h"
#include "eval/two_distance_sweep.h"

#include <vector>

namespace hex::eval {

// Queenbee's two-distance potentials (docs/evaluators.md, "twodistance"). For each colour and each
// of its edges the two-distance of every empty cell: 1 next to the edge (through own groups),
// otherwise one more than the second-smallest two-distance among its neighbours, where neighbours
// are taken through the colour's own groups and opponent stones block. A cell's potential is the
// sum over both edges; a colour's potential is its minimum over the board, and the number of cells
// at that minimum breaks ties. Value for X against Y:
//     K * (pot_Y - pot_X) + (count_X - count_Y),   K = cells + 1 > any count difference,
// with an unreachable potential counted as unreachable(cells). Cell values are
// 2 * unreachable(cells) - (P_black + P_white): cells on short paths for both sides first.
//
// Unlike Benzene's TwoDistance, the value compares potentials, not the ids of the cells that
// attain them.
class TwoDistanceEvaluator final : public Evaluator {
public:
    // Larger than any finite potential (a two-distance is at most the number of cells).
    static constexpr int unreachable(int cells) noexcept { return 2 * cells + 2; }

    std::string_view name() const override { return "twodistance"; }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;

    // Potential of every cell for color (occupied cells and unreachable ones get
    // unreachable(cells)); valid until the next call.
    std::span<const int> potentials(const Board& board, Color color);

private:
    struct Summary {
        int potential;
        int count;
    };

    std::span<const int> potentialsOf(const Board& board, Color color);
    Summary summarise(std::span<const int> potential) const;
    Score score(const Board& board, Summary own, Summary other) const;

    TwoDistanceSweep sweep_;
    std::vector<int> potential_[2];
};

} // namespace hex::eval
