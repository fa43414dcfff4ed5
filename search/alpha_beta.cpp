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
    else
        pollStop(); // every node: with an H-search per evaluation a node can take 10 ms
    return aborted_;
}

// The caller's stop function and the hard deadline. Only ever stops the search, so
// a search without a clock stays deterministic.
void Search::pollStop() {
    aborted_ = aborted_ || (limits_.shouldStop && limits_.shouldStop()) ||
               (limits_.time && SteadyClock::now() >= limits_.time->hard);
}

Score Search::alphaBeta(int depth, Score alpha, Score beta, int ply, Color toMove) {
    ++nodes_;
    const auto p = static_cast<std::size_t>(ply);
    pvLength_[p] = ply;
    proofs_[p].kind = Proven::None;
    if (shouldAbort())
        return 0;

    WinningCells threats;
    if (const std::optional<Score> tactical = tacticalScore(toMove, ply, threats))
        return *tactical;
    if (depth <= 0)
        return quiescentLeaves_ ? quiesce(alpha, beta, ply, toMove, limits_.quiescencePlies)
                                : staticScore(toMove);

    const CanonicalKey key = canonicalKey(board_, toMove);
    Cell ttMove = kNoCell;
    if (const std::optional<Score> cut = probeTable(key, depth, alpha, beta, ply, ttMove))
        return *cut;

    const CellSet allEmpty = emptyCellSet(board_);
    MoveRegion region{allEmpty, {}};
    if (threats.count == 1) {
        // Every other move loses to the threat itself.
        region.candidates = CellSet::of({threats.cells[0]});
        region.reason = region.candidates;
    } else if (useConnectionsAt(depth)) {
        if (const std::optional<Score> decided = connectionScore(toMove, ply, region)) {
            storeResult(key, depth, *decided, -kInfinity, kInfinity, kNoCell, ply);
            return *decided;
        }
        // An H-search costs as much as hundreds of nodes: look at the clock after each one.
        pollStop();
        if (aborted_)
            return 0;
    }
    if (threats.count != 1) {
        // The cell values order the moves; the evaluator's connections come with them.
        evaluator_.evaluateCells(board_, toMove, cellValuesAt(ply));
        if (const std::optional<Score> decided = evaluatorConnectionScore(toMove, ply, region)) {
            storeResult(key, depth, *decided, -kInfinity, kInfinity, kNoCell, ply);
            return *decided;
        }
    }

    const std::size_t width = generateMoves(toMove, ply, ttMove, threats, region.candidates);
    const std::vector<Cell>& moves = moves_[p];
    if (moves.empty())
        return staticScore(toMove);

    const Score originalAlpha = alpha;
    Score best = -kInfinity;
    Cell bestMove = kNoCell;
    MoveLoopProof proof(region.candidates, region.reason);
    int searched = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        // Past the width only while every move so far is a proven loss: a loss is only proven
        // when every move has been refuted.
        if (i >= width && !proof.allRefuted())
            break;
        const Cell move = moves[i];
        if (proof.refuted(move))
            continue; // outside an earlier refutation's pattern: refuted by the same strategy
        const Score score = searchMove(move, searched++, depth, alpha, beta, ply, toMove);
        if (aborted_)
            return 0;
        proof.onChild(move, proofs_[p + 1], score > best, limits_.usePatterns);
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
    proofs_[p] = proof.result(best, originalAlpha, beta, allEmpty);
    storeResult(key, depth, best, originalAlpha, beta, bestMove, ply);
    return best;
}

// Immediate win for the side to move, or an unstoppable double threat against it. The patterns:
// the winning cell; the two threats (whichever the loser takes, the other still connects).
std::optional<Score> Search::tacticalScore(Color toMove, int ply, WinningCells& threats) {
    const auto p = static_cast<std::size_t>(ply);
    const WinningCells wins = findWinningCells(board_, toMove, 1);
    if (wins.count > 0) {
        pvTable_[p * static_cast<std::size_t>(maxPly_ + 1) + p] = wins.cells[0];
        pvLength_[p] = ply + 1;
        proofs_[p] = {Proven::Win, CellSet::of({wins.cells[0]})};
        return kWin - (ply + 1);
    }
    threats = findWinningCells(board_, opponent(toMove), 2);
    if (threats.count >= 2) {
        Cell* line = pvTable_.data() + p * static_cast<std::size_t>(maxPly_ + 1);
        line[p] = threats.cells[0];
        line[p + 1] = threats.cells[1];
        pvLength_[p] = ply + 2;
        proofs_[p] = {Proven::Loss, CellSet::of({threats.cells[0], threats.cells[1]})};
        return -(kWin - (ply + 2));
    }
    return std::nullopt;
}

bool Search::useConnectionsAt(int depth) const noexcept {
    return board_.emptyCount() <= limits_.connectionsMaxEmpty &&
           depth >= limits_.connectionsMinDepth;
}

GameState Search::analyseConnections(Color toMove) {
    own_.build(board_, toMove);
    opp_.build(board_, opponent(toMove));
    return analyseGameState(board_, toMove, own_, opp_);
}

std::optional<Score> Search::connectionScore(Color toMove, int ply, MoveRegion& region) {
    return applyConnections(analyseConnections(toMove), toMove, ply, region);
}

// The evaluator's connections on the node (SearchLimits::evaluatorConnections), built with the
// cell values just asked for.
std::optional<Score> Search::evaluatorConnectionScore(Color toMove, int ply, MoveRegion& region) {
    if (!limits_.evaluatorConnections)
        return std::nullopt;
    const std::optional<GameState> state = evaluator_.connectionState(board_, toMove);
    return state ? applyConnections(*state, toMove, ply, region) : std::nullopt;
}

// A connection win or loss decides the node. H-search gives no distance, so such a result scores
// as the slowest possible one (every empty cell played). Otherwise the region shrinks to the
// must-play cells, the opponent's semis being the reason for the rest. Two must-play sets (the
// search's H-search and the evaluator's) both hold, so the region is their intersection, and
// when that is empty every move loses, to the union of their reasons.
std::optional<Score> Search::applyConnections(const GameState& state, Color toMove, int ply,
                                              MoveRegion& region) {
    const auto p = static_cast<std::size_t>(ply);
    const Score slowest = kWin - (ply + board_.emptyCount());
    if (state.winner) {
        const bool wins = *state.winner == toMove;
        proofs_[p] = {wins ? Proven::Win : Proven::Loss, state.proof};
        return wins ? slowest : -slowest;
    }
    region.candidates &= state.mustPlay;
    region.reason |= state.mustPlayReason;
    if (region.candidates.none()) {
        proofs_[p] = {Proven::Loss, region.reason};
        return -slowest;
    }
    return std::nullopt;
}

// A usable TT entry cuts the node; a proven one brings its pattern from the pattern table (or
// every empty cell when the pattern was overwritten).
std::optional<Score> Search::probeTable(CanonicalKey key, int depth, Score alpha, Score beta,
                                        int ply, Cell& ttMove) {
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
    if (hit->depth < tableDepth(depth) && !isProvenScore(score))
        return std::nullopt;
    const bool usable = hit->bound == Bound::Exact ||
                        (hit->bound == Bound::Lower && score >= beta) ||
                        (hit->bound == Bound::Upper && score <= alpha);
    if (!usable)
        return std::nullopt;
    const bool win = score > kMaxEval && hit->bound != Bound::Upper;
    const bool loss = score < -kMaxEval && hit->bound != Bound::Lower;
    if (win || loss) {
        const std::optional<CellSet> stored = table_.patterns().probe(key.key);
        proofs_[static_cast<std::size_t>(ply)] = {
            win ? Proven::Win : Proven::Loss,
            stored ? rotatedIf(board_.geometry(), key.rotated, *stored) : emptyCellSet(board_)};
    }
    return score;
}

std::size_t Search::generateMoves(Color toMove, int ply, Cell ttMove, const WinningCells& threats,
                                  const CellSet& candidates) {
    std::vector<Cell>& moves = moves_[static_cast<std::size_t>(ply)];
    moves.clear();
    if (threats.count == 1) {
        // Every other move loses at once, so the block alone decides the value (full width).
        moves.push_back(threats.cells[0]);
        return 1;
    }
    const std::span<int> values = cellValuesAt(ply); // filled by alphaBeta
    for (Cell c = candidates.first(); c != kNoCell; c = candidates.nextFrom(c + 1))
        moves.push_back(c);
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
    table_.store(key.key, toTable(best, ply), toCanonical(board_.geometry(), key, bestMove),
                 tableDepth(depth), bound);
    const ProofRecord& proof = proofs_[static_cast<std::size_t>(ply)];
    if (proof.kind != Proven::None)
        table_.patterns().store(key.key, rotatedIf(board_.geometry(), key.rotated, proof.pattern));
}

// The depth a result is stored with. With the quiescence on, the two passes of a depth keep
// apart: 2 d for static leaves, 2 d + 1 for quiescent ones, so that a pass with quiescence does
// not take the static pass's scores of the same depth for its own (a deeper static one it
// does). Without it, the depth itself.
int Search::tableDepth(int depth) const noexcept {
    if (!limits_.quiescence())
        return depth;
    return 2 * depth + (quiescentLeaves_ ? 1 : 0);
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
