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
    // A partial value a completion must change: the counter's value is partial + 7.
    Score evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) override {
        return evaluateWithCells(board, toMove, cellValues) - 7;
    }
    Score completeValue(const Board&, Color, Score partial) override {
        ++completions;
        return partial + 7;
    }
    int values = 0;
    int withCells = 0;
    int completions = 0;
};

struct Counted {
    explicit Counted(std::size_t budget = CachedEvaluator::kDefaultBytes) {
        auto inner = std::make_unique<CountingEvaluator>();
        counter = inner.get();
        cache = std::make_unique<CachedEvaluator>(std::move(inner), budget);
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

TEST(CachedEvaluator, APositionEvaluatedAgainIsRememberedWithItsCells) {
    Counted c;
    Board board(5, 5);
    board.play(board.geometry().cell(2, 2), Color::Black);
    Score first = 0;
    Score second = 0;
    const std::vector<int> cells = cellsOf(*c.cache, board, Color::White, &first);
    EXPECT_EQ(cellsOf(*c.cache, board, Color::White, &second), cells);
    EXPECT_EQ(second, first);
    EXPECT_EQ(c.cache->evaluate(board, Color::White), first); // a value from a cells entry
    EXPECT_EQ(c.counter->withCells, 1);
    EXPECT_EQ(c.counter->values, 0);
    EXPECT_EQ(c.cache->stats().hits, 2U);
    EXPECT_EQ(c.cache->stats().misses, 1U);
}

TEST(CachedEvaluator, AValueOnlyEntryComputesCellsWhenAskedAndKeepsItsValue) {
    Counted c;
    Board board(4, 4);
    const Score value = c.cache->evaluate(board, Color::Black);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), value);
    EXPECT_EQ(c.counter->values, 1);
    Score withCells = 0;
    const std::vector<int> cells = cellsOf(*c.cache, board, Color::Black, &withCells);
    EXPECT_EQ(c.counter->withCells, 1);
    EXPECT_EQ(withCells, value) << "one position, one score";
    EXPECT_EQ(cells[5], 1005);
    EXPECT_EQ(cellsOf(*c.cache, board, Color::Black), cells);
    EXPECT_EQ(c.counter->withCells, 1);
}

// Cells asked for alone keep the evaluator's partial value; the first request for the value
// completes it once, and every later answer is the completed value.
TEST(CachedEvaluator, CellsAloneKeepAPartialValueCompletedOnceWhenAskedFor) {
    Counted c;
    Board board(5, 5);
    board.play(board.geometry().cell(1, 3), Color::White);
    std::vector<int> cells(25, -1);
    const Score partial = c.cache->evaluateCells(board, Color::Black, cells);
    EXPECT_EQ(partial, 100001 - 7);
    EXPECT_EQ(c.counter->completions, 0);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), 100001);
    EXPECT_EQ(c.counter->completions, 1);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), 100001);
    EXPECT_EQ(cellsOf(*c.cache, board, Color::Black), cells);
    EXPECT_EQ(c.cache->evaluateCells(board, Color::Black, cells), 100001); // complete now
    EXPECT_EQ(c.cache->completeValue(board, Color::Black, 100001), 100001);
    EXPECT_EQ(c.counter->completions, 1);
    EXPECT_EQ(c.counter->withCells, 1);

    // Asked with its value, a position is completed at once; a value-only entry keeps its
    // value when cells are asked for alone.
    board.play(board.geometry().cell(2, 2), Color::Black);
    Score score = 0;
    cellsOf(*c.cache, board, Color::White, &score);
    EXPECT_EQ(score, 100002);
    EXPECT_EQ(c.counter->completions, 2);
    board.play(board.geometry().cell(3, 3), Color::White);
    const Score value = c.cache->evaluate(board, Color::Black);
    EXPECT_EQ(c.cache->evaluateCells(board, Color::Black, cells), value);
    EXPECT_EQ(c.cache->evaluate(board, Color::Black), value);
    EXPECT_EQ(c.counter->completions, 2);
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
    // Empty boards of every size share the key 0: each size is a position of its own, and
    // a size's cells have that size.
    for (int size = 1; size <= 19; ++size) {
        const Board empty(size, size);
        const std::vector<int> cells = cellsOf(*c.cache, empty, Color::Black);
        ASSERT_EQ(cells.size(), static_cast<std::size_t>(size * size));
        EXPECT_EQ(cells.back(), 1000 * c.counter->withCells + size * size - 1);
    }
    EXPECT_EQ(c.counter->withCells, 19);
    const Board rect(3, 7);
    EXPECT_EQ(cellsOf(*c.cache, rect, Color::White).size(), 21U);
    EXPECT_EQ(c.counter->withCells, 20);
}

TEST(CachedEvaluator, ASmallBudgetStillAnswersRightAndForgetsTheOldest) {
    Counted c(1); // one entry: every new position replaces the last
    EXPECT_EQ(c.cache->entries(), 0U);
    Board a(5, 5);
    Board b(5, 5);
    b.play(b.geometry().cell(1, 1), Color::Black);
    const std::vector<int> cellsA = cellsOf(*c.cache, a, Color::Black);
    EXPECT_EQ(c.cache->entries(), 1U);
    cellsOf(*c.cache, b, Color::Black);
    EXPECT_NE(cellsOf(*c.cache, a, Color::Black), cellsA); // computed again
    EXPECT_EQ(c.counter->withCells, 3);
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
