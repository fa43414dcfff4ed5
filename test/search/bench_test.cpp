#include "search/bench.h"
#include "test/support/paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace hex {
namespace {

// The stored functional signature: `ohmhex bench` with the defaults must search exactly this
// many nodes. A change of search behaviour updates test/bench_signature.txt (and says
// "Bench: N" in the commit message); a refactor keeps it.
// Under AddressSanitizer the full bench takes minutes of CI's sanitizer stage: the signature is
// the Release run's to check, and the sanitizers get the same positions one ply shallower.
TEST(Bench, NodeCountMatchesTheStoredSignature) {
#if defined(__SANITIZE_ADDRESS__)
    std::ostringstream out;
    BenchSettings shallower;
    shallower.depth = BenchSettings::kDefaultDepth - 1;
    const auto totals = runBench(shallower, out);
    ASSERT_TRUE(totals);
    EXPECT_GT(totals->nodes, 0U);
    EXPECT_NE(out.str().find("Nodes searched: " + std::to_string(totals->nodes)),
              std::string::npos);
#else
    std::ifstream in(testing::sourceDir() + "/test/bench_signature.txt");
    ASSERT_TRUE(in) << "missing test/bench_signature.txt";
    std::uint64_t stored = 0;
    in >> stored;
    std::ostringstream out;
    const auto totals = runBench(BenchSettings{}, out);
    ASSERT_TRUE(totals);
    EXPECT_EQ(totals->nodes, stored) << out.str();
    EXPECT_NE(out.str().find("Nodes searched: " + std::to_string(stored)), std::string::npos);
#endif
}

TEST(Bench, UnknownEvaluatorIsRefused) {
    std::ostringstream out;
    BenchSettings settings;
    settings.evaluator = "no-such-evaluator";
    EXPECT_FALSE(runBench(settings, out));
    EXPECT_TRUE(out.str().empty());
}

} // namespace
} // namespace hex
