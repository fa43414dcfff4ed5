// The search behind search_scores and search_pv when genmove has not searched the position.
#include "engine/engine.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

void setUp(Engine& engine, int size, std::string_view maxNodes) {
    EXPECT_FALSE(engine.setOption("max_time", "0"));
    EXPECT_FALSE(engine.setOption("max_nodes", maxNodes));
    engine.game() = Game(size, size);
}

// max_nodes bounds it as it bounds genmove (with the default vc links its own 20,000 nodes
// take seconds), and without max_nodes its own budget does (here with the faster bridges
// links, on a board that 20,000 nodes do not solve).
TEST(AnalysisSearch, KeepsToMaxNodesAndItsOwnBudget) {
    Engine limited;
    setUp(limited, 9, "150");
    EXPECT_FALSE(limited.rootScores(Color::Black, {}).empty());
    ASSERT_TRUE(limited.analysisSearch());
    EXPECT_LE(limited.analysisSearch()->result.nodes, 151u);

    Engine unlimited;
    setUp(unlimited, 7, "0");
    EXPECT_FALSE(unlimited.setOption("resistance_links", "bridges"));
    EXPECT_FALSE(unlimited.rootScores(Color::Black, {}).empty());
    ASSERT_TRUE(unlimited.analysisSearch());
    EXPECT_GT(unlimited.analysisSearch()->result.nodes, Engine::kAnalysisNodes / 2);
    EXPECT_LE(unlimited.analysisSearch()->result.nodes, Engine::kAnalysisNodes + 1);
}

} // namespace
} // namespace hex
