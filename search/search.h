#pragma once

#include "connections/connections.h"
#include "connections/game_state.h"
#include "core/board.h"
#include "eval/evaluator.h"
#include "search/move_ordering.h"
#include "search/proof.h"
#include "search/search_types.h"
#include "search/tactics.h"
#include "search/transposition_table.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hex {

// Iterative-deepening negamax alpha-beta (fail-soft, principal-variation search, aspiration
// windows at the root) over a width-limited move list: all moves at the root, the evaluator's
// best `width` below, widened to every move when all of those are proven losses so that proven
// scores stay sound. Wins and losses score kWin - plies (see core/score.h); immediate wins
// and forced blocks are recognised at every node before any evaluation.
//
// Pattern search (van Rijswijck): every proven result carries its proof pattern (search/proof.h),
// which goes to the TT's pattern table; after a refuted move, every move outside the
// refutation's pattern is skipped as refuted too. Where H-search is enabled (small boards,
// endgames) connection wins and losses decide nodes and the must-play set prunes their moves.
// When the root is proven lost the best move is the one whose refutation needs the largest
// pattern (SearchResult::best; see docs/search.md).
//
// Deterministic: with no time limit and no stop function firing the node count and result depend
// only on the position, the limits, the evaluator and the TT contents. Never throws; reports
// through callbacks only.
class Search {
public:
    // Share of a timed move the root's H-search may use.
    static constexpr double kRootConnectionsShare = 0.3;

    Search(TranspositionTable& table, eval::Evaluator& evaluator);
    Search(const Search&) = delete; // the H-searches' stop functions point at this object
    Search& operator=(const Search&) = delete;

    // Searches `toMove`'s best move on `board`. The TT is used as it is (clear it first for a
    // reproducible result) and aged by one generation.
    SearchResult run(const Board& board, Color toMove, const SearchLimits& limits,
                     const SearchCallbacks& callbacks = {});

private:
    // Below this depth the root uses a full window; from it on a window around the last score.
    static constexpr int kAspirationMinDepth = 3;
    static constexpr int kAspirationTries = 3;
    static constexpr int kAspirationGrowth = 4;
    // How much longer an iteration takes than the one before (11x11, 1 s per move: depth 4
    // about 3.4 times depth 3); an odd iteration past the first starts only when, that much
    // longer than the last one, it would end before the soft deadline (evenDepthMoves).
    static constexpr double kIterationGrowth = 3.0;

    // The moves of a node that are not refuted yet, and the opponent's pattern for the others.
    struct MoveRegion {
        CellSet candidates;
        CellSet reason;
    };

    void prepare(const Board& board, Color toMove, const SearchLimits& limits);
    std::optional<SearchResult> resolveWithoutSearch();
    std::optional<SearchResult> resolveByConnections();
    void pruneInferiorRootMoves();
    void generateRootMoves();
    Cell hardestLosingMove(const SearchResult& result) const;

    // One iteration of the iterative deepening: a depth, with static or quiescent leaves.
    struct Iteration {
        int depth = 1;
        bool quiescence = false;
    };
    Iteration nextIteration(Iteration done) const;
    bool decidesMove(int depth) const;
    bool oddIterationPays(int depth) const;
    void searchFirst(Cell move);
    void adoptIteration(SearchResult& result, int depth, Score score) const;
    Score aspirationSearch(int depth, Score previous);
    Score searchRoot(int depth, Score alpha, Score beta);

    // alphaBeta, split into its steps.
    Score alphaBeta(int depth, Score alpha, Score beta, int ply, Color toMove);
    std::optional<Score> tacticalScore(Color toMove, int ply, WinningCells& threats);
    std::optional<Score> probeTable(CanonicalKey key, int depth, Score alpha, Score beta, int ply,
                                    Cell& ttMove);
    bool useConnectionsAt(int depth) const noexcept;
    GameState analyseConnections(Color toMove);
    std::optional<Score> connectionScore(Color toMove, int ply, MoveRegion& region);
    std::optional<Score> evaluatorConnectionScore(Color toMove, int ply, MoveRegion& region);
    std::optional<Score> applyConnections(const GameState& state, Color toMove, int ply,
                                          MoveRegion& region);
    // Fills moves_[ply] with the region's candidates (the searched ones first, by the cell
    // values alphaBeta put in cellValuesAt(ply)) and returns how many are within the width.
    std::size_t generateMoves(Color toMove, int ply, Cell ttMove, const WinningCells& threats,
                              const CellSet& candidates);
    Score searchMove(Cell move, int index, int depth, Score alpha, Score beta, int ply,
                     Color toMove);
    void storeResult(CanonicalKey key, int depth, Score best, Score originalAlpha, Score beta,
                     Cell bestMove, int ply);
    int tableDepth(int depth) const noexcept;
    Score staticScore(Color toMove);
    // The evaluator's cell values of the node at `ply` (one row of cellValues_ per ply).
    std::span<int> cellValuesAt(int ply) noexcept {
        return {cellValues_.data() + static_cast<std::ptrdiff_t>(ply) * cellCount_,
                static_cast<std::size_t>(cellCount_)};
    }
    // The leaf's value with SearchLimits' quiescence (plies left; the quiescent passes only).
    Score quiesce(Score alpha, Score beta, int ply, Color toMove, int plies);
    // The `count` best cells of `candidates` by cellValuesAt(ply), in sortByCellValue's
    // order, into moves_[ply].
    void bestCells(int ply, std::size_t count, const CellSet& candidates);
    CellSet quiescenceCandidates(Color toMove) const;

    bool shouldAbort();
    void pollStop();
    bool connectionsShouldStop();
    void updatePv(int ply, Cell move);
    std::vector<Cell> pvFromRoot() const;
    double elapsedSeconds() const;

    TranspositionTable& table_;
    eval::Evaluator& evaluator_;

    // Per-run state.
    Board board_{1, 1};
    Color rootColor_ = Color::Black;
    SearchLimits limits_;
    SteadyClock::time_point start_;
    SteadyClock::duration lastIteration_{}; // the last finished static-leaf iteration's time
    bool quiescentLeaves_ = false;          // in the current iteration
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    int maxPly_ = 0;
    int cellCount_ = 0;
    MoveOrdering ordering_;
    std::vector<ProofRecord> proofs_; // per ply: what the last node searched there proved
    Connections own_;
    Connections opp_;
    // An H-search ends early (sound, with fewer connections) when the search must stop, and at
    // the root at this point of the move's time: a 13x13 position took 15 s.
    SteadyClock::time_point connectionsDeadline_ = SteadyClock::time_point::max();
    MoveRegion rootRegion_;
    std::vector<std::vector<Cell>> moves_;
    std::vector<int> cellValues_;
    std::vector<Cell> pvTable_;
    std::vector<int> pvLength_;
    std::vector<Cell> rootMoves_;
    std::vector<RootMoveScore> rootScores_;
    Cell iterationBest_ = kNoCell;
};

} // namespace hex
