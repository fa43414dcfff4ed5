#include "engine/evaluation.h"

namespace hex {

eval::Evaluator* EvaluatorCache::get(std::string_view name, const eval::EvaluatorConfig& config) {
    if (config != config_) {
        cache_.clear();
        config_ = config;
    }
    auto it = cache_.find(name);
    if (it == cache_.end()) {
        auto evaluator = eval::makeEvaluator(name, config);
        if (!evaluator)
            return nullptr;
        it = cache_.emplace(std::string(name), std::move(evaluator)).first;
    }
    return it->second.get();
}

CellValues evaluateCells(eval::Evaluator& evaluator, const Board& board, Color toMove) {
    CellValues result;
    result.cells.assign(static_cast<std::size_t>(board.geometry().cellCount()), 0);
    result.value = evaluator.evaluateWithCells(board, toMove, result.cells);
    return result;
}

} // namespace hex
