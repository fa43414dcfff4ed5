#include "solver/proof_number_search.h"

#include "connections/game_state.h"
#include "solver/move_order.h"
#include "solver/regions.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace hex {
namespace {

constexpr std::uint32_t kInfinite = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kLargest = kInfinite - 1; // open nodes saturate here

std::uint32_t saturatingAdd(std::uint32_t a, std::uint32_t b) {
    return static_cast<std::uint32_t>(
        std::min<std::uint64_t>(std::uint64_t{a} + std::uint64_t{b}, kLargest));
}

// 1+epsilon (SolverParams::dfpnSecondBestSixteenths): the best child may run until it is that
// much worse than the second best, which saves many switches back and forth between two close
// children.
std::uint32_t aboveSecondBest(std::uint32_t delta2, int sixteenths) {
    if (delta2 >= kLargest)
        return kInfinite;
    const auto share = static_cast<std::uint64_t>(std::max(sixteenths, 0));
    const std::uint64_t margin = std::uint64_t{delta2} * share / 16;
    return static_cast<std::uint32_t>(
        std::min<std::uint64_t>(std::uint64_t{delta2} + margin + 1, kLargest));
}

// A fresh child's disproof number grows with the opponent's must-play there (the replies the
// opponent has): quadratically, which on 7x7 needed about a third less work than linear growth
// (and a little less than cubic), since forcing moves are then explored well before loose ones.
std::uint32_t initialDelta(int mustPlay) {
    const auto m = static_cast<std::uint32_t>(mustPlay);
    return 1 + m * m / 2;
}

std::uint32_t scaled(std::size_t count, int divisor) {
    return divisor > 0 ? static_cast<std::uint32_t>(count / static_cast<std::size_t>(divisor)) : 0;
}

// The child to search next at a node: the first with the least `least` value, the second least
// value (for the 1+epsilon threshold) and the sum of the `summed` values.
struct Selection {
    std::size_t best = 0;
    std::uint32_t least = kInfinite;
    std::uint32_t second = kInfinite;
    std::uint32_t sum = 0;
};

template <typename Items, typename Least, typename Summed>
Selection select(const Items& items, Least least, Summed summed) {
    Selection s;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::uint32_t value = least(items[i]);
        if (value < s.least) {
            s.second = s.least;
            s.least = value;
            s.best = i;
        } else if (value < s.second) {
            s.second = value;
        }
        s.sum = saturatingAdd(s.sum, summed(items[i]));
    }
    return s;
}

// The child of a node whose winning moves the caller guessed (SolveLimits::guess): a guessed
// child's disproof number counts `favour` times less, so the search stays in it until it passes
// that many times the best other child's. `limit` is the disproof number at which the search
// comes back from the child: the second best's with the 1+epsilon margin, in the child's units.
struct FavouredPick {
    std::size_t best = 0;
    std::uint32_t limit = kInfinite;
};

template <typename Children>
FavouredPick pickFavouring(const Children& children, const std::vector<Cell>& guesses, int favour,
                           int sixteenths) {
    const auto scale = static_cast<std::uint32_t>(std::max(favour, 1));
    auto guessed = [&](Cell move) {
        return std::find(guesses.begin(), guesses.end(), move) != guesses.end();
    };
    const Selection pick = select(
        children,
        [&](const auto& c) { return guessed(c.move) ? c.bounds.delta / scale : c.bounds.delta; },
        [](const auto&) { return std::uint32_t{0}; });
    const std::uint32_t above = aboveSecondBest(pick.second, sixteenths);
    if (above >= kLargest)
        return {pick.best, kInfinite};
    if (!guessed(children[pick.best].move))
        return {pick.best, above};
    const std::uint64_t scaled = std::uint64_t{above} * scale;
    return {pick.best, static_cast<std::uint32_t>(std::min<std::uint64_t>(scaled, kLargest))};
}

// Plays `color` on every cell of `cells`; undone by undoAll with the same count.
int playAll(Board& board, const CellSet& cells, Color color) {
    int played = 0;
    for (Cell c = cells.first(); c != kNoCell; c = cells.nextFrom(c + 1), ++played)
        board.play(c, color);
    return played;
}

void undoAll(Board& board, int count) {
    for (int i = 0; i < count; ++i)
        board.undo();
}

} // namespace

ProofNumberSearch::ProofNumberSearch(const SolverParams& params, SolveContext& context,
                                     NodeAnalysis& analysis, ProofTable& table)
    : params_(params), context_(context), analysis_(analysis), table_(table),
      bounds_(params.dfpnEntries) {}

std::size_t ProofNumberSearch::bytesPerBoundsEntry() {
    return BoundedTable<Bounds>::kBytesPerEntry;
}

Outcome ProofNumberSearch::solve(Color toMove) {
    replies_.clear();
    arriving_.clear();
    Bounds bounds;
    bool solved = false;
    Outcome o = mid(toMove, {kInfinite, kInfinite}, bounds, solved);
    if (!solved && !context_.aborted())
        context_.abort(); // cannot happen with infinite thresholds; treated as unknown
    return o;
}

Outcome ProofNumberSearch::mid(Color toMove, Bounds threshold, Bounds& out, bool& solved) {
    const SolveContext::DepthGuard ply(context_);
    ++context_.stats().nodes;
    solved = false;
    if (context_.outOfBudget())
        return {};
    Board& board = context_.board();
    if (const auto w = board.winner()) {
        solved = true;
        return {*w == toMove, {}, kNoCell};
    }
    ++context_.stats().tableLookups;
    if (const auto e = table_.find(board, toMove)) {
        ++context_.stats().tableHits;
        solved = true;
        return Outcome::fromEntry(*e, toMove);
    }
    const Key key = ProofTable::keyOf(board, toMove); // before fill-in, like the proof table
    const std::uint64_t nodesBefore = context_.stats().nodes;
    context_.noteExpanded(toMove);
    const FillIn fill = analysis_.fillIn();
    const StaticVerdict s = analysis_.analyse(toMove, fill);
    Outcome o;
    std::vector<CellSet> regions;
    if (params_.useDecomposition && !s.win)
        regions = regionsOf(board, toMove);
    if (s.win) {
        solved = true;
        o = s.outcome();
    } else if (regions.size() >= 2) {
        ++context_.stats().splits;
        o = midRegions(toMove, regions, s.mustPlay, threshold, out, solved);
    } else {
        const std::uint64_t earlier =
            context_.depth() <= params_.guessPlies ? bounds_.workOf(key) : 0;
        o = midChildren(toMove, {key, earlier, nodesBefore}, s.mustPlay, s.mustPlayReason,
                        threshold, out, solved);
    }
    analysis_.undoFillIn(fill);
    if (context_.aborted())
        return {};
    const std::uint64_t work = context_.stats().nodes - nodesBefore + 1;
    if (solved) {
        o.proof |= fill.cells; // the filled cells stay valid in every refinement
        table_.store(board, toMove, o.entry(toMove), bounds_.workOf(key) + work);
        bounds_.erase(key);
    } else {
        keepBounds(key, out, work);
    }
    return o;
}

// The MID loop over the node's children: always descend into the child with the least
// disproof number (the most promising move), with thresholds that send the search back here as
// soon as another child becomes better or the node's own bounds reach its thresholds.
Outcome ProofNumberSearch::midChildren(Color toMove, const NodeWork& work, CellSet candidates,
                                       CellSet losePattern, Bounds threshold, Bounds& out,
                                       bool& solved) {
    Board& board = context_.board();
    std::vector<Child> children;
    std::vector<ScoredMove> order = scoreMoves(board, candidates);
    const int depth = context_.depth();
    const Cell arriving = arrivingMove(depth);
    if (params_.useWinningReplies)
        replies_.promote(depth, toMove, arriving, order);
    const auto won = [&](Cell m) {
        if (params_.useWinningReplies)
            replies_.note(depth, toMove, arriving, m);
    };
    for (const ScoredMove& move : order) {
        const Cell m = move.move;
        if (!candidates.test(m))
            continue; // refuted by an earlier child's pattern
        const Probe p =
            probeChild(toMove, m, freshBounds(move.score - order.front().score, order.size()));
        if (context_.aborted())
            return {};
        if (!p.solved) {
            children.push_back({m, p.bounds});
            continue;
        }
        if (!p.result.win) {
            solved = true;
            won(m);
            CellSet proof = p.result.proof;
            proof.set(m);
            return {true, proof, m};
        }
        if (params_.usePatternPruning)
            candidates &= p.result.proof;
        candidates.reset(m);
        losePattern |= p.result.proof;
    }
    while (true) {
        std::erase_if(children, [&](const Child& c) { return !candidates.test(c.move); });
        if (children.empty()) {
            solved = true;
            return {false, losePattern, kNoCell};
        }
        // Negamax: a child's disproof number is a proof number here, and the other way round.
        const Selection pick = select(
            children, [](const Child& c) { return c.bounds.delta; },
            [](const Child& c) { return c.bounds.phi; });
        const std::uint32_t phi = pick.least;
        const std::uint32_t delta = pick.sum;
        out = {phi, delta};
        if (context_.depth() == 1)
            context_.noteRootBounds(phi, delta);
        if (phi >= threshold.phi || delta >= threshold.delta)
            return {};
        std::size_t chosen = pick.best;
        std::uint32_t secondLimit = aboveSecondBest(pick.second, params_.dfpnSecondBestSixteenths);
        { // the caller's guesses first, once it has made them
            const std::vector<Cell>& guesses = guessesFor(toMove, work);
            if (context_.aborted())
                return {}; // the guesser ran out of time, or the root turns to its children
            if (!guesses.empty()) {
                const FavouredPick favoured = pickFavouring(
                    children, guesses, depth == 1 ? params_.rootFavour : params_.innerFavour,
                    params_.dfpnSecondBestSixteenths);
                // Below the root a favoured child may already be past the node's threshold
                // (only the least one is known to be within it): searching it would return at
                // once, over and over. The plain choice then.
                if (children[favoured.best].bounds.delta < threshold.phi) {
                    chosen = favoured.best;
                    secondLimit = favoured.limit;
                }
            }
        }
        Child& child = children[chosen];
        const Bounds childThreshold{threshold.delta - (delta - child.bounds.phi),
                                    std::min(threshold.phi, secondLimit)};
        board.play(child.move, toMove);
        setArrivingMove(depth + 1, child.move);
        Bounds childBounds;
        bool childSolved = false;
        const Outcome r = mid(opponent(toMove), childThreshold, childBounds, childSolved);
        board.undo();
        if (context_.aborted())
            return {};
        if (!childSolved) {
            child.bounds = childBounds;
            continue;
        }
        if (!r.win) {
            solved = true;
            won(child.move);
            CellSet proof = r.proof;
            proof.set(child.move);
            return {true, proof, child.move};
        }
        if (params_.usePatternPruning)
            candidates &= r.proof;
        candidates.reset(child.move);
        losePattern |= r.proof;
    }
}

// The node is won when one region's position is won (the same move and pattern: that position
// only has more opponent stones), and lost when every one is lost (the union of their patterns,
// each inside its own region). Proof number the least of the regions', disproof number their sum.
Outcome ProofNumberSearch::midRegions(Color toMove, const std::vector<CellSet>& regions,
                                      const CellSet& mustPlay, Bounds threshold, Bounds& out,
                                      bool& solved) {
    Board& board = context_.board();
    const Color them = opponent(toMove);
    const int depth = context_.depth();
    const Cell arriving = arrivingMove(depth);
    struct Region {
        CellSet given; // the empty cells outside it
        Bounds bounds; // of its position, for the same side to move
    };
    std::vector<Region> open;
    CellSet losePattern;
    const CellSet empty = emptyCellSet(board);
    for (const CellSet& region : regions) {
        const CellSet given = empty - region; // the region's position gives these to `them`
        const Probe p = probeRegion(toMove, given, (region & mustPlay).count());
        if (!p.solved) {
            open.push_back({given, p.bounds});
            continue;
        }
        if (p.result.win) {
            solved = true;
            return p.result;
        }
        losePattern |= p.result.proof;
    }
    while (true) {
        if (open.empty()) {
            solved = true;
            return {false, losePattern, kNoCell};
        }
        const Selection pick = select(
            open, [](const Region& r) { return r.bounds.phi; },
            [](const Region& r) { return r.bounds.delta; });
        const std::size_t best = pick.best;
        const std::uint32_t phi = pick.least;
        const std::uint32_t phi2 = pick.second;
        const std::uint32_t delta = pick.sum;
        out = {phi, delta};
        if (depth == 1)
            context_.noteRootBounds(phi, delta);
        if (phi >= threshold.phi || delta >= threshold.delta)
            return {};
        Region& region = open[best];
        const Bounds regionThreshold{
            std::min(threshold.phi, aboveSecondBest(phi2, params_.dfpnSecondBestSixteenths)),
            threshold.delta - (delta - region.bounds.delta)};
        const int given = playAll(board, region.given, them);
        setArrivingMove(depth + 1, arriving);
        Bounds searched;
        bool regionSolved = false;
        const Outcome r = mid(toMove, regionThreshold, searched, regionSolved);
        undoAll(board, given);
        if (context_.aborted())
            return {};
        if (!regionSolved) {
            region.bounds = searched;
            continue;
        }
        if (r.win) {
            solved = true;
            return r;
        }
        losePattern |= r.proof;
        open.erase(open.begin() + static_cast<std::ptrdiff_t>(best));
    }
}

Cell ProofNumberSearch::arrivingMove(int depth) const {
    const auto d = static_cast<std::size_t>(depth);
    return d < arriving_.size() ? arriving_[d] : kNoCell;
}

void ProofNumberSearch::setArrivingMove(int depth, Cell move) {
    const auto d = static_cast<std::size_t>(depth);
    if (arriving_.size() <= d)
        arriving_.resize(d + 1, kNoCell);
    arriving_[d] = move;
}

const std::vector<Cell>& ProofNumberSearch::guessesFor(Color toMove, const NodeWork& work) {
    const int depth = context_.depth();
    if (depth > params_.guessPlies)
        return SolveContext::noGuesses().moves;
    // The root counts its whole search (one visit, whatever the bounds table kept from an
    // earlier solve; a solve that proves several roots in turn, Solver::winningMoves or
    // ChildrenInTurn, counts each root's own nodes); a node below it the nodes of all its visits.
    const std::uint64_t nodes = context_.stats().nodes;
    const std::uint64_t spent =
        depth == 1 ? context_.nodesSinceRoot() : work.earlier + (nodes - work.nodesBefore);
    if (depth == 1 && params_.inTurnWhenLost && context_.mayTurnToChildren() &&
        spent >= params_.judgeAfterNodes) {
        // Judged once, sooner than the guesses are favoured: the guesser's answer waits in the
        // context until the root has cost guessAfterNodes, as without the judgement.
        const std::optional<int> score = context_.judgeAt(work.key, toMove);
        if (score && *score < params_.lostBelowScore) {
            context_.turnToChildren(); // the search unwinds; Solver::prove goes on in turn
            return SolveContext::noGuesses().moves;
        }
    }
    const Guesses& guesses =
        context_.guessesAt(work.key, toMove, spent,
                           depth == 1 ? context_.guessAfterNodes() : params_.innerGuessAfterNodes);
    const bool scoredTooLow = depth == 1 && params_.favourAboveScore && guesses.score &&
                              *guesses.score < *params_.favourAboveScore;
    return scoredTooLow ? SolveContext::noGuesses().moves : guesses.moves;
}

// A full bounds table evicts the bounds of a node that cost little (BoundedTable): bounds only
// guide the search, and a node that lost them starts again from fresh ones.
void ProofNumberSearch::keepBounds(Key key, Bounds bounds, std::uint64_t work) {
    bounds_.store(key, bounds, bounds_.workOf(key) + work);
}

// Bounds of a region's position never searched, with `candidates` of the node's must-play moves
// inside it: the disproof number its expansion would start from (the sum of that many fresh
// children's phi, freshBounds), so that a split node's disproof number is on the scale of an
// unsplit one's instead of a cheap-looking 2; the proof number 1, like the best fresh child's.
ProofNumberSearch::Bounds ProofNumberSearch::regionBounds(int candidates) const {
    const auto n = static_cast<std::size_t>(std::max(candidates, 1));
    return {1, saturatingAdd(0, static_cast<std::uint32_t>(
                                    n * (1 + scaled(n, params_.dfpnSiblingPhiDivisor))))};
}

bool ProofNumberSearch::lookahead() const noexcept {
    const Board& board = context_.board();
    return params_.useLookahead && params_.useConnections &&
           std::max(board.width(), board.height()) <= params_.dfpnLookaheadMaxSize;
}

// Bounds of a child never searched, from what the parent knows without building anything: its
// phi grows with the number of siblings (so a node's delta, the sum of its children's phi, grows
// about quadratically with its move count, like the lookahead's initial delta), and its delta
// with how much worse its static score is than the best sibling's (so that a clearly worse move
// is not expanded just because it is fresh). See SolverParams::dfpnSiblingPhiDivisor.
ProofNumberSearch::Bounds ProofNumberSearch::freshBounds(int scoreGap, std::size_t siblings) const {
    const auto gap = static_cast<std::size_t>(std::max(scoreGap, 0));
    return {1 + scaled(siblings, params_.dfpnSiblingPhiDivisor),
            1 + static_cast<std::uint32_t>(
                    gap * static_cast<std::size_t>(std::max(params_.dfpnDeltaPerScoreGap, 0)))};
}

// A region's position from the tables, or fresh bounds (regionBounds).
ProofNumberSearch::Probe ProofNumberSearch::probeRegion(Color toMove, const CellSet& given,
                                                        int candidates) {
    Board& board = context_.board();
    Probe p;
    p.bounds = regionBounds(candidates);
    const int played = playAll(board, given, opponent(toMove));
    ++context_.stats().tableLookups;
    if (const auto e = table_.find(board, toMove)) {
        ++context_.stats().tableHits;
        p.solved = true;
        p.result = Outcome::fromEntry(*e, toMove);
    } else if (const Bounds* b = bounds_.find(ProofTable::keyOf(board, toMove)); b != nullptr) {
        p.bounds = *b;
    }
    undoAll(board, played);
    return p;
}

// A child seen for the first time is judged statically (the lookahead) and gets its disproof
// number from its must-play size: its disproof needs every must-play move refuted. Later visits
// read the tables. Without the lookahead (switched off, or a board above dfpnLookaheadMaxSize) a
// fresh child starts at `fresh`.
ProofNumberSearch::Probe ProofNumberSearch::probeChild(Color toMove, Cell move, Bounds fresh) {
    Board& board = context_.board();
    const Color them = opponent(toMove);
    Probe p;
    p.bounds = fresh;
    board.play(move, toMove);
    if (board.winner() == toMove) {
        p.solved = true;
        p.result = {false, {}, kNoCell};
    } else if (++context_.stats().tableLookups; const auto e = table_.find(board, them)) {
        ++context_.stats().tableHits;
        p.solved = true;
        p.result = Outcome::fromEntry(*e, them);
    } else if (const Bounds* b = bounds_.find(ProofTable::keyOf(board, them)); b != nullptr) {
        p.bounds = *b;
    } else if (lookahead()) {
        ++context_.stats().lookaheads;
        if (!context_.outOfBudget()) {
            const StaticVerdict child = analysis_.judgeChild(them);
            if (child.win) {
                p.solved = true;
                p.result = child.outcome();
                table_.store(board, them, p.result.entry(them), 1);
            } else {
                p.bounds = {fresh.phi, initialDelta(child.mustPlay.count())};
                keepBounds(ProofTable::keyOf(board, them), p.bounds, 1);
            }
        }
    }
    board.undo();
    return p;
}

} // namespace hex
