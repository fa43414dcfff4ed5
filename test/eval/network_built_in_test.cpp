// The net compiled into ohmhex is the repository's data/networks/default.ohnn, byte for byte,
// and a valid net that names the training run that made it.

#include "eval/network/built_in.h"
#include "eval/network/weights_file.h"

#include "test/support/paths.h"

#include <gtest/gtest.h>

#include <cstring>

namespace hex::eval::network {
namespace {

TEST(BuiltInNetwork, IsTheRepositoryFile) {
    const std::string file =
        readFileBytes(testing::sourceDir() + "/data/networks/default.ohnn", maxWeightsFileBytes());
    const std::span<const std::byte> embedded = builtInNetworkBytes();
    ASSERT_EQ(embedded.size(), file.size());
    EXPECT_EQ(std::memcmp(embedded.data(), file.data(), file.size()), 0);
}

TEST(BuiltInNetwork, IsParsedOnceAndNamesItsTrainingRun) {
    const std::shared_ptr<const Network> net = builtInNetwork();
    ASSERT_NE(net, nullptr);
    EXPECT_EQ(net, builtInNetwork());
    EXPECT_NE(net->description().find("games"), std::string::npos) << net->description();
}

} // namespace
} // namespace hex::eval::network
