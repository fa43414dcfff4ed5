#include "solver/bounded_table.h"
#include "solver/solver.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>

namespace hex {
namespace {

TEST(BoundedTable, NeverHoldsMoreThanItsCapacity) {
    BoundedTable<int> table(64);
    for (Key k = 1; k <= 1000; ++k)
        table.store(k, static_cast<int>(k), 1);
    EXPECT_EQ(table.size(), 64u);
    EXPECT_EQ(table.evictions(), 1000u - 64u);
    std::size_t found = 0;
    for (Key k = 1; k <= 1000; ++k)
        if (const int* v = table.find(k)) {
            EXPECT_EQ(*v, static_cast<int>(k));
            ++found;
        }
    EXPECT_EQ(found, 64u);
}

TEST(BoundedTable, CostlyEntriesOutliveCheapOnes) {
    BoundedTable<int> table(16);
    table.store(1, 10, 1'000'000);
    table.store(2, 20, 1'000'000);
    for (Key k = 100; k < 5000; ++k)
        table.store(k, 0, 1);
    ASSERT_NE(table.find(1), nullptr);
    ASSERT_NE(table.find(2), nullptr);
    EXPECT_EQ(*table.find(1), 10);
    EXPECT_EQ(table.workOf(2), 1'000'000u);
}

// Random stores, updates and erasures against a map without a bound: with room for everything
// the two hold the same; in a small table every entry present has the last value stored under
// its key (eviction only removes).
TEST(BoundedTable, AgreesWithAnUnboundedMap) {
    for (const std::size_t capacity : {std::size_t{10'000}, std::size_t{50}}) {
        BoundedTable<std::uint64_t> table(capacity);
        std::unordered_map<Key, std::uint64_t> model;
        std::mt19937_64 random(capacity);
        for (int step = 0; step < 20'000; ++step) {
            const Key key = random() % 400;
            if (random() % 4 == 0) {
                table.erase(key);
                model.erase(key);
            } else {
                const std::uint64_t value = random();
                table.store(key, value, random() % 100);
                model[key] = value;
            }
            ASSERT_LE(table.size(), capacity);
        }
        std::size_t present = 0;
        for (Key key = 0; key < 400; ++key) {
            const std::uint64_t* v = table.find(key);
            if (v == nullptr) {
                if (capacity >= 400) {
                    EXPECT_FALSE(model.contains(key)) << key;
                }
                continue;
            }
            ++present;
            ASSERT_TRUE(model.contains(key)) << key;
            EXPECT_EQ(*v, model.at(key)) << key;
        }
        EXPECT_EQ(present, table.size());
        if (capacity >= 400) {
            EXPECT_EQ(present, model.size());
        }
    }
}

TEST(BoundedTable, ShrinkingEvictsUntilItFits) {
    BoundedTable<int> table(100);
    for (Key k = 0; k < 100; ++k)
        table.store(k, 1, k);
    table.setCapacity(10);
    EXPECT_EQ(table.size(), 10u);
    EXPECT_EQ(table.capacity(), 10u);
    table.store(1000, 1, 1);
    EXPECT_EQ(table.size(), 10u);
}

TEST(SolverMemory, BudgetSizesBothTables) {
    Solver solver;
    solver.setMemory(std::size_t{64} << 20);
    const std::size_t small = solver.tableCapacity();
    EXPECT_GT(small, 100'000u);
    solver.setMemory(std::size_t{128} << 20);
    EXPECT_NEAR(static_cast<double>(solver.tableCapacity()), 2.0 * static_cast<double>(small), 2.0);
    EXPECT_EQ(solver.params().tableEntries, solver.tableCapacity());
    EXPECT_GT(solver.params().dfpnEntries, 0u);
}

} // namespace
} // namespace hex
