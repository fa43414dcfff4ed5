#include "eval/cached_evaluator.h"

namespace hex::eval {

CachedEvaluator::CachedEvaluator(std::unique_ptr<Evaluator> inner, std::size_t slots)
    : inner_(std::move(inner)), values_(slots) {}

Key CachedEvaluator::keyFor(const Board& board, Color toMove) {
    const Geometry& g = board.geometry();
    if (g.width() != width_ || g.height() != height_) {
        values_.clear();
        width_ = g.width();
        height_ = g.height();
    }
    return board.positionKey(toMove);
}

Score CachedEvaluator::evaluate(const Board& board, Color toMove) {
    const Key key = keyFor(board, toMove);
    if (const Score* known = values_.find(key)) {
        ++stats_.hits;
        return *known;
    }
    ++stats_.misses;
    const Score value = inner_->evaluate(board, toMove);
    if (values_.enabled())
        values_.store(key) = value;
    return value;
}

Score CachedEvaluator::evaluateWithCells(const Board& board, Color toMove,
                                         std::span<int> cellValues) {
    const Key key = keyFor(board, toMove);
    const Score value = inner_->evaluateWithCells(board, toMove, cellValues);
    if (values_.enabled())
        values_.store(key) = value;
    return value;
}

void CachedEvaluator::evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) {
    inner_->evaluateCells(board, toMove, cellValues);
}

} // namespace hex::eval
