// The node search: Search::alphaBeta and its steps. The root and iterative deepening are in
// search.cpp.
#include "search/search.h"

#include <algorithm>

namespace hex {

namespace {

// Proven scores are stored relative to the node (plies from it) so that they stay right when
// the same position is reached at another ply.
Score toTable(Score s, int ply) {
    if (s > kMaxEval)
        return s + ply;
    if (s < -kMaxEval)
        return s - ply;
    return s;
}

Score fromTable(Score s, int ply) {
    if (s > kMaxEval)
        return s - ply;
    if (s < -kMaxEval)
        return s + ply;
    return s;
}

} // namespace

bool Search::shouldAbort() {
    if (aborted_)
        return true;
    if (limits_.maxNodes != 0 && nodes_ > limits_.maxNodes)
        aborted_ = true;
    else if (nodes_ % kCheckInterval == 0) {
        aborted_ = stopRequested_.load(std::memory_order_relaxed) ||
                   (limits_.shouldStop && limits_.shouldStop()) ||
                   (limits_.time && SteadyClock::now() >= limits_.time->hard);
    }
    return aborted_;
}

Score Search::alphaBeta(int depth, Score alpha, Score beta, int ply, Color toMove) {
    ++nodes_;
    pvLength_[static_cast<std::size_t>(ply)] = ply;
    if (shouldAbort())
        return 0;

    WinningCells threats;
    if (const std::optional<Score> tactical = tacticalScore(toMove, ply, threats))
        return *tactical;
    if (depth <= 0)
        return staticScore(toMove);

    const CanonicalKey key = canonicalKey(board_, toMove);
    Cell ttMove = kNoCell;
    if (const std::optional<Score> cut = probeTable(key, depth, alpha, beta, ply, ttMove))
        return *cut;

    const std::size_t width = generateMoves(toMove, ply, ttMove, threats);
    const std::vector<Cell>& moves = moves_[static_cast<std::size_t>(ply)];
    if (moves.empty())
        return staticScore(toMove);

    const Score originalAlpha = alpha;
    Score best = -kInfinity;
    Cell bestMove = kNoCell;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        // Past the width only while every move so far is a proven loss: a loss is only proven
        // when every move has been refuted.
        if (i >= width && best >= -kMaxEval)
            break;
        const Cell move = moves[i];
        const Score score = searchMove(move, static_cast<int>(i), depth, alpha, beta, ply, toMove);
        if (aborted_)
            return 0;
        if (score <= best)
            continue;
        best = score;
        bestMove = move;
        if (score <= alpha)
            continue;
        alpha = score;
        updatePv(ply, move);
        if (score >= beta) {
            ordering_.recordCutoff(toMove, move, depth, ply);
            break;
        }
    }
    storeResult(key, depth, best, originalAlpha, beta, bestMove, ply);
    return best;
}

// Immediate win for the side to move, or an unstoppable double threat against it.
std::optional<Score> Search::tacticalScore(Color toMove, int ply, WinningCells& threats) {
    const WinningCells wins = findWinningCells(board_, toMove, 1);
    if (wins.count > 0) {
        const auto p = static_cast<std::size_t>(ply);
        pvTable_[p * static_cast<std::size_t>(maxPly_ + 1) + p] = wins.cells[0];
        pvLength_[p] = ply + 1;
        return kWin - (ply + 1);
    }
    threats = findWinningCells(board_, opponent(toMove), 2);
    if (threats.count >= 2) {
        // Whichever threat is blocked, the other wins.
        const auto p = static_cast<std::size_t>(ply);
        Cell* line = pvTable_.data() + p * static_cast<std::size_t>(maxPly_ + 1);
        line[p] = threats.cells[0];
        line[p + 1] = threats.cells[1];
        pvLength_[p] = ply + 2;
        return -(kWin - (ply + 2));
    }
    return std::nullopt;
}

std::optional<Score> Search::probeTable(CanonicalKey key, int depth, Score alpha, Score beta,
                                        int ply, Cell& ttMove) const {
    if (!limits_.useTT)
        return std::nullopt;
    const std::optional<TranspositionTable::Hit> hit = table_.probe(key.key);
    if (!hit)
        return std::nullopt;
    ttMove = fromCanonical(board_.geometry(), key, hit->move);
    if (ttMove != kNoCell && !board_.isEmpty(ttMove))
        ttMove = kNoCell; // a key collision; never trust the move then
    const Score score = fromTable(hit->score, ply);
    // A proven score is the truth at any depth; a heuristic one only at the same or more depth.
    if (hit->depth < depth && !isProvenScore(score))
        return std::nullopt;
    const bool usable = hit->bound == Bound::Exact ||
                        (hit->bound == Bound::Lower && score >= beta) ||
                        (hit->bound == Bound::Upper && score <= alpha);
    if (!usable)
        return std::nullopt;
    return score;
}

std::size_t Search::generateMoves(Color toMove, int ply, Cell ttMove, const WinningCells& threats) {
    std::vector<Cell>& moves = moves_[static_cast<std::size_t>(ply)];
    moves.clear();
    if (threats.count == 1) {
        // Every other move loses at once, so the block alone decides the value (full width).
        moves.push_back(threats.cells[0]);
        return 1;
    }
    const std::span<int> values(cellValues_.data() + static_cast<std::ptrdiff_t>(ply) * cellCount_,
                                static_cast<std::size_t>(cellCount_));
    evaluator_.evaluateWithCells(board_, toMove, values);
    for (Cell c = 0; c < cellCount_; ++c) {
        if (board_.isEmpty(c))
            moves.push_back(c);
    }
    sortByCellValue(moves, values);
    std::size_t width = std::min(moves.size(), static_cast<std::size_t>(limits_.width));
    if (ttMove != kNoCell) {
        const auto it = std::find(moves.begin(), moves.end(), ttMove);
        if (it != moves.end() && static_cast<std::size_t>(it - moves.begin()) >= width) {
            std::rotate(moves.begin() + static_cast<std::ptrdiff_t>(width), it, it + 1);
            ++width;
        }
    }
    ordering_.order(std::span<Cell>(moves.data(), width), ttMove, toMove, ply);
    return width;
}

// Plays one move and searches it: the first with the full window, the others with a null
// window first and again with the full one only if they might raise alpha.
Score Search::searchMove(Cell move, int index, int depth, Score alpha, Score beta, int ply,
                         Color toMove) {
    board_.play(move, toMove);
    const Color next = opponent(toMove);
    Score score;
    if (index == 0) {
        score = -alphaBeta(depth - 1, -beta, -alpha, ply + 1, next);
    } else {
        score = -alphaBeta(depth - 1, -alpha - 1, -alpha, ply + 1, next);
        if (!aborted_ && score > alpha && score < beta)
            score = -alphaBeta(depth - 1, -beta, -alpha, ply + 1, next);
    }
    board_.undo();
    return score;
}

void Search::storeResult(CanonicalKey key, int depth, Score best, Score originalAlpha, Score beta,
                         Cell bestMove, int ply) {
    if (!limits_.useTT)
        return;
    Bound bound = Bound::Exact;
    if (best >= beta)
        bound = Bound::Lower;
    else if (best <= originalAlpha) {
        bound = Bound::Upper;
        bestMove = kNoCell; // every move failed low: none is known to be best
    }
    table_.store(key.key, toTable(best, ply), toCanonical(board_.geometry(), key, bestMove), depth,
                 bound);
}

Score Search::staticScore(Color toMove) {
    return std::clamp(evaluator_.evaluate(board_, toMove), -kMaxEval, kMaxEval);
}

void Search::updatePv(int ply, Cell move) {
    const auto row = static_cast<std::size_t>(maxPly_ + 1);
    const auto p = static_cast<std::size_t>(ply);
    Cell* line = pvTable_.data() + p * row;
    const Cell* child = pvTable_.data() + (p + 1) * row;
    line[p] = move;
    const int childLength = pvLength_[p + 1];
    for (int i = ply + 1; i < childLength; ++i)
        line[i] = child[i];
    pvLength_[p] = std::max(childLength, ply + 1);
}

} // namespace hex
