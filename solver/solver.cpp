#include "solver/solver.h"

#include "connections/game_state.h"
#include "connections/inferior.h"
#include "connections/inferior_moves.h"
#include "core/zobrist.h"
#include "solver/move_order.h"

#include <algorithm>

namespace hex {

namespace {
constexpr std::uint64_t kPollInterval = 256; // nodes between clock and stop-flag polls
}

Solver::Solver(SolverParams params)
    : params_(params), table_(params.tableEntries), vcs_(params.vcLimits) {}

void Solver::start(const Board& board, const SolveLimits& limits) {
    board_.emplace(board);
    limits_ = limits;
    stats_ = {};
    aborted_ = false;
    started_ = std::chrono::steady_clock::now();
}

bool Solver::outOfBudget() {
    if (aborted_)
        return true;
    const std::uint64_t work = stats_.nodes + stats_.lookaheads;
    if (limits_.maxNodes != 0 && stats_.nodes > limits_.maxNodes)
        aborted_ = true;
    if (work % kPollInterval == 1) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started_;
        if (limits_.maxSeconds > 0 && elapsed.count() > limits_.maxSeconds)
            aborted_ = true;
        if (limits_.stop && limits_.stop())
            aborted_ = true;
    }
    return aborted_;
}

SolveResult Solver::solve(const Board& board, Color toMove, const SolveLimits& limits) {
    start(board, limits);
    SolveResult result;
    if (const auto w = board.winner()) {
        result.winner = *w;
    } else {
        const Outcome o = prove(toMove);
        if (!aborted_) {
            result.winner = o.win ? toMove : opponent(toMove);
            result.proof = o.proof;
            if (o.win) {
                // A win found without a move (fill-in or a full VC) holds with either side to
                // move, so any empty cell keeps it; prefer one of the proof.
                result.winningMove = o.move;
                if (result.winningMove == kNoCell || !board.isEmpty(result.winningMove)) {
                    const CellSet empty = emptyCellSet(board);
                    const CellSet inProof = o.proof & empty;
                    result.winningMove = inProof.any() ? inProof.first() : empty.first();
                }
            }
        }
    }
    stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    result.stats = stats_;
    return result;
}

WinningMoves Solver::winningMoves(const Board& board, Color toMove, const SolveLimits& limits) {
    start(board, limits);
    WinningMoves result;
    result.complete = true;
    if (!board.winner()) {
        for (Cell m : emptyCellSet(board).cells()) {
            board_->play(m, toMove);
            const bool won = board_->winner() == toMove || !prove(opponent(toMove)).win;
            board_->undo();
            if (aborted_) {
                result.complete = false;
                break;
            }
            if (won)
                result.moves.push_back(m);
        }
    }
    stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    result.stats = stats_;
    return result;
}

Solver::Outcome Solver::prove(Color toMove) {
    rootEmpty_ = board_->emptyCount();
    if (!dfpnEnabled())
        return solveNode(toMove);
    constexpr std::uint32_t kAll = ~std::uint32_t{0};
    Bounds bounds;
    bool solved = false;
    Outcome o = mid(toMove, {kAll, kAll}, bounds, solved);
    if (!solved && !aborted_)
        aborted_ = true; // cannot happen with infinite thresholds; treated as unknown
    return o;
}

Solver::Outcome Solver::solveNode(Color toMove) {
    const DepthGuard ply(depth_);
    ++stats_.nodes;
    if (outOfBudget())
        return {};
    Board& board = *board_;
    if (const auto w = board.winner())
        return {*w == toMove, {}, kNoCell};
    if (params_.useTable) {
        ++stats_.tableLookups;
        if (const auto e = table_.find(board, toMove)) {
            ++stats_.tableHits;
            return {e->winner == toMove, e->proof, e->move};
        }
    }
    FillIn fill;
    if (params_.useInferior)
        fill = fillInferior(board);
    const Static s = analyse(toMove, ownConnectionsMayDecide(toMove, fill));
    Outcome o = s.win ? Outcome{*s.win, s.proof, s.move}
                      : searchMoves(toMove, s.mustPlay, s.mustPlayReason);
    for (int i = 0; i < fill.stones; ++i)
        board.undo();
    if (aborted_)
        return {};
    // The filled cells stay valid in every refinement, so they join the pattern.
    o.proof |= fill.cells;
    store(toMove, o);
    return o;
}

void Solver::store(Color toMove, const Outcome& o) {
    if (params_.useTable)
        table_.store(*board_, toMove, {o.win ? toMove : opponent(toMove), o.proof, o.move});
}

Solver::Static Solver::fromGameState(const GameState& state, Color toMove) {
    Static s;
    if (state.winner) {
        s.win = *state.winner == toMove;
        s.proof = state.proof;
        s.move = state.winningMove;
    }
    s.mustPlay = state.mustPlay;
    s.mustPlayReason = state.mustPlayReason;
    return s;
}

// Whether the mover's own edge connections can decide the node, worth an H-search of its own.
// Below the root they almost never can: the parent moved inside its must-play, the intersection
// of every edge semi the mover had there, and a stone only removes connections of the other
// colour (an H-search on the child finds no connection the parent's lacked, unless the parent's
// per-pair limits had crowded it out). Only the root, and a node whose fill-in just gave the
// mover stones, get the mover's build; a missed win is still found by the search.
bool Solver::ownConnectionsMayDecide(Color toMove, const FillIn& fill) const {
    if (!params_.skipOwnConnections || board_->emptyCount() + fill.stones == rootEmpty_)
        return true;
    for (Cell c = fill.cells.first(); c != kNoCell; c = fill.cells.nextFrom(c + 1))
        if (board_->has(c, toMove))
            return true;
    return false;
}

Solver::Static Solver::analyse(Color toMove, bool ownMayDecide) {
    const Board& board = *board_;
    Static s;
    keepingBuilds_ = params_.vcDerivationChain > 0;
    if (!params_.useConnections) {
        s = fromGameState(analyseThreats(board, toMove, EdgeSummary{}), toMove);
    } else if (!ownMayDecide) {
        s = fromGameState(analyseThreats(board, toMove, summary(opponent(toMove))), toMove);
    } else {
        const EdgeSummary own = summary(toMove);
        if (own.full || own.semi) { // a win: the opponent's connections cannot change that
            endNodeBuilds(false);
            return fromGameState(analyseGameState(board, toMove, own, EdgeSummary{}), toMove);
        }
        s = fromGameState(analyseGameState(board, toMove, own, summary(opponent(toMove))), toMove);
    }
    pruneInferiorMoves(toMove, s);
    endNodeBuilds(!s.win); // a node with children keeps its builds: theirs can start from them
    return s;
}

// Vulnerable and dominated moves leave the candidates; a loss proof then needs their killers and
// dominators to stay empty, so those join the must-play reason (which starts the loss pattern).
void Solver::pruneInferiorMoves(Color toMove, Static& s) {
    if (!params_.useInferiorMoves || s.win)
        return;
    const InferiorMoves inferior = findInferiorMoves(*board_, toMove, s.mustPlay);
    if (inferior.pruned.none())
        return;
    stats_.prunedMoves += static_cast<std::uint64_t>(inferior.pruned.count());
    s.mustPlay -= inferior.pruned;
    s.mustPlayReason |= inferior.support;
}

// The lookahead's judgement of a child: the opponent's connections alone. The mover's own
// rarely decide a child that is in the parent's must-play (the mover's semis all run through
// the parent's move), and they are built when the child is searched.
Solver::Static Solver::threats(Color toMove) {
    const Board& board = *board_;
    const EdgeSummary opp = params_.useConnections ? summary(opponent(toMove)) : EdgeSummary{};
    return fromGameState(analyseThreats(board, toMove, opp), toMove);
}

// The lookahead's static judgement of a child just played, with `them` to move: fill-in, then
// their threats. The fill-in is undone; its cells join a decided child's proof.
Solver::Static Solver::judgeChild(Color them) {
    const DepthGuard ply(depth_);
    FillIn fill;
    if (params_.useInferior)
        fill = fillInferior(*board_);
    Static child = threats(them);
    for (int i = 0; i < fill.stones; ++i)
        board_->undo();
    if (child.win)
        child.proof |= fill.cells;
    return child;
}

// The edge connections of one colour on the current board depend on the stones only, so they
// are cached by the stones' Zobrist key and the colour (direct-mapped, overwritten).
EdgeSummary Solver::summary(Color color) {
    const Key key = board_->key() ^ zobrist::sideToMove(color);
    CachedSummary* slot = nullptr;
    if (params_.useVcCache && params_.vcCacheEntries > 0) {
        if (vcCache_.empty())
            vcCache_.resize(params_.vcCacheEntries);
        slot = &vcCache_[static_cast<std::size_t>(key % vcCache_.size())];
        if (slot->used && slot->key == key) {
            ++stats_.vcCacheHits;
            return slot->value;
        }
    }
    buildConnections(color);
    ++stats_.vcBuilds;
    const EdgeSummary built = summariseEdges(vcs_);
    if (slot != nullptr)
        *slot = {key, true, built};
    return built;
}

// Builds `color`'s connections into vcs_, derived from the closest build kept one or two plies
// up whose stones are all still on the board (see SolverParams::vcDerivationChain). Within
// analyse(), the node's builds are remembered for keepBuilds: the last one stays in vcs_ (a
// second build of the node first moves the first one to scratch_).
void Solver::buildConnections(Color color) {
    if (lastBuild_) {
        const std::size_t last = colourIndex(*lastBuild_);
        vcs_.snapshot(scratch_[last]);
        inScratch_[last] = true;
        lastBuild_.reset();
    }
    if (const VcSnapshot* base = closestBase(color)) {
        vcs_.buildFrom(*base, *board_, Connections::Scope::EdgesOnly);
        ++stats_.vcDerived;
    } else {
        vcs_.build(*board_, color, Connections::Scope::EdgesOnly);
    }
    if (keepingBuilds_)
        lastBuild_ = color;
}

// Ends analyse()'s bookkeeping of the node's builds, keeping them if `keep`.
void Solver::endNodeBuilds(bool keep) {
    if (keep && keepingBuilds_)
        keepBuilds();
    keepingBuilds_ = false;
    lastBuild_.reset();
    inScratch_ = {false, false};
}

// Keeps the node's builds in its depth's rings (oldest replaced), within the memory budget
// (SolverParams::vcSnapshotBytes): the node has children, which can start from them. Only such
// nodes keep theirs: most nodes are decided by their own build, and saving every build cost
// more memory traffic than the derivations saved.
void Solver::keepBuilds() {
    const auto depth = static_cast<std::size_t>(depth_);
    if (snapshots_.size() <= depth)
        snapshots_.resize(depth + 1);
    for (std::size_t c = 0; c < 2; ++c) {
        const bool inVcs = lastBuild_ && colourIndex(*lastBuild_) == c;
        if (!inVcs && !inScratch_[c])
            continue;
        SnapshotRing& ring = snapshots_[depth][c];
        const auto size = static_cast<std::size_t>(std::max(params_.vcSnapshotsPerDepth, 1));
        if (ring.items.size() < size)
            ring.items.resize(size);
        VcSnapshot& slot = ring.items[ring.next];
        keptBytes_ -= slot.bytes();
        if (inVcs)
            vcs_.snapshot(slot);
        else
            std::swap(slot, scratch_[c]);
        if (keptBytes_ + slot.bytes() > params_.vcSnapshotBytes) {
            slot = VcSnapshot{}; // over budget: not kept
            continue;
        }
        keptBytes_ += slot.bytes();
        ring.next = (ring.next + 1) % size;
    }
}

// Among the builds kept one and two plies up, the one with the most stones that all still are
// on the board. Further up, so many stones differ that a derivation costs about as much as a
// fresh build.
const VcSnapshot* Solver::closestBase(Color color) const {
    const auto depth = static_cast<std::size_t>(depth_);
    if (params_.vcDerivationChain <= 0 || depth >= snapshots_.size() + 2)
        return nullptr; // no build kept one or two plies up
    const CellSet black = stonesOf(*board_, Color::Black);
    const CellSet white = stonesOf(*board_, Color::White);
    const VcSnapshot* best = nullptr;
    int bestStones = -1;
    for (std::size_t up = 1; up <= 2 && up <= depth; ++up) {
        if (depth - up >= snapshots_.size())
            continue;
        for (const VcSnapshot& s : snapshots_[depth - up][colourIndex(color)].items) {
            if (s.generation >= params_.vcDerivationChain ||
                !s.appliesTo(*board_, color, black, white))
                continue;
            const int stones = s.black.count() + s.white.count();
            if (stones > bestStones) {
                best = &s;
                bestStones = stones;
            }
        }
    }
    return best;
}

// Tries the candidates in order. losePattern starts as the opponent's pattern for the moves
// already excluded (the must-play reason) and collects every refutation's pattern. With
// lookahead, each child is first judged statically: decided children settle at once, the others
// are searched in increasing order of the opponent's must-play (the most forcing moves first).
Solver::Outcome Solver::searchMoves(Color toMove, CellSet candidates, CellSet losePattern) {
    Board& board = *board_;
    const Color them = opponent(toMove);
    std::vector<Candidate> order;
    for (Cell m : orderMoves(board, candidates))
        order.push_back({m, 0});
    if (params_.useLookahead && params_.useConnections) {
        std::vector<Candidate> open;
        for (const Candidate& c : order) {
            if (!candidates.test(c.move))
                continue;
            ++stats_.lookaheads;
            if (outOfBudget())
                return {};
            board.play(c.move, toMove);
            const Static child = judgeChild(them);
            if (child.win) {
                Outcome decided{*child.win, child.proof, child.move};
                store(them, decided);
                board.undo();
                if (!decided.win) {
                    decided.proof.set(c.move);
                    return {true, decided.proof, c.move};
                }
                if (params_.usePatternPruning)
                    candidates &= decided.proof;
                losePattern |= decided.proof;
                continue;
            }
            board.undo();
            open.push_back({c.move, child.mustPlay.count()});
        }
        std::stable_sort(open.begin(), open.end(), [](const Candidate& a, const Candidate& b) {
            return a.childMustPlay < b.childMustPlay;
        });
        order = std::move(open);
    }
    for (const Candidate& c : order) {
        const Cell m = c.move;
        if (!candidates.test(m))
            continue; // refuted by an earlier refutation's pattern
        board.play(m, toMove);
        const bool connects = board.winner() == toMove;
        const Outcome child = connects ? Outcome{} : solveNode(them);
        board.undo();
        if (aborted_)
            return {};
        if (connects || !child.win) {
            CellSet proof = child.proof;
            proof.set(m);
            return {true, proof, m};
        }
        if (params_.usePatternPruning)
            candidates &= child.proof;
        losePattern |= child.proof;
    }
    return {false, losePattern, kNoCell};
}

} // namespace hex
