#include "connections/connections.h"

#include "test/connections/brute_force.h"
#include "test/support/sanitizer_scaling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace hex {
namespace {

// Every endpoint of `color` once: empty cells and one node per own group.
std::vector<Cell> endpoints(const Board& board, Color color) {
    std::vector<Cell> out;
    for (Cell c = 0; c < board.geometry().nodeCount(); ++c)
        if (board.isEmpty(c) || (board.has(c, color) && board.group(c) == c))
            out.push_back(c);
    return out;
}

bool hasFull(const Connections& vcs, Cell a, Cell b, const CellSet& carrier) {
    const auto f = vcs.fulls(a, b);
    return std::find(f.begin(), f.end(), carrier) != f.end();
}

TEST(Connections, AdjacentCellsHaveEmptyCarrier) {
    Board board(3, 3);
    Connections vcs;
    vcs.build(board, Color::Black);
    const Geometry& g = board.geometry();
    EXPECT_TRUE(hasFull(vcs, g.cell(0, 0), g.cell(1, 0), CellSet{}));
    EXPECT_TRUE(hasFull(vcs, g.cell(0, 0), g.north(), CellSet{}));
    EXPECT_TRUE(vcs.fulls(g.cell(0, 0), g.west()).empty()); // White's edge: not an endpoint
}

TEST(Connections, BridgeBetweenStones) {
    Board board(5, 5);
    const Geometry& g = board.geometry();
    board.play(g.cell(1, 1), Color::Black);
    board.play(g.cell(2, 2), Color::Black);
    Connections vcs;
    vcs.build(board, Color::Black);
    EXPECT_TRUE(
        hasFull(vcs, g.cell(1, 1), g.cell(2, 2), CellSet::of({g.cell(2, 1), g.cell(1, 2)})));
}

TEST(Connections, SecondRowStoneReachesEdgeByTemplateTwo) {
    Board board(5, 5);
    const Geometry& g = board.geometry();
    board.play(g.cell(2, 1), Color::Black);
    Connections vcs;
    vcs.build(board, Color::Black);
    EXPECT_TRUE(hasFull(vcs, g.cell(2, 1), g.north(), CellSet::of({g.cell(2, 0), g.cell(3, 0)})));
}

TEST(Connections, ThirdRowStoneReachesEdgeByZiggurat) {
    Board board(6, 6);
    const Geometry& g = board.geometry();
    const Cell stone = g.cell(2, 2);
    board.play(stone, Color::Black);
    Connections vcs;
    vcs.build(board, Color::Black);
    const auto fulls = vcs.fulls(stone, g.north());
    ASSERT_FALSE(fulls.empty());
    EXPECT_EQ(fulls.front().count(), 8); // the ziggurat: 8 empty cells besides the stone
    testing::VcChecker checker;
    EXPECT_TRUE(checker.holds(board, Color::Black, stone, g.north(), fulls.front(), false));
    // Minimal: dropping any cell of the carrier breaks it.
    for (Cell c : fulls.front().cells()) {
        CellSet smaller = fulls.front();
        smaller.reset(c);
        EXPECT_FALSE(checker.holds(board, Color::Black, stone, g.north(), smaller, false));
    }
}

TEST(Connections, EmptyBoardEdgeSemiOnTwoByTwo) {
    // 2x2: Black to move wins (a2 or b1), White to move wins too; no full VC for either.
    Board board(2, 2);
    Connections black;
    black.build(board, Color::Black);
    EXPECT_TRUE(black.edgeFulls().empty());
    EXPECT_FALSE(black.edgeSemis().empty());
}

// Brute force cost grows exponentially with the carrier; larger ones are rare on these boards.
constexpr int kMaxCheckedCarrier = 11;

// The owner wins each reported connection inside its carrier against every defence.
void checkAllConnections(const Board& board, Color color, const Connections& vcs,
                         testing::VcChecker& checker, int& checked) {
    const std::vector<Cell> ends = endpoints(board, color);
    for (std::size_t i = 0; i < ends.size(); ++i) {
        for (std::size_t j = i + 1; j < ends.size(); ++j) {
            const Cell a = ends[i];
            const Cell b = ends[j];
            for (const CellSet& carrier : vcs.fulls(a, b)) {
                ASSERT_FALSE(carrier.test(a) || carrier.test(b));
                if (carrier.count() > kMaxCheckedCarrier)
                    continue;
                ASSERT_TRUE(checker.holds(board, color, a, b, carrier, false))
                    << "full " << board.geometry().name(a) << "-" << board.geometry().name(b);
                ++checked;
            }
            for (const Semi& semi : vcs.semis(a, b)) {
                ASSERT_TRUE(semi.carrier.test(semi.key));
                ASSERT_FALSE(semi.carrier.test(a) || semi.carrier.test(b));
                if (semi.carrier.count() > kMaxCheckedCarrier)
                    continue;
                // After the key, the rest of the carrier is a full connection.
                Board withKey = board;
                withKey.play(semi.key, color);
                CellSet rest = semi.carrier;
                rest.reset(semi.key);
                ASSERT_TRUE(checker.holds(withKey, color, a, b, rest, false))
                    << "semi " << board.geometry().name(a) << "-" << board.geometry().name(b)
                    << " key " << board.geometry().name(semi.key);
                ++checked;
            }
        }
    }
}

// Builds and brute-forces both colours' connections on a position; false once a check failed.
bool checkBothColours(const Board& board, Connections& vcs, testing::VcChecker& checker,
                      int& checked) {
    for (Color color : {Color::Black, Color::White}) {
        vcs.build(board, color);
        checkAllConnections(board, color, vcs, checker, checked);
        if (::testing::Test::HasFatalFailure())
            return false;
    }
    return true;
}

// Brute-forces `vcs`'s connections of both colours on `count` random positions drawn by
// `draw` (a board size and a stone count from the generator); the number of checks made.
template <typename Draw>
int checkRandomPositions(Connections& vcs, std::mt19937& rng, int count, Draw draw) {
    testing::VcChecker checker;
    int positions = 0;
    int checked = 0;
    while (positions < count) {
        const auto [size, stones] = draw(rng);
        auto board = testing::randomPosition(size, stones, rng);
        if (!board)
            continue;
        ++positions;
        if (!checkBothColours(*board, vcs, checker, checked))
            break;
    }
    return checked;
}

TEST(Connections, EveryReportedConnectionHoldsByBruteForce) {
    std::mt19937 rng(12345);
    Connections vcs;
    const int checked = checkRandomPositions(vcs, rng, testing::trials(600), [](std::mt19937& r) {
        const int size = 3 + static_cast<int>(r() % 3);
        return std::pair{size, static_cast<int>(r() % static_cast<unsigned>(size * size - 2))};
    });
    EXPECT_GT(checked, testing::trials(5000));
}

// fullPairs() of a build of any scope summarises the fulls that an AllPairs build reports for
// each pair of endpoints: the same pairs, each once, whether one carrier is empty, and the size
// of the carriers' intersection.
void expectTheFullPairsOf(const Board& board, Color color, const Connections& all,
                          const Connections& summarised) {
    const auto group = [&](Cell c) { return board.isEmpty(c) ? c : board.group(c); };
    std::vector<Connections::FullPair> pairs;
    summarised.fullPairs(pairs);
    std::vector<std::pair<Cell, Cell>> visited;
    for (const Connections::FullPair& pair : pairs) {
        const auto fulls = all.fulls(pair.a, pair.b);
        ASSERT_FALSE(fulls.empty());
        CellSet meet = fulls.front();
        for (const CellSet& carrier : fulls)
            meet &= carrier;
        EXPECT_EQ(pair.adjacent, fulls.front().none()); // sorted by size: the empty one first
        EXPECT_EQ(pair.needed, meet.count());
        visited.emplace_back(std::min(group(pair.a), group(pair.b)),
                             std::max(group(pair.a), group(pair.b)));
    }
    std::vector<std::pair<Cell, Cell>> withFulls;
    const std::vector<Cell> ends = endpoints(board, color);
    for (std::size_t i = 0; i < ends.size(); ++i)
        for (std::size_t j = i + 1; j < ends.size(); ++j)
            if (!all.fulls(ends[i], ends[j]).empty())
                withFulls.emplace_back(ends[i], ends[j]);
    std::sort(visited.begin(), visited.end());
    EXPECT_EQ(visited, withFulls) << board.width() << "x" << board.height() << ", "
                                  << colorName(color);
}

// fullPairs is another way to read the same build: each pair of endpoints that fulls() reports
// a connection for, once, summarised, and no other pair.
TEST(Connections, FullPairsSummariseExactlyThePairsWithFulls) {
    std::mt19937 rng(4242);
    Connections vcs;
    int positions = 0;
    while (positions < 60) {
        const int size = 3 + static_cast<int>(rng() % 6);
        const auto board = testing::randomPosition(
            size, static_cast<int>(rng() % static_cast<unsigned>(size * size / 2)), rng);
        if (!board)
            continue;
        ++positions;
        for (Color color : {Color::Black, Color::White}) {
            vcs.build(*board, color);
            expectTheFullPairsOf(*board, color, vcs, vcs);
        }
    }
}

TEST(Connections, SmallLimitsStillSound) {
    std::mt19937 rng(777);
    VcLimits limits;
    limits.maxFullPerPair = 2;
    limits.maxSemiPerPair = 3;
    limits.maxOrSemis = 2;
    limits.andOverEdge = true;
    Connections vcs(limits);
    const int checked = checkRandomPositions(vcs, rng, testing::trials(60), [](std::mt19937& r) {
        return std::pair{4, static_cast<int>(r() % 10)};
    });
    EXPECT_GT(checked, testing::trials(150));
}

// The cover rules (VcLimits::coverOr) combine any number of semis and keep other fulls: every
// one of them still holds, with small and large per-pair limits.
TEST(Connections, CoverOrRuleStillSound) {
    std::mt19937 rng(4242);
    const auto draw = [](std::mt19937& r) {
        return std::pair{3 + static_cast<int>(r() % 3), static_cast<int>(r() % 10)};
    };
    int checked = 0;
    for (const int semis : {3, 24}) {
        VcLimits limits;
        limits.maxFullPerPair = semis == 3 ? 2 : 12;
        limits.maxSemiPerPair = semis;
        limits.coverOr = true;
        Connections vcs(limits);
        checked += checkRandomPositions(vcs, rng, testing::trials(150), draw);
    }
    EXPECT_GT(checked, testing::trials(3000));
}

// Where the OR rule needs four semis, the cover rule finds the full that OR over three misses.
TEST(Connections, CoverOrRuleCombinesAnyNumberOfSemis) {
    std::mt19937 rng(31);
    VcLimits three;
    three.maxOrSemis = 3;
    VcLimits cover = three;
    cover.coverOr = true;
    Connections byThree(three);
    Connections byCover(cover);
    int moreEdgeFulls = 0;
    for (int round = 0; round < 200; ++round) {
        auto board = testing::randomPosition(5, static_cast<int>(rng() % 8), rng);
        if (!board)
            continue;
        for (Color color : {Color::Black, Color::White}) {
            byThree.build(*board, color);
            byCover.build(*board, color);
            moreEdgeFulls += byThree.edgeFulls().empty() && !byCover.edgeFulls().empty();
        }
    }
    EXPECT_GT(moreEdgeFulls, 0);
}

// The H-search on W-word carriers, as the full-width sets the queries return.
template <int W>
std::vector<std::vector<CellSet>> runAtWidth(const EndpointMap& map, const VcLimits& limits) {
    HSearch<W> engine;
    engine.run(map, limits);
    std::vector<std::vector<CellSet>> out;
    for (int a = 0; a < map.nodes; ++a) {
        for (int b = a + 1; b < map.nodes; ++b) {
            std::vector<CellSet> pair;
            for (const auto& f : engine.result(a, b).fulls)
                pair.push_back(f.template resized<CellSet::kWords>());
            pair.emplace_back(); // separates fulls from semis
            for (const auto& s : engine.result(a, b).semis) {
                pair.push_back(s.carrier.template resized<CellSet::kWords>());
                pair.push_back(CellSet::of({s.key}));
            }
            out.push_back(pair);
        }
    }
    return out;
}

// Narrow carriers are an optimisation only: every width derives the same connections in the
// same order, on boards that need one word (5x5) and two (9x9).
TEST(Connections, EveryCarrierWidthFindsTheSameConnections) {
    std::mt19937 rng(99);
    EndpointMap map;
    for (int round = 0; round < 30; ++round) {
        const int size = round % 2 == 0 ? 5 : 9;
        auto board = testing::randomPosition(size, static_cast<int>(rng() % 20), rng);
        if (!board)
            continue;
        const Color color = round % 4 < 2 ? Color::Black : Color::White;
        map.build(*board, color, VcLimits{});
        const auto wide = runAtWidth<6>(map, VcLimits{});
        EXPECT_EQ(runAtWidth<2>(map, VcLimits{}), wide);
        if (size * size <= 64) {
            EXPECT_EQ(runAtWidth<1>(map, VcLimits{}), wide);
        }
    }
}

// The narrower scope keeps what it promises: EdgesOnly the edge pair's connections, and the
// summary of every pair's fulls.
TEST(Connections, NarrowScopesKeepWhatTheyPromise) {
    std::mt19937 rng(5);
    Connections all;
    Connections edges;
    for (int round = 0; round < 40; ++round) {
        auto board = testing::randomPosition(5, static_cast<int>(rng() % 12), rng);
        if (!board)
            continue;
        const Color color = round % 2 == 0 ? Color::Black : Color::White;
        all.build(*board, color);
        edges.build(*board, color, Connections::Scope::EdgesOnly);
        expectTheFullPairsOf(*board, color, all, edges);
        const auto& fullsAll = all.edgeFulls();
        const auto& fullsEdges = edges.edgeFulls();
        EXPECT_TRUE(
            std::equal(fullsAll.begin(), fullsAll.end(), fullsEdges.begin(), fullsEdges.end()));
        ASSERT_EQ(all.edgeSemis().size(), edges.edgeSemis().size());
        for (std::size_t i = 0; i < all.edgeSemis().size(); ++i) {
            EXPECT_EQ(all.edgeSemis()[i].carrier, edges.edgeSemis()[i].carrier);
            EXPECT_EQ(all.edgeSemis()[i].key, edges.edgeSemis()[i].key);
        }
        const Geometry& g = board->geometry();
        const Cell a = board->emptyCells().empty() ? kNoCell : board->emptyCells().front();
        if (a != kNoCell) {
            EXPECT_TRUE(edges.fulls(a, g.edge1(color)).empty());
        }
    }
}

// A random line of play on a size x size board: the stones in the order played, Black first,
// none of them winning.
std::vector<Cell> randomLine(int size, int stones, std::mt19937& rng) {
    Board board(size, size);
    std::vector<Cell> cells = board.emptyCells();
    std::shuffle(cells.begin(), cells.end(), rng);
    std::vector<Cell> line;
    for (Cell c : cells) {
        if (static_cast<int>(line.size()) == stones)
            break;
        board.play(c, line.size() % 2 == 0 ? Color::Black : Color::White);
        if (board.winner())
            break;
        line.push_back(c);
    }
    return line;
}

Board boardAfter(int size, const std::vector<Cell>& line, std::size_t plies) {
    Board board(size, size);
    for (std::size_t i = 0; i < plies && i < line.size(); ++i)
        board.play(line[i], i % 2 == 0 ? Color::Black : Color::White);
    return board;
}

// Connections derived from those of an earlier position of the line (one to four plies back,
// and again from a derived one) hold by brute force like fresh ones.
TEST(Connections, DerivedConnectionsHoldByBruteForce) {
    std::mt19937 rng(2024);
    testing::VcChecker checker;
    Connections vcs;
    VcSnapshot base;
    VcSnapshot derived;
    int checked = 0;
    for (int round = 0; round < testing::trials(250); ++round) {
        const int size = 3 + static_cast<int>(rng() % 3);
        const std::vector<Cell> line =
            randomLine(size, static_cast<int>(rng() % static_cast<unsigned>(size * size)), rng);
        const std::size_t first = line.empty() ? 0 : rng() % line.size();
        const std::size_t second = std::min(line.size(), first + 1 + rng() % 4);
        const Color color = round % 2 == 0 ? Color::Black : Color::White;
        vcs.build(boardAfter(size, line, first), color);
        vcs.snapshot(base);
        const Board middle = boardAfter(size, line, second);
        ASSERT_TRUE(base.appliesTo(middle, color));
        vcs.buildFrom(base, middle);
        vcs.snapshot(derived);
        checkAllConnections(middle, color, vcs, checker, checked);
        const Board last = boardAfter(size, line, second + rng() % 3);
        vcs.buildFrom(derived, last, Connections::Scope::AllPairs);
        EXPECT_EQ(derived.generation, 1);
        checkAllConnections(last, color, vcs, checker, checked);
        if (::testing::Test::HasFatalFailure())
            return;
    }
    EXPECT_GT(checked, testing::trials(5000));
}

// Every pair's fulls and semis (carrier cells, then the key; kNoCell for a full), in a canonical
// order, to compare two builds whatever order they found the connections in.
using PairConnections = std::vector<std::pair<std::vector<Cell>, Cell>>;
std::vector<PairConnections> allConnections(const Board& board, Color color,
                                            const Connections& vcs) {
    std::vector<PairConnections> out;
    const std::vector<Cell> ends = endpoints(board, color);
    for (std::size_t i = 0; i < ends.size(); ++i) {
        for (std::size_t j = i + 1; j < ends.size(); ++j) {
            PairConnections pair;
            for (const CellSet& full : vcs.fulls(ends[i], ends[j]))
                pair.emplace_back(full.cells(), kNoCell);
            for (const Semi& semi : vcs.semis(ends[i], ends[j]))
                pair.emplace_back(semi.carrier.cells(), semi.key);
            std::sort(pair.begin(), pair.end());
            out.push_back(pair);
        }
    }
    return out;
}

// With no new stone, a derived build keeps every connection of its base and finds no other.
TEST(Connections, DerivingWithoutNewStonesKeepsEveryConnection) {
    std::mt19937 rng(8);
    Connections fresh;
    Connections derived;
    VcSnapshot base;
    for (int round = 0; round < 60; ++round) {
        const int size = 4 + static_cast<int>(rng() % 4);
        auto board = testing::randomPosition(size, static_cast<int>(rng() % 20), rng);
        if (!board)
            continue;
        const Color color = round % 2 == 0 ? Color::Black : Color::White;
        fresh.build(*board, color);
        fresh.snapshot(base);
        derived.buildFrom(base, *board);
        EXPECT_EQ(allConnections(*board, color, derived), allConnections(*board, color, fresh));
    }
}

// What a derived build may miss is rare: over random lines it finds the owner's edge-to-edge
// full connection in nearly every position where a fresh build finds one, and a semi in nearly
// every position with a semi.
TEST(Connections, DerivedBuildsFindTheEdgeConnectionsOfFreshOnes) {
    std::mt19937 rng(77);
    Connections fresh;
    Connections derived;
    VcSnapshot base;
    int freshFound = 0;
    int derivedFound = 0;
    for (int round = 0; round < 600; ++round) {
        const int size = 5 + static_cast<int>(rng() % 3);
        const std::vector<Cell> line = randomLine(size, size * size / 2, rng);
        const std::size_t later = line.size() - std::min<std::size_t>(line.size(), rng() % 3);
        const std::size_t earlier = later - std::min<std::size_t>(later, 2);
        const Color color = round % 2 == 0 ? Color::Black : Color::White;
        fresh.build(boardAfter(size, line, earlier), color, Connections::Scope::EdgesOnly);
        fresh.snapshot(base);
        const Board board = boardAfter(size, line, later);
        fresh.build(board, color, Connections::Scope::EdgesOnly);
        derived.buildFrom(base, board, Connections::Scope::EdgesOnly);
        freshFound += static_cast<int>(!fresh.edgeFulls().empty()) +
                      static_cast<int>(!fresh.edgeSemis().empty());
        derivedFound += static_cast<int>(!derived.edgeFulls().empty()) +
                        static_cast<int>(!derived.edgeSemis().empty());
    }
    EXPECT_GT(freshFound, 200);
    EXPECT_GE(derivedFound * 100, freshFound * 97);
}

} // namespace
} // namespace hex
