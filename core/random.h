#pragma once

#include <cstdint>

namespace hex {

// SplitMix64 (Steele, Lea and Flood): a reproducible pseudo-random sequence, the same on every
// platform and standard library (std::uniform_int_distribution is not), for the Zobrist keys,
// the self-play openings and the tests.
class SplitMix {
public:
    constexpr explicit SplitMix(std::uint64_t seed) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // 0..n-1 (n > 0); the modulo's bias is below n / 2^64.
    constexpr int below(int n) noexcept {
        return static_cast<int>(next() % static_cast<std::uint64_t>(n));
    }

private:
    std::uint64_t state_;
};

} // namespace hex
