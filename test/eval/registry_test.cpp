#include "eval/evaluator.h"

#include <gtest/gtest.h>

namespace hex::eval {
namespace {

TEST(Registry, MakesEveryNamedEvaluator) {
    const std::vector<std::string_view> names = evaluatorNames();
    ASSERT_EQ(names, (std::vector<std::string_view>{"resistance", "twodistance", "yreduction",
                                                    "maxflow"}));
    for (std::string_view name : names) {
        const std::unique_ptr<Evaluator> evaluator = makeEvaluator(name);
        ASSERT_NE(evaluator, nullptr) << name;
        EXPECT_EQ(evaluator->name(), name);
    }
}

TEST(Registry, ResistanceLinkSourcesStartWithTheDefault) {
    const std::vector<std::string_view> links = resistanceLinkNames();
    ASSERT_EQ(links, (std::vector<std::string_view>{"bridges", "templates", "vc", "off"}));
    EXPECT_EQ(links.front(), EvaluatorConfig{}.resistanceLinks);
    for (std::string_view source : links)
        EXPECT_NE(makeEvaluator("resistance", EvaluatorConfig{std::string(source)}), nullptr);
}

TEST(Registry, UnknownNameGivesNull) {
    EXPECT_EQ(makeEvaluator("bogus"), nullptr);
    EXPECT_EQ(makeEvaluator(""), nullptr);
    EXPECT_EQ(makeEvaluator("Resistance"), nullptr);
}

} // namespace
} // namespace hex::eval
