// The root of the search: set-up, iterative deepening, aspiration windows and the root move
// loop. The node search is in alpha_beta.cpp.
#include "search/search.h"

#include "connections/inferior.h"
#include "connections/inferior_moves.h"

#include <algorithm>

namespace hex {

Search::Search(TranspositionTable& table, eval::Evaluator& evaluator)
    : table_(table), evaluator_(evaluator) {
    own_.setStop([this] { return connectionsShouldStop(); });
    opp_.setStop([this] { return connectionsShouldStop(); });
}

bool Search::connectionsShouldStop() {
    pollStop();
    return aborted_ || (limits_.time && SteadyClock::now() >= connectionsDeadline_);
}

void Search::prepare(const Board& board, Color toMove, const SearchLimits& limits) {
    board_ = board;
    rootColor_ = toMove;
    limits_ = limits;
    limits_.maxDepth = std::clamp(limits_.maxDepth, 1, std::max(1, board.emptyCount()));
    limits_.width = std::max(limits_.width, 1);
    start_ = SteadyClock::now();
    lastIteration_ = {};
    quiescentLeaves_ = false;
    nodes_ = 0;
    aborted_ = false;
    cellCount_ = board.geometry().cellCount();
    maxPly_ = board.emptyCount() + 1;
    const auto plies = static_cast<std::size_t>(maxPly_ + 2);
    ordering_.reset(cellCount_, maxPly_ + 1);
    moves_.assign(plies, {});
    for (auto& list : moves_)
        list.reserve(static_cast<std::size_t>(cellCount_));
    cellValues_.assign(plies * static_cast<std::size_t>(cellCount_), 0);
    pvTable_.assign(plies * plies, kNoCell);
    pvLength_.assign(plies, 0);
    proofs_.assign(plies, {});
    rootRegion_ = {emptyCellSet(board), {}};
    rootMoves_.clear();
    rootScores_.clear();
    iterationBest_ = kNoCell;
    table_.newSearch();
}

// The game is over, one stone wins, or the opponent threatens to win next move.
std::optional<SearchResult> Search::resolveWithoutSearch() {
    SearchResult result;
    if (board_.winner()) {
        result.reason = SearchResult::Reason::GameOver;
        result.score = *board_.winner() == rootColor_ ? kWin : -kWin;
        return result;
    }
    const WinningCells wins = findWinningCells(board_, rootColor_, 1);
    if (wins.count > 0) {
        result.reason = SearchResult::Reason::ImmediateWin;
        result.best = wins.cells[0];
        result.score = kWin - 1;
        result.pv = {result.best};
        result.pattern = CellSet::of({result.best});
        return result;
    }
    const WinningCells threats = findWinningCells(board_, opponent(rootColor_), 2);
    if (threats.count > 0) {
        result.reason = SearchResult::Reason::ForcedBlock;
        result.best = threats.cells[0];
        result.score = threats.count >= 2 ? -(kWin - 2) : 0;
        result.pv = {result.best};
        if (threats.count >= 2)
            result.pattern = CellSet::of({threats.cells[0], threats.cells[1]});
        return result;
    }
    if (const auto& known = limits_.knownLossPattern;
        known && (*known & rootRegion_.candidates).any())
        rootRegion_ = {rootRegion_.candidates & *known, *known};
    if (limits_.pruneInferiorAtRoot)
        pruneInferiorRootMoves();
    if (!limits_.knownWin && board_.emptyCount() <= limits_.rootConnectionsMaxEmpty)
        return resolveByConnections();
    return std::nullopt;
}

// H-search at the root: a connection win is played at once (its key); otherwise the root moves
// shrink to the must-play cells or, when the opponent already wins by a connection, to the
// cells of its proof (the moves that make it work hardest). With a clock it gets at most
// kRootConnectionsShare of the time to the hard deadline; stopped early, what it found is still
// sound (a larger must-play region, a win or loss only where a connection was found).
std::optional<SearchResult> Search::resolveByConnections() {
    if (limits_.time)
        connectionsDeadline_ = start_ + std::chrono::duration_cast<SteadyClock::duration>(
                                            (limits_.time->hard - start_) * kRootConnectionsShare);
    const GameState state = analyseConnections(rootColor_);
    connectionsDeadline_ = SteadyClock::time_point::max();
    if (state.winner == rootColor_) {
        SearchResult result;
        result.reason = SearchResult::Reason::ConnectionWin;
        result.best = state.winningMove;
        result.score = kWin - board_.emptyCount();
        result.pv = {result.best};
        result.pattern = state.proof;
        return result;
    }
    // Without a restriction the reason stays empty: nothing was excluded.
    const CellSet region = state.winner ? state.proof : state.mustPlay;
    const CellSet reason = state.winner ? state.proof : state.mustPlayReason;
    if ((region & rootRegion_.candidates).any() && !rootRegion_.candidates.isSubsetOf(region)) {
        rootRegion_.candidates &= region;
        rootRegion_.reason |= reason;
    }
    return std::nullopt;
}

// A dead cell, a cell of a captured pair (either colour's) and a vulnerable or dominated cell of
// the mover is never a better move than some other one, so the root does not search them:
// playing one is at best a pass. Once per search it costs little, and it keeps the evaluator's
// liking for edge cells from wasting a move there. The reason for the excluded moves is every
// empty cell, so a loss proven at the root stays sound without their individual proofs.
// The vulnerable and dominated moves are found after the fill-in, as in the solver: a kept
// move's value is the same there (the filled cells stay dead or captured after it), and a
// dominator is then never a filled cell, which is not searched (a move dominated by a cell of
// the opponent's captured pair would otherwise lose the only winning moves).
void Search::pruneInferiorRootMoves() {
    const FillIn fill = fillInferior(board_);
    CellSet kept = rootRegion_.candidates - fill.cells;
    if (!board_.winner())
        kept -= findInferiorMoves(board_, rootColor_, kept).pruned;
    for (int i = 0; i < fill.stones; ++i)
        board_.undo();
    if (kept.none() || kept == rootRegion_.candidates)
        return;
    rootRegion_.candidates = kept;
    rootRegion_.reason = emptyCellSet(board_);
}

// Every empty cell, the TT move first, then by the evaluator's cell values.
void Search::generateRootMoves() {
    const CanonicalKey key = canonicalKey(board_, rootColor_);
    Cell ttMove = kNoCell;
    if (limits_.useTT) {
        if (const auto hit = table_.probe(key.key))
            ttMove = fromCanonical(board_.geometry(), key, hit->move);
    }
    const std::span<int> values = cellValuesAt(0);
    evaluator_.evaluateCells(board_, rootColor_, values); // the root's order; no value needed
    const CellSet& candidates = rootRegion_.candidates;
    for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1))
        rootMoves_.push_back(c);
    sortByCellValue(rootMoves_, values);
    const auto it = std::find(rootMoves_.begin(), rootMoves_.end(), ttMove);
    if (it != rootMoves_.end())
        std::rotate(rootMoves_.begin(), it, it + 1);
    for (Cell c : rootMoves_)
        rootScores_.push_back({c, -kInfinity, false});
}

SearchResult Search::run(const Board& board, Color toMove, const SearchLimits& limits,
                         const SearchCallbacks& callbacks) {
    prepare(board, toMove, limits);
    if (std::optional<SearchResult> early = resolveWithoutSearch())
        return *early;
    generateRootMoves();

    SearchResult result;
    result.best = rootMoves_.front(); // the evaluator's favourite until an iteration finishes
    for (Iteration it; it.depth <= limits_.maxDepth; it = nextIteration(it)) {
        const int depth = it.depth;
        const bool first = depth == 1 && !it.quiescence;
        if (limits_.time && !first && SteadyClock::now() >= limits_.time->soft)
            break;
        if (!it.quiescence && !oddIterationPays(depth))
            break;
        quiescentLeaves_ = it.quiescence;
        const bool decides = decidesMove(depth);
        if (decides)
            searchFirst(result.best);
        iterationBest_ = kNoCell;
        const SteadyClock::time_point iterationStart = SteadyClock::now();
        const Score score = aspirationSearch(depth, result.score);
        if (!it.quiescence)
            lastIteration_ = SteadyClock::now() - iterationStart;
        if (aborted_) {
            // The previous best was searched first, so any move that raised alpha since is better.
            if (decides && iterationBest_ != kNoCell && iterationBest_ != result.best) {
                result.best = iterationBest_;
                result.pv = pvFromRoot();
            }
            break;
        }
        // A proven result stands at any depth, and cannot change with more.
        const bool adopted = decides || isProvenScore(score);
        if (adopted)
            adoptIteration(result, depth, score);
        const double seconds = elapsedSeconds();
        if (callbacks.onIteration) {
            const auto nps =
                seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes_) / seconds) : 0;
            std::vector<Cell> rootOrder;
            if (adopted)
                for (const RootMoveScore& s : result.rootScores)
                    rootOrder.push_back(s.cell);
            callbacks.onIteration({depth, it.quiescence, score, nodes_, seconds, nps, pvFromRoot(),
                                   std::move(rootOrder)});
        }
        if (isProvenScore(score))
            break;
    }
    if (result.score < -kMaxEval && result.depth > 0) {
        const Cell hardest = hardestLosingMove(result);
        if (hardest != result.best) {
            result.best = hardest;
            result.pv = {hardest};
        }
    }
    result.nodes = nodes_;
    result.seconds = elapsedSeconds();
    return result;
}

// With even depths deciding and a clock, an odd iteration past the first is worth starting only
// when the even one after it can start before the soft deadline, for it only orders that one's
// moves. Started later, it runs to the hard deadline and is thrown away (at 1 s per move on
// 11x11 depth 4 ends after 0.45 s on a loaded machine, half the moves): its time is left to
// the caller, whose solver uses it (SearchPlayer).
bool Search::oddIterationPays(int depth) const {
    if (!limits_.evenDepthMoves || !limits_.time || depth == 1 || depth % 2 == 0)
        return true;
    const auto oddIteration =
        std::chrono::duration_cast<SteadyClock::duration>(lastIteration_ * kIterationGrowth);
    return SteadyClock::now() + oddIteration < limits_.time->soft;
}

// Each depth with static leaves; with the quiescence on, a depth that decides the move is
// searched again with quiescent leaves. Why two passes: the quiescence chooses better at the
// same depth (docs/strength.md, "Quiescence at the leaves") but costs about twice the time, and
// at one second per move on a loaded machine a search with it everywhere finished depth 4 in
// fewer than half the moves and scored less than one without it ("Two passes per depth"). The
// static pass is the fallback a stopped quiescent pass cannot make worse: the quiescent pass
// searches its move first and only a better one replaces it.
Search::Iteration Search::nextIteration(Iteration done) const {
    if (!done.quiescence && limits_.quiescence() && decidesMove(done.depth))
        return {done.depth, true};
    return {done.depth + 1, false};
}

bool Search::decidesMove(int depth) const {
    return !limits_.evenDepthMoves || depth == 1 || depth % 2 == 0;
}

// The iteration's order, but `move` first: an iteration that is stopped early can then only
// replace it by a move that scored better at the same depth. rootScores_ stays in step with
// rootMoves_ (searchRoot relies on it).
void Search::searchFirst(Cell move) {
    const auto it = std::find(rootMoves_.begin(), rootMoves_.end(), move);
    if (it == rootMoves_.end())
        return;
    const auto index = it - rootMoves_.begin();
    std::rotate(rootMoves_.begin(), it, it + 1);
    std::rotate(rootScores_.begin(), rootScores_.begin() + index, rootScores_.begin() + index + 1);
}

// The finished iteration's best move, score, principal variation and root scores become the
// result.
void Search::adoptIteration(SearchResult& result, int depth, Score score) const {
    result.best = rootMoves_.front();
    result.score = score;
    result.depth = depth;
    result.pv = pvFromRoot();
    result.rootScores.clear();
    for (const RootMoveScore& s : rootScores_)
        if (s.score != -kInfinity) // beyond limits_.rootWidth: not searched
            result.rootScores.push_back(s);
    result.pattern.reset();
    if (proofs_[0].kind != Proven::None)
        result.pattern = proofs_[0].pattern;
}

// When every move loses: the one whose refutation needed the largest pattern, that is the most
// cells the opponent must answer in. Moves skipped by pattern pruning (refuted by a pattern that
// does not even contain them) never qualify. Ties keep the root order: the slowest loss, then
// the evaluator's order.
Cell Search::hardestLosingMove(const SearchResult& result) const {
    Cell hardest = result.best;
    int largest = 0;
    for (const RootMoveScore& s : result.rootScores) {
        if (s.proofSize > largest) {
            largest = s.proofSize;
            hardest = s.cell;
        }
    }
    return hardest;
}

Score Search::aspirationSearch(int depth, Score previous) {
    if (depth < kAspirationMinDepth || isProvenScore(previous))
        return searchRoot(depth, -kInfinity, kInfinity);
    Score delta = limits_.aspirationWindow;
    Score alpha = std::max(previous - delta, -kInfinity);
    Score beta = std::min(previous + delta, kInfinity);
    for (int attempt = 0;; ++attempt) {
        const Score score = searchRoot(depth, alpha, beta);
        if (aborted_ || (score > alpha && score < beta))
            return score;
        if (attempt + 1 >= kAspirationTries) {
            alpha = -kInfinity;
            beta = kInfinity;
            continue;
        }
        delta *= kAspirationGrowth;
        if (score <= alpha)
            alpha = std::max(score - delta, -kInfinity);
        else
            beta = std::min(score + delta, kInfinity);
    }
}

// Searches every root move, records its score and leaves rootMoves_ sorted best first (stable,
// so equal scores keep the previous order).
Score Search::searchRoot(int depth, Score alpha, Score beta) {
    const CanonicalKey key = canonicalKey(board_, rootColor_);
    const Score originalAlpha = alpha;
    Score best = -kInfinity;
    Cell bestMove = kNoCell;
    pvLength_[0] = 0;
    for (RootMoveScore& s : rootScores_)
        s = {s.cell, -kInfinity, false, 0};
    MoveLoopProof proof(rootRegion_.candidates, rootRegion_.reason);
    Score lastRefutation = -kInfinity;
    int searched = 0;
    for (std::size_t i = 0; i < rootMoves_.size(); ++i) {
        const Cell move = rootMoves_[i];
        if (limits_.rootWidth > 0 && i >= static_cast<std::size_t>(limits_.rootWidth) &&
            !proof.allRefuted()) {
            rootScores_[i] = {move, -kInfinity, false, 0}; // not searched: sorts last
            continue;
        }
        if (proof.refuted(move)) {
            // Refuted by an earlier refutation's strategy, at about its distance.
            rootScores_[i] = {move, lastRefutation, false, 0};
            continue;
        }
        const Score windowAlpha = alpha;
        const Score score = searchMove(move, searched++, depth, alpha, beta, 0, rootColor_);
        if (aborted_)
            return best;
        const ProofRecord& child = proofs_[1];
        if (child.kind == Proven::Win)
            lastRefutation = score;
        const int proofSize = child.kind == Proven::None ? 0 : child.pattern.count();
        rootScores_[i] = {move, score, score > windowAlpha && score < beta, proofSize};
        proof.onChild(move, child, score > best, limits_.usePatterns);
        if (score <= best)
            continue;
        best = score;
        bestMove = move;
        if (score <= alpha)
            continue;
        alpha = score;
        iterationBest_ = move;
        updatePv(0, move);
        if (score >= beta)
            break;
    }
    proofs_[0] = proof.result(best, originalAlpha, beta, emptyCellSet(board_));
    std::vector<std::size_t> order(rootMoves_.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return rootScores_[a].score > rootScores_[b].score;
    });
    std::vector<RootMoveScore> sorted;
    sorted.reserve(order.size());
    for (std::size_t i : order)
        sorted.push_back(rootScores_[i]);
    rootScores_ = std::move(sorted);
    for (std::size_t i = 0; i < rootScores_.size(); ++i)
        rootMoves_[i] = rootScores_[i].cell;
    storeResult(key, depth, best, originalAlpha, beta, bestMove, 0);
    return best;
}

std::vector<Cell> Search::pvFromRoot() const {
    return {pvTable_.begin(), pvTable_.begin() + pvLength_[0]};
}

double Search::elapsedSeconds() const {
    return std::chrono::duration<double>(SteadyClock::now() - start_).count();
}

} // namespace hex
