#include "core/score.h"
#include "engine/engine.h"
#include "eval/evaluator.h"
#include "protocol/commands.h"
#include "test/support/htp_harness.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

namespace hex {
namespace {

class EvalCommands : public testing::HtpHarness {
protected:
    EvalCommands() {
        for (const char* line : {"boardsize 6 5", "play b c3", "play w d3", "play b b4"})
            run(line);
    }
};

TEST_F(EvalCommands, EveryEvaluatorAnswersANumberAndEveryEmptyCell) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        const std::string value = payload("eval " + name);
        EXPECT_NO_THROW((void)std::stoi(value)) << name;
        std::istringstream lines(payload("eval-cells " + name));
        std::set<std::string> cells;
        std::string cell;
        long long number = 0;
        while (lines >> cell >> number) {
            EXPECT_GE(number, 0) << name;
            EXPECT_TRUE(cells.insert(cell).second) << "repeated " << cell;
        }
        EXPECT_EQ(cells.size(), 27u) << name; // 30 cells, 3 stones
    }
}

TEST_F(EvalCommands, TheEvaluatorOptionChoosesTheDefault) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        ASSERT_EQ(run("param_ohmhex evaluator " + name), "= \n\n");
        EXPECT_EQ(payload("eval"), payload("eval " + name));
        EXPECT_EQ(payload("eval-cells"), payload("eval-cells " + name));
    }
    const std::string error = run("param_ohmhex evaluator nosuch");
    EXPECT_EQ(error.substr(0, 2), "? ");
    EXPECT_NE(error.find("resistance"), std::string::npos);
}

// eval answers what the search sees: the resistance_links option reaches it too. Black's c3-b2
// pair is a bridge, which only the links see.
TEST_F(EvalCommands, TheResistanceLinksOptionReachesEval) {
    run("play w e1");
    run("play b b2");
    std::set<std::string> values;
    for (std::string_view links : eval::resistanceLinkNames()) {
        ASSERT_EQ(run("param_ohmhex resistance_links " + std::string(links)), "= \n\n");
        values.insert(payload("eval resistance"));
    }
    ASSERT_EQ(run("param_ohmhex resistance_links off"), "= \n\n");
    const std::string withoutLinks = payload("eval resistance");
    ASSERT_EQ(run("param_ohmhex resistance_links bridges"), "= \n\n");
    EXPECT_NE(payload("eval resistance"), withoutLinks);
    EXPECT_GE(values.size(), 2u);
}

TEST_F(EvalCommands, UnknownEvaluatorsAreRefusedWithTheKnownNames) {
    const std::string reply = run("eval nosuch");
    EXPECT_EQ(reply.substr(0, 2), "? ");
    for (std::string_view name : eval::evaluatorNames())
        EXPECT_NE(reply.find(name), std::string::npos);
    EXPECT_EQ(run("eval-cells resistance extra").substr(0, 2), "? ");
}

TEST_F(EvalCommands, HexGuiDisplaysAreScaledToUnitRange) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        std::istringstream gfx(payload("eval-gfx " + name));
        std::string word;
        gfx >> word;
        EXPECT_EQ(word, "INFLUENCE");
        std::string cell;
        while (gfx >> cell && cell != "TEXT") {
            double share = -1;
            gfx >> share;
            EXPECT_TRUE(engine.game().geometry().parse(cell)) << cell;
            EXPECT_GE(share, 0.0);
            EXPECT_LE(share, 1.0);
        }
        EXPECT_EQ(cell, "TEXT");
        std::istringstream pairs(payload("eval-pspairs " + name));
        int count = 0;
        while (pairs >> cell >> word)
            ++count;
        EXPECT_EQ(count, 27);
    }
}

TEST_F(EvalCommands, WonAndFullPositionsAreHandled) {
    run("boardsize 2 2");
    for (const char* line : {"play b a1", "play b a2"})
        run(line);
    // Black has joined row 1 to row 2; White is to move and has lost.
    for (std::string_view name : eval::evaluatorNames())
        EXPECT_EQ(std::stoi(payload("eval " + std::string(name))), -kMaxEval) << name;
    run("play w b1");
    run("play w b2");
    for (std::string_view name : eval::evaluatorNames()) {
        EXPECT_EQ(payload("eval-cells " + std::string(name)), "");
        EXPECT_EQ(run("eval-gfx " + std::string(name)).substr(0, 2), "= ");
    }
}

} // namespace
} // namespace hex
