#pragma once

#include "eval/network/weights_file.h"

#include <cstdint>

namespace hex::eval::network {

// A net of random weights (uniform, scaled by each layer's fan-in so that activations neither
// vanish nor explode through the trunk) for tests and benchmarks: the same seed gives the same
// weights on every platform (std::mt19937 without the library's distributions).
Weights randomWeights(std::uint32_t channels, std::uint32_t blocks, std::uint32_t valueWidth,
                      std::uint32_t seed);

} // namespace hex::eval::network
