#include "core/board.h"

#include "core/zobrist.h"

#include <algorithm>
#include <cassert>

namespace hex {

Board::Board(int width, int height) : Board(Geometry::of(width, height)) {}

Board::Board(const Geometry& geometry)
    : geometry_(&geometry), stones_(geometry.nodeCount(), Stone::Empty),
      parent_(geometry.nodeCount()), size_(geometry.nodeCount(), 1),
      key_(zobrist::size(geometry.width(), geometry.height())), rotatedKey_(key_) {
    for (Cell c = 0; c < geometry.nodeCount(); ++c)
        parent_[c] = c;
    stones_[geometry.north()] = Stone::Black;
    stones_[geometry.south()] = Stone::Black;
    stones_[geometry.west()] = Stone::White;
    stones_[geometry.east()] = Stone::White;
    history_.reserve(geometry.cellCount());
    unions_.reserve(geometry.cellCount() * 3);
}

Cell Board::find(Cell c) const noexcept {
    while (parent_[c] != c)
        c = parent_[c];
    return c;
}

Cell Board::group(Cell c) const noexcept { return find(c); }

Key Board::positionKey(Color toMove) const noexcept { return key_ ^ zobrist::sideToMove(toMove); }

bool Board::unite(Cell a, Cell b) {
    Cell ra = find(a);
    Cell rb = find(b);
    if (ra == rb)
        return false;
    if (size_[ra] < size_[rb])
        std::swap(ra, rb);
    parent_[rb] = ra;
    size_[ra] += size_[rb];
    unions_.push_back({rb, ra});
    return true;
}

void Board::play(Cell c, Color color) {
    assert(!geometry_->isEdge(c) && isEmpty(c));
    const Stone stone = stoneOf(color);
    stones_[c] = stone;
    std::uint16_t unions = 0;
    for (Cell n : geometry_->neighbours(c))
        if (stones_[n] == stone && unite(c, n))
            ++unions;
    history_.push_back({c, color, unions});
    ++colorCounts_[index(color)];
    key_ ^= zobrist::stone(c, color);
    rotatedKey_ ^= zobrist::stone(geometry_->rotate180(c), color);
}

void Board::undo() {
    assert(!history_.empty());
    const Played last = history_.back();
    history_.pop_back();
    for (std::uint16_t i = 0; i < last.unions; ++i) {
        const Union u = unions_.back();
        unions_.pop_back();
        parent_[u.child] = u.child;
        size_[u.root] -= size_[u.child];
    }
    stones_[last.cell] = Stone::Empty;
    --colorCounts_[index(last.color)];
    key_ ^= zobrist::stone(last.cell, last.color);
    rotatedKey_ ^= zobrist::stone(geometry_->rotate180(last.cell), last.color);
}

std::optional<Color> Board::winner() const noexcept {
    if (find(geometry_->north()) == find(geometry_->south()))
        return Color::Black;
    if (find(geometry_->west()) == find(geometry_->east()))
        return Color::White;
    return std::nullopt;
}

std::vector<Cell> Board::emptyCells() const {
    std::vector<Cell> cells;
    cells.reserve(emptyCount());
    for (Cell c = 0; c < geometry_->cellCount(); ++c)
        if (isEmpty(c))
            cells.push_back(c);
    return cells;
}

std::optional<Board> positionAfter(const Geometry& geometry, std::string_view moves) {
    constexpr std::string_view kSpace = " \t\r\n";
    Board board(geometry);
    Color toMove = Color::Black;
    std::size_t start = moves.find_first_not_of(kSpace);
    while (start != std::string_view::npos) {
        const std::size_t end = std::min(moves.find_first_of(kSpace, start), moves.size());
        const std::optional<Cell> c = geometry.parse(moves.substr(start, end - start));
        if (!c || !board.isEmpty(*c) || board.winner())
            return std::nullopt;
        board.play(*c, toMove);
        toMove = opponent(toMove);
        start = moves.find_first_not_of(kSpace, end);
    }
    return board;
}

} // namespace hex
