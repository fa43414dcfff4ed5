#include "solver/solver.h"
#include "test/solver/solver_params.h"

#include "connections/game_state.h"
#include "solver/regions.h"
#include "test/connections/brute_force.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace hex {
namespace {

using testing::proofHolds;

// A solve's result against exact minimax: the winner, the proof (it holds with the loser on
// every cell outside it) and, for a win, the winning move.
void expectSolvedRight(Board& board, Color toMove, const SolveResult& r,
                       testing::Minimax& minimax) {
    ASSERT_TRUE(r.winner);
    ASSERT_EQ(*r.winner == toMove, minimax.wins(board, toMove));
    ASSERT_TRUE(proofHolds(board, toMove, *r.winner, r.proof));
    if (*r.winner == toMove) {
        ASSERT_TRUE(board.isEmpty(r.winningMove));
        board.play(r.winningMove, toMove);
        ASSERT_FALSE(minimax.wins(board, opponent(toMove)));
        board.undo();
    }
}

void checkAgainstMinimax(const SolverParams& params, unsigned seed, int positions) {
    std::mt19937 rng(seed);
    Solver solver(params);
    testing::Minimax minimax;
    for (int done = 0; done < positions; ++done) {
        Board board = testing::randomSmallPosition(rng, 11);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        if (rng() % 4 == 0)
            solver.clear();
        const SolveResult r = solver.solve(board, toMove);
        ASSERT_NO_FATAL_FAILURE(expectSolvedRight(board, toMove, r, minimax));
    }
}

TEST(Solver, AgreesWithMinimaxAndProofsHold) { checkAgainstMinimax({}, 1, 1500); }

// With helper threads the winner, the proof and the winning move are as sound as with one,
// whichever thread finds them.
TEST(Solver, HelperThreadsAgreeWithMinimaxAndProofsHold) {
    SolverParams params;
    params.threads = 3;
    checkAgainstMinimax(params, 41, 400);
}

TEST(Solver, EachIngredientOffStillAgrees) {
    for (int variant = 0; variant < testing::kIngredients; ++variant) {
        const SolverParams params = testing::withoutIngredient(variant);
        checkAgainstMinimax(params, 10U + static_cast<unsigned>(variant), 300);
    }
}

// Positions that split for the side to move (solver/regions.h), solved region by region: the
// winner is minimax's, the proof holds and a winning move wins, as everywhere else. With the
// connections most of these small positions are decided before a split is looked at; without
// them every undecided node with two regions is split.
std::uint64_t checkSplitPositions(const SolverParams& params, unsigned seed, int positions) {
    std::mt19937 rng(seed);
    Solver solver(params);
    testing::Minimax minimax;
    int split = 0;
    std::uint64_t splitNodes = 0;
    while (split < positions) {
        Board board = testing::randomSmallPosition(rng, 12);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        if (regionsOf(board, toMove).size() < 2)
            continue;
        ++split;
        solver.clear();
        const SolveResult r = solver.solve(board, toMove);
        splitNodes += r.stats.splits;
        expectSolvedRight(board, toMove, r, minimax);
        if (::testing::Test::HasFatalFailure())
            break;
    }
    return splitNodes;
}

TEST(Solver, SplitPositionsAgreeWithMinimaxAndProofsHold) {
    checkSplitPositions({}, 29, 400);
    SolverParams noConnections;
    noConnections.useConnections = false;
    EXPECT_GT(checkSplitPositions(noConnections, 31, 400), 50U);
}

// Losses proven with vulnerable or dominated moves left out: their proofs must keep the killers
// and dominators (without them, proofs fail here). The table is cleared before each solve, so
// every solve prunes anew; without connections, every node has moves to prune.
TEST(Solver, LossesWithPrunedMovesHaveValidProofs) {
    std::mt19937 rng(31);
    testing::Minimax minimax;
    Solver withVcs;
    Solver withoutVcs(testing::withoutIngredient(0));
    int checked = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        Board board = testing::randomSmallPosition(rng, 11);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        Solver& solver = trial % 2 == 0 ? withVcs : withoutVcs;
        solver.clear();
        const SolveResult r = solver.solve(board, toMove);
        ASSERT_TRUE(r.winner);
        ASSERT_EQ(*r.winner == toMove, minimax.wins(board, toMove));
        if (*r.winner == toMove || r.stats.prunedMoves == 0)
            continue;
        ++checked;
        ASSERT_TRUE(proofHolds(board, toMove, *r.winner, r.proof));
    }
    EXPECT_GT(checked, 80);
}

// Every winning move and no other, with or without pattern pruning; with it, most losing moves
// are known from an earlier refutation's pattern without a proof of their own.
int checkWinningMoves(const SolverParams& params, unsigned seed) {
    std::mt19937 rng(seed);
    Solver solver(params);
    int refuted = 0;
    for (int done = 0; done < 200;) {
        auto board = testing::randomPosition(4, 4 + static_cast<int>(rng() % 8), rng);
        if (!board)
            continue;
        ++done;
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        const WinningMoves w = solver.winningMoves(*board, toMove);
        EXPECT_TRUE(w.complete);
        std::vector<Cell> expected;
        testing::Minimax minimax;
        for (Cell c : board->emptyCells()) {
            board->play(c, toMove);
            if (!minimax.wins(*board, opponent(toMove)))
                expected.push_back(c);
            board->undo();
        }
        EXPECT_EQ(w.moves, expected);
        if (::testing::Test::HasFailure())
            break;
        refuted += w.refutedByPatterns;
    }
    return refuted;
}

TEST(Solver, WinningMovesAreExactlyTheMinimaxWins) {
    EXPECT_GT(checkWinningMoves({}, 5), 100);
    EXPECT_EQ(checkWinningMoves(testing::withoutIngredient(2), 5), 0); // no pattern pruning
}

// The 1+epsilon margin (SolverParams::dfpnSecondBestSixteenths) changes the work, never the
// results: none (0) and a whole second best (16) agree with minimax and their proofs hold, and
// the margin is used (6x6 f2, 1,490 nodes at 0 against 1,368 at the default).
TEST(Solver, SecondBestMarginChangesTheWorkNotTheResults) {
    for (const int sixteenths : {0, 16}) {
        SolverParams params;
        params.dfpnSecondBestSixteenths = sixteenths;
        checkAgainstMinimax(params, 60U + static_cast<unsigned>(sixteenths), 200);
    }
    const auto nodesFor = [](int sixteenths) {
        SolverParams params;
        params.dfpnSecondBestSixteenths = sixteenths;
        Solver solver(params);
        Board board(6, 6);
        board.play(board.geometry().cell(5, 1), Color::Black);
        const SolveResult r = solver.solve(board, Color::White);
        EXPECT_EQ(r.winner, Color::Black);
        return r.stats.nodes;
    };
    EXPECT_NE(nodesFor(0), nodesFor(4));
}

TEST(Solver, TwoIdenticalSolvesCountTheSameNodes) {
    Board board(5, 5);
    board.play(board.geometry().cell(2, 2), Color::Black);
    Solver a;
    Solver b;
    const SolveResult ra = a.solve(board, Color::White);
    const SolveResult rb = b.solve(board, Color::White);
    EXPECT_EQ(ra.stats.nodes, rb.stats.nodes);
    EXPECT_EQ(ra.proof, rb.proof);
}

// A cleared solver forgets everything the solves before it left (proofs, bounds, winning
// replies, the kept connection builds and the VC cache, whose entries depend on the builds they
// were derived from): its next solve searches exactly the nodes a new solver does, so that a
// game after clear_board, a self-play game after others, or a benchmark's opening after others
// is solved as if it came first.
TEST(Solver, ASolveAfterClearDoesNotDependOnTheOnesBefore) {
    const Geometry& g = Geometry::of(6, 6);
    Board board(g);
    board.play(g.cell(0, 3), Color::Black); // a4
    Solver fresh;
    const SolveResult b = fresh.solve(board, Color::White);
    EXPECT_GT(b.stats.nodes, 200U);
    // d2 first left builds and cache entries that changed a4's solve (865 nodes against 784).
    for (const Cell first : {g.cell(3, 1), g.cell(1, 1), g.cell(5, 1)}) {
        Board before(g);
        before.play(first, Color::Black);
        Solver used;
        ASSERT_TRUE(used.solve(before, Color::White).winner);
        used.clear();
        const SolveResult a = used.solve(board, Color::White);
        EXPECT_EQ(a.stats.nodes, b.stats.nodes) << "after " << g.name(first);
        EXPECT_EQ(a.proof, b.proof);
    }
}

// The memos of fill-ins and inferior moves are exact: with or without them (or with a single
// slot, overwritten all the time) a solve visits the same nodes and finds the same proof.
TEST(Solver, AnalysisMemosChangeNothingButTheTime) {
    const Geometry& g = Geometry::of(6, 6);
    std::vector<std::uint64_t> nodes;
    std::vector<CellSet> proofs;
    std::vector<std::uint64_t> memoHits;
    for (const std::size_t entries : {std::size_t{0}, std::size_t{1}, std::size_t{1} << 14}) {
        SolverParams params;
        params.analysisMemoEntries = entries;
        Solver solver(params);
        Board board(g);
        board.play(g.cell(5, 1), Color::Black);
        const SolveResult r = solver.solve(board, Color::White);
        ASSERT_TRUE(r.winner);
        nodes.push_back(r.stats.nodes);
        proofs.push_back(r.proof);
        memoHits.push_back(r.stats.memoHits);
    }
    EXPECT_EQ(nodes[1], nodes[0]);
    EXPECT_EQ(nodes[2], nodes[0]);
    EXPECT_EQ(proofs[1], proofs[0]);
    EXPECT_EQ(proofs[2], proofs[0]);
    EXPECT_EQ(memoHits[0], 0U);
    EXPECT_GT(memoHits[2], 100U); // the memos are used
}

// A helper alone, on 5x5 positions of two to four stones (small random positions are mostly
// decided at the root, where a helper has nothing to do): a winning move it reports wins, as
// the single-threaded solver (checked against minimax above) says, with a proof that holds.
TEST(RootHelper, ReportsOnlyWinningMoves) {
    std::mt19937 rng(43);
    Solver referee;
    int wins = 0;
    for (int i = 0; i < 150; ++i) {
        Board board(5, 5);
        std::vector<Cell> cells = board.emptyCells();
        std::shuffle(cells.begin(), cells.end(), rng);
        const int stones = 2 + static_cast<int>(rng() % 3);
        for (int k = 0; k < stones; ++k)
            board.play(cells[static_cast<std::size_t>(k)],
                       k % 2 == 0 ? Color::Black : Color::White);
        const Color toMove = stones % 2 == 0 ? Color::Black : Color::White;
        ProofTable table(1 << 16);
        RootHelper helper({}, table);
        const std::atomic<bool> stop{false};
        const auto win = helper.run(board, toMove, {static_cast<int>(rng() % 2), 2}, 0, stop);
        if (!win)
            continue;
        ++wins;
        ASSERT_TRUE(board.isEmpty(win->move));
        const SolveResult whole = referee.solve(board, toMove);
        ASSERT_EQ(whole.winner, toMove);
        board.play(win->move, toMove);
        ASSERT_EQ(referee.solve(board, opponent(toMove)).winner, toMove);
        // The proof: the loser may own every other empty cell.
        board.undo();
        for (Cell c : board.emptyCells())
            if (!win->proof.test(c))
                board.play(c, opponent(toMove));
        ASSERT_EQ(referee.solve(board, toMove).winner, toMove);
    }
    EXPECT_GT(wins, 10); // the test says something
}

TEST(Solver, SetThreadsKeepsTheTableAndAgrees) {
    Board board(5, 5);
    board.play(board.geometry().cell(0, 0), Color::Black);
    Solver solver;
    const SolveResult one = solver.solve(board, Color::White);
    solver.setThreads(2);
    solver.setMemory(std::size_t{8} << 20);
    const SolveResult two = solver.solve(board, Color::White);
    ASSERT_TRUE(one.winner && two.winner);
    EXPECT_EQ(*one.winner, *two.winner);
    EXPECT_EQ(two.stats.nodes, 1u); // the root's proof was kept: a table hit
    solver.setThreads(1);
    EXPECT_EQ(solver.solve(board, Color::White).winner, one.winner);
}

TEST(Solver, LimitsAndStopGiveUnknown) {
    Board board(7, 7);
    Solver solver;
    SolveLimits limits;
    limits.maxNodes = 10;
    EXPECT_FALSE(solver.solve(board, Color::Black, limits).winner);
    std::atomic<bool> stop{true};
    SolveLimits stopped;
    stopped.stop = [&] { return stop.load(); };
    const SolveResult r = solver.solve(board, Color::Black, stopped);
    EXPECT_FALSE(r.winner);
    // An aborted solve stores nothing: a later unlimited solve on a small board still works.
    Board small(3, 3);
    EXPECT_EQ(solver.solve(small, Color::Black).winner, Color::Black);
}

TEST(Solver, FinishedGameHasItsWinner) {
    Board board(2, 2);
    const Geometry& g = board.geometry();
    board.play(g.cell(0, 0), Color::Black);
    board.play(g.cell(0, 1), Color::Black);
    EXPECT_EQ(Solver().solve(board, Color::White).winner, Color::Black);
    EXPECT_TRUE(Solver().winningMoves(board, Color::White).moves.empty());
}

// A long solve reports its progress at the requested pace: node counts and times that only
// grow, the root's proof and disproof numbers once it has children, and the table's fill.
TEST(Solver, ReportsProgressWhileItRuns) {
    Board board(7, 7);
    board.play(Geometry::of(7, 7).cell(1, 1), Color::Black); // b2: a loss for Black
    std::vector<SolveProgress> reports;
    SolveLimits limits;
    limits.maxNodes = 4'000;
    limits.progressSeconds = 0.001;
    limits.progress = [&](const SolveProgress& p) { reports.push_back(p); };
    Solver solver;
    const SolveResult r = solver.solve(board, Color::White, limits);
    ASSERT_GE(reports.size(), 2u);
    for (std::size_t i = 1; i < reports.size(); ++i) {
        EXPECT_GE(reports[i].nodes, reports[i - 1].nodes);
        EXPECT_GE(reports[i].seconds, reports[i - 1].seconds + 0.001 - 1e-9);
    }
    const SolveProgress& last = reports.back();
    EXPECT_LE(last.nodes, r.stats.nodes);
    EXPECT_GT(last.rootProof, 0u);
    EXPECT_GT(last.rootDisproof, 0u);
    EXPECT_GT(last.tableEntries, 0u);
    EXPECT_LE(last.tableEntries, solver.tableCapacity());
}

// With the children in turn the reports also say how far the root has come: children done
// that only grow, the same count in all (done and to go), and the words for it; without, none.
TEST(Solver, ReportsTheChildrenInTurn) {
    Board board(6, 6);
    board.play(board.geometry().cell(5, 1), Color::Black); // f2: every White reply is refuted
    std::vector<SolveProgress> reports;
    SolveLimits limits;
    limits.progressSeconds = 0.001;
    limits.progress = [&](const SolveProgress& p) { reports.push_back(p); };
    SolverParams params;
    params.rootChildrenInTurn = true;
    ASSERT_EQ(Solver(params).solve(board, Color::White, limits).winner, Color::Black);
    // The reports during the root's own analysis, before its first child, have none.
    std::erase_if(reports, [](const SolveProgress& p) { return p.childrenLeft == 0; });
    ASSERT_GE(reports.size(), 3u);
    const int all = reports.front().childrenDone + reports.front().childrenLeft;
    EXPECT_GT(all, 10);
    for (std::size_t i = 0; i < reports.size(); ++i) {
        EXPECT_EQ(reports[i].childrenDone + reports[i].childrenLeft, all);
        if (i > 0) {
            EXPECT_GE(reports[i].childrenDone, reports[i - 1].childrenDone);
        }
    }
    EXPECT_GT(reports.back().childrenDone, reports.front().childrenDone);
    EXPECT_NE(describeProgress(reports.back()).find("root's children"), std::string::npos);
    reports.clear();
    ASSERT_EQ(Solver().solve(board, Color::White, limits).winner, Color::Black);
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back().childrenLeft, 0);
    EXPECT_EQ(describeProgress(reports.back()).find("root's children"), std::string::npos);
}

TEST(Solver, ReportsNothingWithoutAProgressCallback) {
    Board board(7, 7);
    board.play(Geometry::of(7, 7).cell(1, 1), Color::Black); // b2: a loss for Black
    SolveLimits limits;
    limits.maxNodes = 500;
    limits.progressSeconds = 0; // due at every poll, but nobody asked
    EXPECT_FALSE(Solver().solve(board, Color::White, limits).winner);
}

// Guesses of the winning moves change the work, never the result: random guesses, right or
// wrong, favoured from the first node on, at the root and at the nodes three plies below it.
// Solves `positions` random positions of at most 13 empty cells against minimax, the table
// cleared now and then; returns how many roots were proven with their children in turn.
std::uint64_t solveRandomPositions(Solver& solver, const SolveLimits& limits, std::mt19937& rng,
                                   int positions, testing::Minimax& minimax) {
    std::uint64_t inTurn = 0;
    for (int done = 0; done < positions; ++done) {
        Board board = testing::randomSmallPosition(rng, 13);
        const Color toMove = rng() % 2 == 0 ? Color::Black : Color::White;
        if (rng() % 4 == 0)
            solver.clear();
        const SolveResult r = solver.solve(board, toMove, limits);
        expectSolvedRight(board, toMove, r, minimax);
        if (::testing::Test::HasFatalFailure())
            break;
        inTurn += r.stats.rootsInTurn;
    }
    return inTurn;
}

TEST(Solver, GuessesChangeTheWorkNotTheResults) {
    std::mt19937 rng(77);
    SolverParams params;
    params.useConnections = false; // fewer positions decided before the root's move loop
    params.guessPlies = 4;
    params.innerGuessAfterNodes = 0;
    Solver solver(params);
    testing::Minimax minimax;
    int asked = 0;
    SolveLimits limits;
    limits.guessAfterNodes = 0;
    limits.guess = [&](const Board& b, Color, const StopFn&) {
        ++asked;
        std::vector<Cell> cells = b.emptyCells();
        std::shuffle(cells.begin(), cells.end(), rng);
        // A copy of the first two, not resize(): GCC 12 at -O3 warns falsely about resize here.
        const auto count = static_cast<std::ptrdiff_t>(std::min<std::size_t>(cells.size(), 2));
        return std::vector<Cell>(cells.begin(), cells.begin() + count);
    };
    solveRandomPositions(solver, limits, rng, 300, minimax);
    EXPECT_GT(asked, 50);
}

// With guesses at the root only, the guesser is asked once a solve has expanded guessAfterNodes
// nodes, at most once a solve, and a solve that ends sooner never asks; favoured guesses change
// the root's work.
TEST(Solver, AsksForGuessesOnlyWhenTheSolveRunsLong) {
    Board board(6, 6);
    board.play(board.geometry().cell(5, 1), Color::Black); // f2: a win for Black
    SolverParams rootOnly;
    rootOnly.guessPlies = 1;
    const auto solveWith = [&](std::uint64_t after, std::vector<Cell> guesses, int& asked) {
        SolveLimits limits;
        limits.guessAfterNodes = after;
        limits.guess = [&asked, guesses](const Board&, Color, const StopFn&) {
            ++asked;
            return guesses;
        };
        const SolveResult r = Solver(rootOnly).solve(board, Color::White, limits);
        EXPECT_EQ(r.winner, Color::Black);
        return r.stats.nodes;
    };
    int asked = 0;
    const std::uint64_t plain = solveWith(1'000'000, {}, asked);
    EXPECT_EQ(asked, 0);
    ASSERT_GT(plain, 100u);
    EXPECT_EQ(solveWith(50, {}, asked), plain); // asked, but nothing to favour
    EXPECT_EQ(asked, 1);
    const Geometry& g = board.geometry();
    EXPECT_NE(solveWith(0, {g.cell(0, 5), g.cell(1, 5)}, asked), plain); // a6 b6 favoured
    EXPECT_EQ(asked, 2);
}

// With favourAboveScore the root favours its guesses only when the guesser's score for the side
// to move reaches it: below, the search is node for node the one without guesses; at or above
// it (or without a score), the one that favours them.
TEST(Solver, FavoursGuessesOnlyWhenTheirScoreReachesTheThreshold) {
    Board board(6, 6);
    const Geometry& g = board.geometry();
    board.play(g.cell(5, 1), Color::Black);                      // f2: a win for Black
    const std::vector<Cell> guessed{g.cell(0, 5), g.cell(1, 5)}; // a6 b6, two losing moves
    const auto solveWith = [&](std::optional<int> threshold, std::optional<int> score, bool guess) {
        SolverParams params;
        params.favourAboveScore = threshold;
        SolveLimits limits;
        limits.guessAfterNodes = 0;
        if (guess)
            limits.guess = [&](const Board&, Color, const StopFn&) {
                return Guesses(guessed, score);
            };
        const SolveResult r = Solver(params).solve(board, Color::White, limits);
        EXPECT_EQ(r.winner, Color::Black);
        return r.stats.nodes;
    };
    const std::uint64_t plain = solveWith(std::nullopt, std::nullopt, false);
    const std::uint64_t favoured = solveWith(std::nullopt, -500, true);
    ASSERT_NE(plain, favoured); // the guesses change the work (as in the test above)
    EXPECT_EQ(solveWith(-150, -500, true), plain);
    EXPECT_EQ(solveWith(-150, -151, true), plain);
    EXPECT_EQ(solveWith(-150, -150, true), favoured);
    EXPECT_EQ(solveWith(-150, 300, true), favoured);
    EXPECT_EQ(solveWith(-150, std::nullopt, true), favoured);
}

// With guessPlies 2 the root's children ask too, each once it has cost innerGuessAfterNodes
// nodes over all its visits: for their own side to move (the root's opponent), on their own
// position (the root's stones and one more of the other side's), once each.
TEST(Solver, AsksTheRootsChildrenForGuessesWithinGuessPlies) {
    Board root(6, 6);
    const Geometry& g = root.geometry();
    root.play(g.cell(5, 1), Color::Black); // f2: a win for Black, so every White move is refuted
    struct Ask {
        Color toMove;
        std::string stones; // "b" and Black's stones, "w" and White's
        bool withWhite;
    };
    const auto solveWith = [&](int plies, std::uint64_t after) {
        SolverParams params;
        params.guessPlies = plies;
        params.innerGuessAfterNodes = after;
        std::vector<Ask> asked;
        SolveLimits limits;
        limits.guessAfterNodes = after;
        limits.guess = [&](const Board& b, Color toMove, const StopFn&) {
            EXPECT_TRUE(b.has(g.cell(5, 1), Color::Black));
            std::string stones;
            for (Color colour : {Color::Black, Color::White}) {
                stones += colour == Color::Black ? "b" : " w";
                for (Cell c = 0; c < g.cellCount(); ++c)
                    if (b.has(c, colour))
                        stones += " " + g.name(c);
            }
            asked.push_back({toMove, stones, b.stoneCount(Color::White) > 0});
            return std::vector<Cell>{};
        };
        EXPECT_EQ(Solver(params).solve(root, Color::White, limits).winner, Color::Black);
        return asked;
    };
    const auto rootOnly = solveWith(1, 0);
    ASSERT_EQ(rootOnly.size(), 1u);
    EXPECT_EQ(rootOnly.front().toMove, Color::White);
    const auto twoPlies = solveWith(2, 0);
    ASSERT_GT(twoPlies.size(), 3u);
    std::set<std::string> children;
    int atRoot = 0;
    for (const Ask& a : twoPlies) {
        if (a.toMove == Color::White) {
            ++atRoot;
            continue;
        }
        EXPECT_TRUE(a.withWhite); // the root's move, and White's fill-in if any
        EXPECT_TRUE(children.insert(a.stones).second) << a.stones << " asked twice";
    }
    EXPECT_EQ(atRoot, 1);
    // Nodes that never cost that many nodes never ask.
    EXPECT_LT(solveWith(2, 2'000).size(), twoPlies.size());
    EXPECT_TRUE(solveWith(2, 1'000'000).empty());
}

// The root's children proven one at a time (SolverParams::rootChildrenInTurn) change the work,
// never the results: with every ingredient, with each one off, with helper threads beside, and
// in the lists of winning moves.
TEST(Solver, ChildrenInTurnAgreeWithMinimaxAndProofsHold) {
    SolverParams params;
    params.rootChildrenInTurn = true;
    checkAgainstMinimax(params, 91, 800);
    for (int variant = 0; variant < testing::kIngredients; ++variant) {
        SolverParams without = testing::withoutIngredient(variant);
        without.rootChildrenInTurn = true;
        checkAgainstMinimax(without, 100U + static_cast<unsigned>(variant), 100);
    }
    params.threads = 3;
    checkAgainstMinimax(params, 92, 200);
}

TEST(Solver, ChildrenInTurnListExactlyTheMinimaxWins) {
    SolverParams params;
    params.rootChildrenInTurn = true;
    EXPECT_GT(checkWinningMoves(params, 6), 100);
}

// With the children in turn the root asks for guesses at once, and the first guess that is a
// candidate is the first child proven; each child then asks at its own root once it has cost
// guessAfterNodes of its own nodes (not the solve's), on its own position, once.
TEST(Solver, ChildrenInTurnProveTheRootsGuessesFirst) {
    Board root(6, 6);
    const Geometry& g = root.geometry();
    root.play(g.cell(5, 1), Color::Black); // f2: a win for Black, so every White move is refuted
    struct Solve {
        std::vector<Cell> children; // the White moves whose positions were expanded, in order
        int rootAsks = 0;
        std::set<Key> childAsks; // the positions (Black's turn) that asked
        int repeatedAsks = 0;
        int expandedInChild = 0;           // the nodes the current child has expanded so far
        int fewestExpandedAtAsk = 1 << 30; // the least of those when a child asked
    };
    const auto solveWith = [&](std::vector<Cell> rootGuesses, std::uint64_t after) {
        SolverParams params;
        params.rootChildrenInTurn = true;
        Solve solve;
        SolveLimits limits;
        limits.guessAfterNodes = after;
        limits.guess = [&](const Board& b, Color toMove, const StopFn&) {
            if (toMove == Color::White) {
                ++solve.rootAsks;
                return rootGuesses;
            }
            if (!solve.childAsks.insert(ProofTable::keyOf(b, toMove)).second)
                ++solve.repeatedAsks;
            solve.fewestExpandedAtAsk = std::min(solve.fewestExpandedAtAsk, solve.expandedInChild);
            return std::vector<Cell>{};
        };
        limits.expanded = [&](const Board& b, Color toMove) {
            ++solve.expandedInChild;
            if (toMove != Color::Black || b.stoneCount(Color::White) != 1 ||
                b.stoneCount(Color::Black) != 1)
                return;
            solve.expandedInChild = 1; // a child's root: its solve begins
            for (Cell c = 0; c < g.cellCount(); ++c)
                if (b.has(c, Color::White) &&
                    std::find(solve.children.begin(), solve.children.end(), c) ==
                        solve.children.end())
                    solve.children.push_back(c);
        };
        EXPECT_EQ(Solver(params).solve(root, Color::White, limits).winner, Color::Black);
        return solve;
    };
    const Solve plain = solveWith({}, 1'000'000);
    EXPECT_EQ(plain.rootAsks, 1); // at once, whatever guessAfterNodes says
    EXPECT_TRUE(plain.childAsks.empty());
    ASSERT_GT(plain.children.size(), 2u);
    const Cell last = plain.children.back(); // a candidate the static order proves late
    const Solve guessed = solveWith({last}, 1'000'000);
    ASSERT_FALSE(guessed.children.empty());
    EXPECT_EQ(guessed.children.front(), last);
    const Solve everyChild = solveWith({}, 0);
    EXPECT_GT(everyChild.childAsks.size(), 2u);
    EXPECT_EQ(everyChild.repeatedAsks, 0);
    // 100 nodes of a child's own take more than a few expansions (each has at most 36
    // children); counting the solve's nodes instead, a child would ask at its first expansion.
    const Solve longChildren = solveWith({}, 100);
    ASSERT_FALSE(longChildren.childAsks.empty());
    EXPECT_LT(longChildren.childAsks.size(), everyChild.childAsks.size());
    EXPECT_GE(longChildren.fewestExpandedAtAsk, 100 / 36);
}

// A root its guesser judges lost (SolverParams::inTurnWhenLost) goes on with its children in
// turn from what the one search proved before: the work changes, never the results, whatever
// the guesses and scores (random here, half of them below the threshold), with helper threads
// beside too; and a good share of the solves turn.
// `minTurned`: how many roots at least must turn, so that the test exercises turning (one
// thread: 68 of the 300; with helpers the count moves with their timing, 14 to 16 of the 120 on
// a loaded two-core machine).
void checkTurningAgainstMinimax(SolverParams params, unsigned seed, int positions,
                                std::uint64_t minTurned) {
    std::mt19937 rng(seed);
    params.inTurnWhenLost = true;
    params.lostBelowScore = 0;
    params.judgeAfterNodes = 0;
    Solver solver(params);
    testing::Minimax minimax;
    SolveLimits limits;
    limits.guessAfterNodes = 0;
    // Random guesses drawn from the position alone, not from `rng`: with helper threads the
    // number of guesses a solve asks for depends on the threads' timing, and the positions drawn
    // after it would too.
    limits.guess = [seed](const Board& b, Color, const StopFn&) {
        std::mt19937 guessRng(static_cast<std::uint32_t>(b.key() ^ (b.key() >> 32)) ^ seed);
        std::vector<Cell> cells = b.emptyCells();
        std::shuffle(cells.begin(), cells.end(), guessRng);
        const auto count = static_cast<std::ptrdiff_t>(std::min<std::size_t>(cells.size(), 2));
        const int score = static_cast<int>(guessRng() % 2001) - 1000;
        return Guesses(std::vector<Cell>(cells.begin(), cells.begin() + count), score);
    };
    const std::uint64_t turned = solveRandomPositions(solver, limits, rng, positions, minimax);
    EXPECT_GE(turned, minTurned);
}

TEST(Solver, TurningToTheChildrenChangesTheWorkNotTheResults) {
    SolverParams params;
    // With the connections nearly every small position is decided before the root's move loop,
    // where the guesser is asked; the 6x6 test below turns with them.
    params.useConnections = false;
    checkTurningAgainstMinimax(params, 201, 300, 31);
    params.threads = 3;
    checkTurningAgainstMinimax(params, 203, 120, 6);
}

// The root turns to its children in turn only with the option, only once it has cost
// judgeAfterNodes, and only when the guesser's score for the side to move is below
// lostBelowScore; the children then never ask. Asked for its score sooner than guessAfterNodes,
// a root that does not turn favours the guesses no sooner than without the option: the same
// search, node for node. 6x6 after Black's f2, White to move: a loss for White that the one
// search proves in a few thousand nodes.
TEST(Solver, TurnsToTheChildrenOnlyWhenTheGuesserJudgesTheRootLost) {
    Board root(6, 6);
    root.play(root.geometry().cell(5, 1), Color::Black);
    struct Solve {
        std::uint64_t rootsInTurn = 0;
        std::uint64_t nodes = 0;
        int asked = 0;
    };
    const auto solveWith = [&](bool option, std::optional<int> score, std::uint64_t judgeAfter,
                               std::uint64_t guessAfter) {
        SolverParams params;
        params.inTurnWhenLost = option;
        params.lostBelowScore = -200;
        params.judgeAfterNodes = judgeAfter;
        Solve solve;
        SolveLimits limits;
        limits.guessAfterNodes = guessAfter;
        const Cell a6 = root.geometry().cell(0, 5);
        limits.guess = [&](const Board&, Color, const StopFn&) {
            ++solve.asked;
            return Guesses({a6}, score);
        };
        const SolveResult r = Solver(params).solve(root, Color::White, limits);
        EXPECT_EQ(r.winner, Color::Black);
        solve.rootsInTurn = r.stats.rootsInTurn;
        solve.nodes = r.stats.nodes;
        return solve;
    };
    for (const std::uint64_t guessAfter : {std::uint64_t{500}, std::uint64_t{1'000'000}}) {
        const Solve plain = solveWith(false, -1000, 100, guessAfter);
        EXPECT_EQ(plain.rootsInTurn, 0u);
        ASSERT_GT(plain.nodes, 1'000u);
        const Solve turned = solveWith(true, -1000, 100, guessAfter);
        EXPECT_EQ(turned.rootsInTurn, 1u);
        EXPECT_EQ(turned.asked, 1); // the root only, before it turned
        EXPECT_NE(turned.nodes, plain.nodes);
        for (const std::optional<int> kept :
             {std::optional<int>(-200), std::optional<int>(500), std::optional<int>()}) {
            const Solve s = solveWith(true, kept, 100, guessAfter);
            EXPECT_EQ(s.rootsInTurn, 0u);
            EXPECT_EQ(s.asked, 1);
            EXPECT_EQ(s.nodes, plain.nodes); // the one search, as without the option
        }
    }
    const Solve neverJudged = solveWith(true, -1000, 1'000'000, 1'000'000);
    EXPECT_EQ(neverJudged.asked, 0);
    EXPECT_EQ(neverJudged.rootsInTurn, 0u);
}

// The observer of expanded nodes (solver_bench --sample) sees the root first, with its side to
// move, then positions that hold the root's stones and more, once per expanded node at most.
TEST(Solver, TellsTheObserverEachExpandedNode) {
    Board root(5, 5);
    const Geometry& g = root.geometry();
    root.play(g.cell(1, 1), Color::Black);   // b2
    std::vector<std::pair<int, Color>> seen; // empty cells and side to move
    bool rootStonesKept = true;
    SolveLimits limits;
    limits.expanded = [&](const Board& b, Color toMove) {
        seen.emplace_back(b.emptyCount(), toMove);
        rootStonesKept = rootStonesKept && b.has(g.cell(1, 1), Color::Black);
    };
    const SolveResult r = Solver().solve(root, Color::White, limits);
    ASSERT_TRUE(r.winner);
    ASSERT_GE(seen.size(), 2u); // b2 on 5x5 needs a search below the root
    EXPECT_EQ(seen.front(), std::make_pair(root.emptyCount(), Color::White));
    EXPECT_LE(seen.size(), r.stats.nodes);
    EXPECT_TRUE(rootStonesKept);
    for (const auto& [empty, toMove] : seen)
        EXPECT_LE(empty, root.emptyCount());
}

} // namespace
} // namespace hex
