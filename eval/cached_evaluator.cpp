#include "eval/cached_evaluator.h"

#include "core/zobrist.h"

#include <algorithm>
#include <bit>

namespace hex::eval {

CachedEvaluator::CachedEvaluator(std::unique_ptr<Evaluator> inner, std::size_t budgetBytes)
    : inner_(std::move(inner)), budgetBytes_(budgetBytes) {}

// The largest power of two of entries, with their cells, within the budget (at least one). The
// cells are allocated at the first request for them (cellsOf): a cache of values alone, as the
// mix's net's, never needs them.
void CachedEvaluator::fitTo(const Board& board) {
    const Geometry& g = board.geometry();
    if (g.width() == width_ && g.height() == height_)
        return;
    width_ = g.width();
    height_ = g.height();
    const std::size_t perEntry =
        sizeof(Entry) + static_cast<std::size_t>(g.cellCount()) * sizeof(int);
    const std::size_t count = std::bit_floor(std::max<std::size_t>(budgetBytes_ / perEntry, 1));
    entries_.assign(count, Entry{});
    cells_.clear();
}

CachedEvaluator::Entry& CachedEvaluator::slot(const Board& board, std::uint64_t key) {
    fitTo(board);
    return entries_[static_cast<std::size_t>(key) & (entries_.size() - 1)];
}

std::span<int> CachedEvaluator::cellsOf(const Entry& entry) {
    const auto cellCount = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
    if (cells_.empty())
        cells_.assign(entries_.size() * cellCount, 0);
    const auto index = static_cast<std::size_t>(&entry - entries_.data());
    return {cells_.data() + index * cellCount, cellCount};
}

// The entry's value, completed by the evaluator when it holds evaluateCells's partial one.
Score CachedEvaluator::valueOf(const Board& board, Color toMove, Entry& entry) {
    if (!entry.complete) {
        entry.score = inner_->completeValue(board, toMove, entry.score);
        entry.complete = true;
    }
    return entry.score;
}

// The position's cell values, into cellValues and its entry: the stored ones, or the
// evaluator's. An entry that knows the position's value keeps it, so that one position is one
// score; a new entry keeps the partial value until a value is asked for.
CachedEvaluator::Entry& CachedEvaluator::withCells(const Board& board, Color toMove,
                                                   std::span<int> cellValues) {
    const std::uint64_t key = board.key() ^ zobrist::sideToMove(toMove);
    Entry& entry = slot(board, key);
    const std::span<int> stored = cellsOf(entry);
    const bool known = entry.used && entry.key == key;
    if (known && entry.hasCells) {
        ++stats_.hits;
        std::copy(stored.begin(), stored.end(), cellValues.begin());
        return entry;
    }
    ++stats_.misses;
    const Score partial = inner_->evaluateCells(board, toMove, cellValues);
    if (!known)
        entry = Entry{key, partial, true, false, false};
    entry.hasCells = true;
    std::copy(cellValues.begin(), cellValues.end(), stored.begin());
    return entry;
}

Score CachedEvaluator::evaluate(const Board& board, Color toMove) {
    const std::uint64_t key = board.key() ^ zobrist::sideToMove(toMove);
    Entry& entry = slot(board, key);
    if (entry.used && entry.key == key) {
        ++stats_.hits;
        return valueOf(board, toMove, entry);
    }
    ++stats_.misses;
    entry = Entry{key, inner_->evaluate(board, toMove), true, false, true};
    return entry.score;
}

Score CachedEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                         std::span<int> cellValues) {
    return valueOf(board, toMove, withCells(board, toMove, cellValues));
}

Score CachedEvaluator::evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) {
    return withCells(board, toMove, cellValues).score;
}

// From the entry, which knows whether its value is complete; a position no longer in the table
// is evaluated again.
Score CachedEvaluator::completeValue(const Board& board, Color toMove, Score /*partial*/) {
    return evaluate(board, toMove);
}

} // namespace hex::eval
