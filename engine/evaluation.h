#pragma once

#include "core/board.h"
#include "core/score.h"
#include "eval/evaluator.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

// Evaluators made on first use, one per name (they keep scratch buffers between calls), remade
// when the evaluator options change.
class EvaluatorCache {
public:
    // The named evaluator made with `config`, or nullptr when no evaluator has that name.
    eval::Evaluator* get(std::string_view name, const eval::EvaluatorConfig& config);

private:
    eval::EvaluatorConfig config_;
    std::map<std::string, std::unique_ptr<eval::Evaluator>, std::less<>> cache_;
};

// A static evaluation from the side to move's view: the position's value and each cell's.
struct CellValues {
    Score value = 0;
    std::vector<int> cells; // per interior cell; 0 on occupied cells
};

CellValues evaluateCells(eval::Evaluator& evaluator, const Board& board, Color toMove);

} // namespace hex
