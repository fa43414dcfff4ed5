#include "connections/cell_set.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

TEST(CellSet, SetTestResetAcrossWords) {
    CellSet s;
    EXPECT_TRUE(s.none());
    for (Cell c : {0, 63, 64, 200, 364})
        s.set(c);
    EXPECT_EQ(s.count(), 5);
    EXPECT_TRUE(s.test(64));
    EXPECT_FALSE(s.test(65));
    s.reset(64);
    EXPECT_FALSE(s.test(64));
    EXPECT_EQ(s.cells(), (std::vector<Cell>{0, 63, 200, 364}));
}

TEST(CellSet, IterationVisitsMembersInOrder) {
    const CellSet s = CellSet::of({5, 70, 130, 383});
    EXPECT_EQ(s.first(), 5);
    EXPECT_EQ(s.nextFrom(6), 70);
    EXPECT_EQ(s.nextFrom(131), 383);
    EXPECT_EQ(s.nextFrom(384), kNoCell);
    EXPECT_EQ(CellSet{}.first(), kNoCell);
}

TEST(CellSet, Algebra) {
    const CellSet a = CellSet::of({1, 2, 100});
    const CellSet b = CellSet::of({2, 100, 300});
    EXPECT_EQ(a & b, CellSet::of({2, 100}));
    EXPECT_EQ(a | b, CellSet::of({1, 2, 100, 300}));
    EXPECT_EQ(a - b, CellSet::of({1}));
    EXPECT_TRUE(a.intersects(b));
    EXPECT_FALSE((a - b).intersects(b));
    EXPECT_TRUE(CellSet::of({2, 100}).isSubsetOf(a));
    EXPECT_FALSE(a.isSubsetOf(b));
}

} // namespace
} // namespace hex
