#pragma once

#include "eval/evaluator.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hex::eval {

// Remembers the recent evaluations of another evaluator by position (the stones' Zobrist key,
// the side to move and the board's size), so that a position evaluated again is not computed
// again. A search evaluates the same positions many times: every iteration of the deepening
// and both passes of a depth evaluate the interior nodes again for their cell values, and the
// next move's search starts inside the last one's tree. In 9x9 self-play at 300 nodes per move
// about two fifths of the evaluations were repeats (docs/search.md, "Evaluation cache").
//
// The first result for a position is the one kept: an evaluator whose result depends on what
// it evaluated before (the vc links derive a build from recent ones) would answer differently
// than without the cache, which changed the search when the player cached its whole evaluator.
// So the engine caches the mix's net alone, a function of the position (registry.cpp). A value-only
// entry answers `evaluate`; a request for cell values recomputes and stores them. A request for
// cells alone (evaluateCells) keeps the evaluator's partial value, completed when a value is first
// asked for. Direct-mapped, newest kept, within a memory budget; the cells are stored for one board
// size at a time (a new size empties it).
class CachedEvaluator final : public Evaluator {
public:
    static constexpr std::size_t kDefaultBytes = std::size_t{8} << 20;

    explicit CachedEvaluator(std::unique_ptr<Evaluator> inner,
                             std::size_t budgetBytes = kDefaultBytes);

    std::string_view name() const override { return inner_->name(); }
    Score evaluate(const Board& board, Color toMove) override;
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    // The cells, stored with the evaluator's partial value: a value asked for later is then
    // completed once (the mix's net runs only for the positions whose value is needed).
    Score evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    // The position's value from its entry (or evaluated again if it left the table).
    Score completeValue(const Board& board, Color toMove, Score partial) override;

    struct Stats {
        std::uint64_t hits = 0;
        std::uint64_t misses = 0;
    };
    const Stats& stats() const noexcept { return stats_; }
    // The number of entries for the board size in use (0 before the first evaluation).
    std::size_t entries() const noexcept { return entries_.size(); }

private:
    struct Entry {
        std::uint64_t key = 0; // position key and side to move; valid only when `used`
        Score score = 0;
        bool used = false;
        bool hasCells = false;
        bool complete = true; // false: `score` is evaluateCells's partial value
    };

    // The entry for `board` and `toMove`, after fitting the table to the board's size.
    Entry& slot(const Board& board, std::uint64_t key);
    Entry& withCells(const Board& board, Color toMove, std::span<int> cellValues);
    Score valueOf(const Board& board, Color toMove, Entry& entry);
    void fitTo(const Board& board);
    std::span<int> cellsOf(const Entry& entry);

    std::unique_ptr<Evaluator> inner_;
    std::size_t budgetBytes_;
    int width_ = 0;
    int height_ = 0;
    std::vector<Entry> entries_;
    std::vector<int> cells_; // entries_.size() rows of the board's cell count, or none yet
    Stats stats_;
};

} // namespace hex::eval
