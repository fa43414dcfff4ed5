#include "core/zobrist.h"

#include <array>

namespace hex::zobrist {

namespace {

constexpr Key splitMix64(Key& state) noexcept {
    state += 0x9E3779B97F4A7C15ULL;
    Key z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Tables {
    std::array<std::array<Key, 2>, Geometry::kMaxNodes> stones{};
    std::array<Key, Geometry::kMaxCells> sizes{};
    std::array<Key, 2> toMove{};

    constexpr Tables() {
        Key state = 0x0417'4E58'4F48'4D48ULL; // "OhmHex" and a version byte
        for (auto& pair : stones)
            for (auto& key : pair)
                key = splitMix64(state);
        for (auto& key : sizes)
            key = splitMix64(state);
        for (auto& key : toMove)
            key = splitMix64(state);
    }
};

const Tables& tables() {
    static const Tables instance;
    return instance;
}

} // namespace

Key stone(Cell node, Color c) noexcept { return tables().stones[node][index(c)]; }

Key size(int width, int height) noexcept {
    return tables().sizes[(height - 1) * Geometry::kMaxSide + width - 1];
}

Key sideToMove(Color c) noexcept { return tables().toMove[index(c)]; }

} // namespace hex::zobrist
