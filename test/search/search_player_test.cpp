#include "search/search_player.h"

#include "test/search/search_test_support.h"

#include <gtest/gtest.h>

#include <chrono>

namespace hex {
namespace {

using testing::boardWith;

PlayerSettings quickSettings() {
    PlayerSettings s;
    s.evaluator = std::string(eval::evaluatorNames().front());
    s.tableMb = 4;
    return s;
}

// Both sides play from a 2-second clock, time_left updated after every move as a controller
// would; nobody may run out, and every move must stay within its side's remaining time. Once
// with the plain player, once with the engine's defaults (even depths, the solver beside the
// search to each move's hard deadline).
TEST(SearchPlayer, ScriptedGameUnderAShortClockNeverOverruns) {
    for (const bool engineDefaults : {false, true}) {
        Board board(7, 7);
        SearchPlayer players[2];
        double left[2] = {2.0, 2.0};
        Color color = Color::Black;
        while (!board.winner()) {
            PlayerSettings s = quickSettings();
            s.limits.evenDepthMoves = engineDefaults;
            s.solverRest = engineDefaults;
            s.solverBeside = engineDefaults;
            s.clock.timeLeft = left[index(color)];
            const auto start = std::chrono::steady_clock::now();
            const Cell move = players[index(color)].chooseStone(board, color, s, {});
            const double used =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            ASSERT_NE(move, kNoCell);
            ASSERT_TRUE(board.isEmpty(move));
            left[index(color)] -= used;
            ASSERT_GT(left[index(color)], 0.0)
                << "after " << board.stoneCount() << " stones, engine defaults " << engineDefaults;
            board.play(move, color);
            color = opponent(color);
        }
        // The clock was used, not ignored: some thinking happened.
        EXPECT_LT(left[0] + left[1], 3.9);
    }
}

TEST(SearchPlayer, SwapDecisionUsesTheProvenTableOnSmallBoards) {
    SearchPlayer player;
    EXPECT_TRUE(player.shouldSwap(boardWith(5, "c3", ""), Color::White, quickSettings(), {}));
    EXPECT_FALSE(player.shouldSwap(boardWith(5, "a1", ""), Color::White, quickSettings(), {}));
    EXPECT_FALSE(player.last()); // no search was needed
}

// Beyond the tables a search decides: the centre is worth swapping, and the opener's acute
// corner is worth less to the opener than the centre.
TEST(SearchPlayer, SwapDecisionSearchesOnLargeBoards) {
    PlayerSettings s = quickSettings();
    s.limits.maxDepth = 2;
    SearchPlayer player;
    EXPECT_TRUE(player.shouldSwap(boardWith(9, "e5", ""), Color::White, s, {}));
    ASSERT_TRUE(player.last());
    const Score afterCentre = player.last()->result.score;
    EXPECT_LT(afterCentre, 0);
    player.shouldSwap(boardWith(9, "a1", ""), Color::White, s, {});
    EXPECT_GT(player.last()->result.score, afterCentre);
}

TEST(SearchPlayer, KeepsTheLastSearchAndAnswersAnInterruptAtOnce) {
    SearchPlayer player;
    const Board board = boardWith(11, "f6", "e7");
    const auto start = std::chrono::steady_clock::now();
    const Cell move = player.chooseStone(board, Color::Black, quickSettings(), [] { return true; });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 1.0);
    EXPECT_TRUE(board.isEmpty(move));
    ASSERT_TRUE(player.last());
    EXPECT_EQ(player.last()->result.best, move);
    EXPECT_EQ(player.last()->board.key(), board.key());
}

// The evaluator configuration (resistance_links) reaches the evaluator, and changing it
// between moves remakes the evaluator: the same player then scores like a fresh one.
TEST(SearchPlayer, EvaluatorConfigurationReachesTheSearch) {
    const Board board = boardWith(7, "b2 c3", "d2");
    auto scoreWith = [&](SearchPlayer& player, const std::string& links) {
        PlayerSettings s = quickSettings();
        s.evaluator = "resistance";
        s.evaluatorConfig.resistanceLinks = links;
        s.limits.maxDepth = 2;
        player.chooseStone(board, Color::White, s, {});
        return player.last()->result.score;
    };
    SearchPlayer plain;
    SearchPlayer linked;
    const Score withoutLinks = scoreWith(plain, "off");
    const Score withLinks = scoreWith(linked, "bridges");
    EXPECT_NE(withoutLinks, withLinks);
    SearchPlayer switching;
    EXPECT_EQ(scoreWith(switching, "off"), withoutLinks);
    EXPECT_EQ(scoreWith(switching, "bridges"), withLinks);
}

// The table's depths count two passes per depth with the quiescence on: a player switched off
// it searches as a fresh one does, not from the other setting's entries.
TEST(SearchPlayer, SwitchingTheQuiescenceStartsAFreshTable) {
    const Board board = boardWith(7, "b2 c3", "d2");
    PlayerSettings s = quickSettings();
    s.evaluator = "resistance";
    s.evaluatorConfig.resistanceLinks = "bridges";
    s.limits.maxDepth = 3;
    PlayerSettings quiescent = s;
    quiescent.limits.quiescenceMoves = 2;
    quiescent.limits.quiescencePlies = 2;
    for (const auto& [first, second] : {std::pair{quiescent, s}, std::pair{s, quiescent}}) {
        SearchPlayer fresh;
        fresh.chooseStone(board, Color::White, second, {});
        SearchPlayer switching;
        switching.chooseStone(board, Color::White, first, {});
        switching.chooseStone(board, Color::White, second, {});
        EXPECT_EQ(switching.last()->result.nodes, fresh.last()->result.nodes);
        EXPECT_EQ(switching.last()->result.score, fresh.last()->result.score);
    }
}

TEST(SearchPlayer, UnknownEvaluatorGivesNoMove) {
    PlayerSettings s = quickSettings();
    s.evaluator = "no-such-evaluator";
    SearchPlayer player;
    EXPECT_EQ(player.chooseStone(Board(5, 5), Color::Black, s, {}), kNoCell);
}

// The user's report: Black c1-c4 against White a1-a4 on 5x5. b5 and c5 win on the spot; the
// solver also proves other moves (b1) winning, but a win on the spot comes first.
TEST(SearchPlayer, PlaysAnImmediateWinAtOnce) {
    const Board board = boardWith(5, "c1 c2 c3 c4", "a1 a2 a3 a4");
    SearchPlayer player;
    const Cell move = player.chooseStone(board, Color::Black, quickSettings(), {});
    const std::string name = board.geometry().name(move);
    EXPECT_TRUE(name == "b5" || name == "c5") << name;
}

// On every square size from 2 to 19: a column of Black stones one short of the far edge is
// finished at once, and a row of White stones one short of its far edge is blocked.
TEST(SearchPlayer, ImmediateWinsAndForcedBlocksOnEverySize) {
    for (int n = 2; n <= 19; ++n) {
        const Geometry& g = Geometry::of(n, n);
        Board win(n, n);
        for (int y = 0; y + 1 < n; ++y)
            win.play(g.cell(n - 1, y), Color::Black);
        // Along the first row the chain has one completion only (the obtuse corner).
        Board block(n, n);
        for (int x = 0; x + 1 < n; ++x)
            block.play(g.cell(x, 0), Color::White);
        PlayerSettings s = quickSettings();
        s.limits.maxNodes = 1000;
        SearchPlayer player;
        Board after = win;
        after.play(player.chooseStone(win, Color::Black, s, {}), Color::Black);
        EXPECT_EQ(after.winner(), Color::Black) << n << "x" << n;
        EXPECT_EQ(player.chooseStone(block, Color::Black, s, {}), g.cell(n - 1, 0))
            << n << "x" << n;
    }
}

// Blunders in won positions: on `count` random 5x5 positions won for the side to move (no win on
// the spot, no forced block to play), how often a player with `plain` and one with `helped`
// picks a move the solver proves losing.
struct Blunders {
    int plain = 0;
    int helped = 0;
};

Blunders blundersInWonPositions(std::uint64_t seed, int count, int fewestStones,
                                const PlayerSettings& plain, const PlayerSettings& helped) {
    Solver truth;
    auto loses = [&truth](Board board, Cell move, Color toMove) {
        board.play(move, toMove);
        return !board.winner() && truth.solve(board, opponent(toMove)).winner == opponent(toMove);
    };
    SplitMix rng(seed);
    Blunders blunders;
    for (int won = 0; won < count;) {
        Board board(5, 5);
        if (!testing::randomPosition(board, fewestStones + rng.below(6), rng))
            continue;
        const Color toMove = board.stoneCount() % 2 ? Color::White : Color::Black;
        if (findWinningCells(board, toMove, 1).count > 0 ||
            findWinningCells(board, opponent(toMove), 1).count > 0 ||
            truth.solve(board, toMove).winner != toMove)
            continue;
        ++won;
        SearchPlayer first;
        blunders.plain += loses(board, first.chooseStone(board, toMove, plain, {}), toMove);
        SearchPlayer second;
        blunders.helped += loses(board, second.chooseStone(board, toMove, helped, {}), toMove);
    }
    return blunders;
}

// A search that sees no connection of its own: the bridge links, no H-search at the root, no
// inferior cells, and no solve of the position before it.
PlayerSettings blindSettings() {
    PlayerSettings s = quickSettings();
    s.evaluatorConfig.resistanceLinks = "bridges"; // "vc" links see the connections themselves
    s.limits.rootConnectionsMaxEmpty = 0;
    s.limits.pruneInferiorAtRoot = false;
    s.solverMaxEmpty = 0;
    return s;
}

// The solver's check (without a clock: kCheckNodes solver nodes per checked move). On random
// 5x5 positions that are won for the side to move, a one-ply search with no other connection
// knowledge often picks a losing move; with the check it picks one much less often, and only
// when the solver proves every checked candidate losing (then the search's choice stands).
TEST(SearchPlayer, SolverCheckAvoidsMovesTheSolverProvesLosing) {
    PlayerSettings plain = blindSettings();
    plain.limits.maxDepth = 1;
    PlayerSettings checked = plain;
    checked.solverCheckShare = 0.5;
    const Blunders b = blundersInWonPositions(2026, 200, 6, plain, checked);
    EXPECT_GT(b.plain, 10);
    EXPECT_LT(b.helped, b.plain / 2);
}

// On random 5x5 positions won for the side to move, a timed search cut short by its node limit
// often picks a losing move; `help` (a setting that gives the solver the rest of the move or a
// thread beside the search) lets the solver prove each of these small positions and play its
// win. The blunders without and with it. The solver ends the move as soon as it proves the win
// (a few milliseconds), so the generous clock costs nothing; with 1 s the thread's share for the
// proof (0.3 s) was once too little under AddressSanitizer beside a loaded machine.
template <typename Help>
Blunders blundersOfACutSearch(std::uint64_t seed, Help help) {
    PlayerSettings plain = blindSettings();
    plain.limits.maxNodes = 20;
    plain.clock.perMoveLimit = 10.0;
    PlayerSettings helped = plain;
    help(helped);
    return blundersInWonPositions(seed, 100, 4, plain, helped);
}

// The rest of a timed move goes to the solver (solver_rest).
TEST(SearchPlayer, SolverRestPlaysTheWinsTheSearchMisses) {
    const Blunders b = blundersOfACutSearch(2027, [](PlayerSettings& s) { s.solverRest = true; });
    EXPECT_GT(b.plain, 5);
    EXPECT_EQ(b.helped, 0);
}

// The solver beside a timed search (solver_beside) does what the rest did, with the whole move.
TEST(SearchPlayer, SolverBesidePlaysTheWinsTheSearchMisses) {
    const Blunders b = blundersOfACutSearch(2028, [](PlayerSettings& s) { s.solverBeside = true; });
    EXPECT_GT(b.plain, 5);
    EXPECT_EQ(b.helped, 0);
}

} // namespace
} // namespace hex
