#include "eval/cached_evaluator.h"
#include "test/eval/eval_test_support.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

namespace hex::eval {
namespace {

// Counts the calls that reach it and answers with a value that changes on every call, so a
// test sees whether an answer was computed again or remembered.
class CountingEvaluator final : public Evaluator {
public:
    std::string_view name() const override { return "counting"; }
    Score evaluate(const Board&, Color) override { return ++values; }
    Score evaluateWithCells(const Board& board, Color, std::span<int> cellValues) override {
        ++withCells;
        for (Cell c = 0; c < board.geometry().cellCount(); ++c)
            cellValues[static_cast<std::size_t>(c)] = board.isEmpty(c) ? 1000 * withCells + c : 0;
        return 100000 + withCells;
    }
    void evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) override {
        ++cellsAlone;
        evaluateWithCells(board, toMove, cellValues);
    }
    int values = 0;
    int withCells = 0;
    int cellsAlone = 0;
};

struct Counted {
    explicit Counted(std::size_t slots = CachedEvaluator::kDefaultSlots) {
        auto inner = std::make_unique<CountingEvaluator>();
        counter = inner.get();
        cache = std::make_unique<CachedEvaluator>(std::move(inner), slots);
    }
    CountingEvaluator* counter;
    std::unique_ptr<CachedEvaluator> cache;
};

std::vector<int> cellsOf(CachedEvaluator& cache, const Board& board, Color toMove,
                         Score* score = nullptr) {
    std::vector<int> cells(static_cast<std::size_t>(board.geometry().cellCount()), -1);
    const Score s = cache.evaluateWithCells(board, toMove, cells);
    if (score)
        *score = s;
    return cells;
}

TEST(CachedEvaluator, APositionEvaluatedAgainIsRemembered) {
    Counted c;
    Board board(5, 5);
    board.play(board.geometry().cell(2, 2), Color::Black);
    const Score first = c.cache->evaluate(board, Color::White);
    EXPECT_EQ(c.cache->evaluate(board, Color::White), first);
    EXPECT_EQ(c.cache->evaluate(board, Color::White), first);
    EXPECT_EQ(c.counter->values, 1);
    EXPECT_EQ(c.cache->stats().hits, 2U);
    EXPECT_EQ(c.cache->stats().misses, 1U);
}

// Cells are the evaluator's every time; the value that came with them answers later requests.
TEST(CachedEvaluator, CellsPassThroughAndTheirValueIsKept) {
    Counted c;
    Board board(4, 4);
    Score withCells = 0;
    const std::vector<int> first = cellsOf(*c.cache, board, Color::Black, &withCells);
    EXPECT_EQ(first[5], 1005);
    EXPECT_EQ(withCells, 100001);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), withCells) << "one position, one score";
    EXPECT_EQ(c.counter->values, 0);
    const std::vector<int> second = cellsOf(*c.cache, board, Color::Black);
    EXPECT_EQ(second[5], 2005) << "computed again";
    EXPECT_EQ(c.counter->withCells, 2);
    std::vector<int> alone(16, -1);
    c.cache->evaluateCells(board, Color::Black, alone);
    EXPECT_EQ(c.counter->cellsAlone, 1) << "the evaluator's own evaluateCells";
    EXPECT_EQ(alone[5], 3005);
}

TEST(CachedEvaluator, TheSideToMoveAndTheStonesAndTheBoardSizeKeepPositionsApart) {
    Counted c;
    Board board(5, 5);
    c.cache->evaluate(board, Color::Black);
    c.cache->evaluate(board, Color::White);
    board.play(board.geometry().cell(0, 0), Color::Black);
    c.cache->evaluate(board, Color::White);
    board.undo();
    board.play(board.geometry().cell(0, 0), Color::White);
    c.cache->evaluate(board, Color::White);
    EXPECT_EQ(c.counter->values, 4);
    // Empty boards of every size share the key 0: each size is a position of its own.
    for (int size = 1; size <= 19; ++size)
        EXPECT_EQ(c.cache->evaluate(Board(size, size), Color::Black), c.counter->values);
    EXPECT_EQ(c.counter->values, 4 + 19);
    EXPECT_EQ(c.cache->evaluate(Board(3, 7), Color::Black), 4 + 20);
    EXPECT_EQ(c.cache->evaluate(Board(7, 3), Color::Black), 4 + 21);
}

TEST(CachedEvaluator, OneSlotStillAnswersRightAndForgetsTheOldest) {
    Counted c(1); // one slot: every new position replaces the last
    Board a(5, 5);
    Board b(5, 5);
    b.play(b.geometry().cell(1, 1), Color::Black);
    const Score valueA = c.cache->evaluate(a, Color::Black);
    EXPECT_EQ(c.cache->evaluate(a, Color::Black), valueA);
    const Score valueB = c.cache->evaluate(b, Color::Black);
    EXPECT_NE(valueB, valueA);
    EXPECT_NE(c.cache->evaluate(a, Color::Black), valueA); // computed again
    EXPECT_EQ(c.counter->values, 3);
}

TEST(CachedEvaluator, WithoutSlotsItOnlyPassesThrough) {
    Counted c(0);
    const Board board(3, 3);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), 1);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), 2);
    EXPECT_EQ(cellsOf(*c.cache, board, Color::Black)[0], 1000);
}

// With real evaluators whose value depends on the position alone (the `vc` links remember their
// recent builds), the cache answers what the evaluator itself answers, on random positions of
// several sizes, each asked twice in a shuffled order and with both sides to move.
TEST(CachedEvaluator, AnswersAsTheEvaluatorDoes) {
    std::mt19937 rng(2026);
    const std::vector<std::pair<std::string_view, EvaluatorConfig>> evaluators{
        {"resistance", EvaluatorConfig{"bridges"}}, {"twodistance", {}}, {"yreduction", {}}};
    for (const auto& [name, config] : evaluators) {
        CachedEvaluator cache(makeEvaluator(name, config));
        const std::unique_ptr<Evaluator> plain = makeEvaluator(name, config);
        std::vector<Board> positions;
        for (int i = 0; i < 60; ++i) {
            const int size = 3 + testing::randomBelow(rng, 5);
            positions.push_back(testing::randomOpenPosition(size, size, rng));
        }
        for (int round = 0; round < 2; ++round) {
            for (std::size_t i = 0; i < positions.size(); ++i) {
                const Board& board =
                    positions[(i * 7 + static_cast<std::size_t>(round)) % positions.size()];
                const Color toMove = i % 2 == 0 ? Color::Black : Color::White;
                std::vector<int> expected(static_cast<std::size_t>(board.geometry().cellCount()));
                const Score score = plain->evaluateWithCells(board, toMove, expected);
                Score cached = 0;
                EXPECT_EQ(cellsOf(cache, board, toMove, &cached), expected) << name;
                EXPECT_EQ(cached, score) << name;
                EXPECT_EQ(cache.evaluate(board, toMove), plain->evaluate(board, toMove)) << name;
            }
        }
        EXPECT_GT(cache.stats().hits, 0U) << name;
    }
}

} // namespace
} // namespace hex::eval
