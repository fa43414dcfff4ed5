#include "core/zobrist.h"

#include "core/random.h"

#include <array>

namespace hex::zobrist {

namespace {

struct Tables {
    std::array<std::array<Key, 2>, Geometry::kMaxNodes> stones{};
    std::array<Key, Geometry::kMaxCells> sizes{};
    std::array<Key, 2> toMove{};

    constexpr Tables() {
        SplitMix random(0x0417'4E58'4F48'4D48ULL); // "OhmHex" and a version byte
        for (auto& pair : stones)
            for (auto& key : pair)
                key = random.next();
        for (auto& key : sizes)
            key = random.next();
        for (auto& key : toMove)
            key = random.next();
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
