#pragma once

#include <cstdint>
#include <string_view>

namespace hex {

// Black moves first and joins row 1 to the last row (north-south); White joins column a to the
// last column (west-east).
enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opponent(Color c) noexcept {
    return c == Color::Black ? Color::White : Color::Black;
}

constexpr int index(Color c) noexcept { return static_cast<int>(c); }

constexpr std::string_view colorName(Color c) noexcept {
    return c == Color::Black ? "black" : "white";
}

// What occupies a board node. Edge nodes permanently hold their owner's colour.
enum class Stone : std::uint8_t { Empty = 0, Black = 1, White = 2 };

constexpr Stone stoneOf(Color c) noexcept {
    return c == Color::Black ? Stone::Black : Stone::White;
}

// A node index: interior cells are y * width + x; the four edge nodes follow (see Geometry).
using Cell = int;
constexpr Cell kNoCell = -1;

// Scores are integers so that transposition-table entries and the bench signature are exact.
using Score = std::int32_t;

using Key = std::uint64_t;

} // namespace hex
