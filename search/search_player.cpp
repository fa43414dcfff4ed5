#include "search/search_player.h"

#include "search/opening_table.h"

#include <spdlog/spdlog.h>

namespace hex {

namespace {

std::string pvText(const Geometry& geometry, const std::vector<Cell>& pv) {
    std::string text;
    for (Cell c : pv)
        text += (text.empty() ? "" : " ") + geometry.name(c);
    return text;
}

} // namespace

void SearchPlayer::clear() {
    if (table_)
        table_->clear();
    last_.reset();
}

// (Re)creates the table and evaluator when the settings changed; false for an unknown evaluator.
bool SearchPlayer::prepare(const PlayerSettings& settings) {
    if (!evaluator_ || evaluator_->name() != settings.evaluator) {
        evaluator_ = eval::makeEvaluator(settings.evaluator);
        if (!evaluator_)
            return false;
    }
    if (!table_)
        table_ = std::make_unique<TranspositionTable>(settings.tableMb);
    else if (table_->megabytes() != settings.tableMb)
        table_->resize(settings.tableMb);
    return true;
}

SearchResult SearchPlayer::search(const Board& board, Color toMove, const PlayerSettings& settings,
                                  const StopFn& shouldStop) {
    SearchLimits limits;
    limits.maxDepth = settings.maxDepth;
    limits.maxNodes = settings.maxNodes;
    limits.width = settings.width;
    limits.time = TimeManager::deadlines(settings.clock, board.emptyCount(), SteadyClock::now());
    limits.shouldStop = shouldStop;

    const Geometry& g = board.geometry();
    SearchCallbacks callbacks;
    callbacks.onIteration = [&g](const IterationInfo& info) {
        spdlog::info("depth {} score {} nodes {} nps {} time {:.2f}s pv {}", info.depth,
                     scoreText(info.score), info.nodes, info.nodesPerSecond, info.seconds,
                     pvText(g, info.pv));
    };
    Search search(*table_, *evaluator_);
    SearchResult result = search.run(board, toMove, limits, callbacks);
    spdlog::info("search {} {}: best {} score {} depth {} nodes {} in {:.2f}s", colorName(toMove),
                 result.reason == SearchResult::Reason::Searched ? "searched" : "tactical",
                 result.best == kNoCell ? "none" : g.name(result.best), scoreText(result.score),
                 result.depth, result.nodes, result.seconds);
    last_ = LastSearch{board, toMove, result};
    return result;
}

Cell SearchPlayer::chooseStone(const Board& board, Color toMove, const PlayerSettings& settings,
                               const StopFn& shouldStop) {
    if (!prepare(settings))
        return kNoCell;
    return search(board, toMove, settings, shouldStop).best;
}

bool SearchPlayer::shouldSwap(const Board& board, Color toMove, const PlayerSettings& settings,
                              const StopFn& shouldStop) {
    if (const std::optional<bool> proven = OpeningTable::shouldSwap(board)) {
        spdlog::info("swap decision from the proven openings: {}", *proven ? "swap" : "no swap");
        return *proven;
    }
    if (!prepare(settings))
        return false;
    const SearchResult r = search(board, toMove, settings, shouldStop);
    return r.reason == SearchResult::Reason::Searched && r.score < 0;
}

} // namespace hex
