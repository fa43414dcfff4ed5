#include "eval/network/random_weights.h"

#include <cmath>
#include <random>

namespace hex::eval::network {

Weights randomWeights(std::uint32_t channels, std::uint32_t blocks, std::uint32_t valueWidth,
                      std::uint32_t seed) {
    Weights weights;
    weights.channels = channels;
    weights.valueWidth = valueWidth;
    weights.description = "random weights, seed " + std::to_string(seed);
    std::mt19937 rng(seed);
    const auto uniform = [&rng](double bound) {
        return static_cast<float>((static_cast<double>(rng()) / 4294967296.0 * 2 - 1) * bound);
    };
    forEachTensor(weights, blocks, [&](const TensorRef& t) {
        std::size_t count = 1;
        for (std::uint32_t d : t.dims)
            count *= d;
        // Fan-in: every dimension but the first (the outputs); a bias has none.
        const double fanIn = t.dims.size() == 1 ? 0.0 : static_cast<double>(count / t.dims[0]);
        const double bound = fanIn > 0 ? std::sqrt(3.0 / fanIn) : 0.1;
        t.values.resize(count);
        for (float& v : t.values)
            v = uniform(bound);
    });
    return weights;
}

} // namespace hex::eval::network
