#include "eval/network/built_in.h"

#include "eval/network/weights_file.h"

#include <string_view>

namespace hex::eval::network {

std::shared_ptr<const Network> builtInNetwork() {
    // The embedded file passed the same checks as any other at its first use in the tests
    // (test/eval/network_built_in_test.cpp), so parsing cannot fail in a built binary.
    static const std::shared_ptr<const Network> net = [] {
        const std::span<const std::byte> bytes = builtInNetworkBytes();
        return std::make_shared<const Network>(parseWeights(
            std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size())));
    }();
    return net;
}

} // namespace hex::eval::network
