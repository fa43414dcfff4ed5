#include "core/geometry.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <mutex>

namespace hex {

namespace {

constexpr std::array<std::array<int, 2>, 6> kDirections{
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}}};

} // namespace

const Geometry& Geometry::of(int width, int height) {
    static std::array<std::unique_ptr<const Geometry>, kMaxCells> cache;
    static std::mutex mutex;
    const auto slot = static_cast<std::size_t>((height - 1) * kMaxSide + (width - 1));
    std::lock_guard lock(mutex);
    if (!cache[slot])
        cache[slot] = std::unique_ptr<const Geometry>(new Geometry(width, height));
    return *cache[slot];
}

Geometry::Geometry(int width, int height) : width_(width), height_(height) {
    for (Cell c = 0; c < nodeCount(); ++c) {
        columnOf_.push_back(static_cast<std::uint8_t>(c % width_));
        rowOf_.push_back(static_cast<std::uint8_t>(c / width_));
    }
    std::vector<std::vector<Cell>> lists(nodeCount());
    auto link = [&](Cell a, Cell b) {
        lists[a].push_back(b);
        lists[b].push_back(a);
    };
    for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
            const Cell c = cell(x, y);
            // Each interior pair once: only towards neighbours with a larger index.
            for (const auto& d : kDirections) {
                const int nx = x + d[0];
                const int ny = y + d[1];
                if (onBoard(nx, ny) && cell(nx, ny) > c)
                    link(c, cell(nx, ny));
            }
            if (y == 0)
                link(c, north());
            if (y == height_ - 1)
                link(c, south());
            if (x == 0)
                link(c, west());
            if (x == width_ - 1)
                link(c, east());
        }
    }
    for (Cell c = 0; c < cellCount(); ++c)
        for (const auto& d : kRingOffsets) {
            const int nx = x(c) + d[0];
            const int ny = y(c) + d[1];
            rings_.push_back(onBoard(nx, ny) ? cell(nx, ny) : kNoCell);
        }
    adjacencyStart_.push_back(0);
    for (auto& list : lists) {
        std::sort(list.begin(), list.end());
        adjacency_.insert(adjacency_.end(), list.begin(), list.end());
        adjacencyStart_.push_back(static_cast<int>(adjacency_.size()));
    }
}

bool Geometry::adjacentToEdge(Cell a, Cell b) const noexcept {
    for (Cell n : neighbours(a))
        if (n == b)
            return true;
    return false;
}

Cell Geometry::rotateEdge180(Cell c) const noexcept {
    if (c == north())
        return south();
    if (c == south())
        return north();
    return c == west() ? east() : west();
}

Cell Geometry::mirror(Cell c) const noexcept {
    if (!isEdge(c))
        return cell(y(c), x(c));
    if (c == north())
        return west();
    if (c == west())
        return north();
    return c == south() ? east() : south();
}

std::string Geometry::name(Cell c) const {
    if (c == north())
        return "north";
    if (c == south())
        return "south";
    if (c == west())
        return "west";
    if (c == east())
        return "east";
    std::string text(1, static_cast<char>('a' + x(c)));
    text += std::to_string(y(c) + 1);
    return text;
}

std::optional<Cell> Geometry::parse(std::string_view text) const {
    if (text.size() < 2 || text.size() > 3)
        return std::nullopt;
    const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    if (letter < 'a' || letter > 'z')
        return std::nullopt;
    if (text[1] == '0')
        return std::nullopt;
    int row = 0;
    for (char ch : text.substr(1)) {
        if (ch < '0' || ch > '9')
            return std::nullopt;
        row = row * 10 + (ch - '0');
    }
    const int x = letter - 'a';
    const int y = row - 1;
    if (!onBoard(x, y))
        return std::nullopt;
    return cell(x, y);
}

} // namespace hex
