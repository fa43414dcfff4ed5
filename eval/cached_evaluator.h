#pragma once

#include "core/direct_mapped_cache.h"
#include "eval/evaluator.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace hex::eval {

// Remembers the recent values of another evaluator by position (the stones' Zobrist key, the
// side to move, the board's size), so that a position evaluated again is not computed again. A
// search evaluates the same positions many times: every iteration of the deepening and both
// passes of a depth reach the same nodes, and the next move's search starts inside the last one's
// tree. In 9x9 self-play at 300 nodes per move about two fifths of the evaluations were repeats
// (docs/search.md, "Evaluation cache").
//
// Only for an evaluator whose value is a function of the position alone: the engine caches the
// mix's net (registry.cpp), not the circuit, whose `vc` links derive builds from recent ones and
// so answer a position differently after different predecessors (a cached circuit changed the
// search). Cell values are not kept: they pass through to the evaluator (the mix asks its net for
// values only). Direct-mapped, the newest entry kept; one board size at a time (a new size
// empties it, since empty boards of every size share a key).
class CachedEvaluator final : public Evaluator {
public:
    // 2^17 slots: 512 KB of slot index, and at most 2 MB of entries, allocated as they fill.
    static constexpr std::size_t kDefaultSlots = std::size_t{1} << 17;

    explicit CachedEvaluator(std::unique_ptr<Evaluator> inner, std::size_t slots = kDefaultSlots);

    std::string_view name() const override { return inner_->name(); }
    Score evaluate(const Board& board, Color toMove) override;
    // Computed by the evaluator (the cells are not kept); the value is stored.
    Score evaluateWithCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    void evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) override;
    std::optional<GameState> connectionState(const Board& board, Color toMove) const override {
        return inner_->connectionState(board, toMove);
    }

    struct Stats {
        std::uint64_t hits = 0;
        std::uint64_t misses = 0;
    };
    const Stats& stats() const noexcept { return stats_; }

private:
    // The key of `board` with `toMove` to play, after emptying the table for a new board size.
    Key keyFor(const Board& board, Color toMove);

    std::unique_ptr<Evaluator> inner_;
    DirectMappedCache<Score> values_;
    int width_ = 0;
    int height_ = 0;
    Stats stats_;
};

} // namespace hex::eval
