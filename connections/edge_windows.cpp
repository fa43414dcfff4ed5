#include "connections/edge_windows.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <stdexcept>
#include <utility>

namespace hex {

namespace {

using Mask = std::uint64_t;

constexpr Mask bitOf(int i) noexcept { return Mask{1} << i; }
constexpr Mask lowestBit(Mask m) noexcept { return m & (~m + 1); }

// At most this many entries are cached; then the cache starts again.
constexpr std::size_t kCacheSize = 1 << 16;

} // namespace

// The window as bit masks over its cells (at most 64), index i standing for cells[i].
struct EdgeWindows::Window {
    std::vector<Cell> cells;
    std::vector<Mask> neighbours; // per cell, its neighbours inside the window (after a miss)
    Mask own = 0;                 // own stones
    Mask opponent = 0;            // opponent stones
    Mask seed = 0;                // the group's cells and the cells touching the group
    Mask edgeRow = 0;             // cells touching the edge

    // The cache key: the board's width (with the edge, its shape), the cells and their states.
    std::string key(Cell edge, int width) const {
        std::string k;
        k.reserve(cells.size() * 3 + 3);
        k.push_back(static_cast<char>(width));
        k.push_back(static_cast<char>(edge & 0xff));
        k.push_back(static_cast<char>(edge >> 8));
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const Mask b = bitOf(static_cast<int>(i));
            k.push_back(static_cast<char>(cells[i] & 0xff));
            k.push_back(static_cast<char>(cells[i] >> 8));
            k.push_back(
                static_cast<char>((own & b ? 1 : 0) | (opponent & b ? 2 : 0) | (seed & b ? 4 : 0)));
        }
        return k;
    }
};

// The memoised search on one window. Positions are (owner's stones, opponent's stones).
struct EdgeWindows::Search {
    // The winner of a position and the carrier of its proof. For the owner: the cells its
    // strategy may play or answer in. For the opponent: the cells its strategy plays in; an own
    // stone elsewhere changes nothing, since every position it reaches is cut by its stones.
    struct Outcome {
        bool ownerWins;
        Mask carrier;
    };

    const Window& w;
    int maxNodes;
    int nodes = 0;
    bool aborted = false;
    std::map<std::pair<Mask, Mask>, Outcome> memo;

    Mask all() const noexcept {
        return w.cells.size() == 64 ? ~Mask{0} : bitOf(static_cast<int>(w.cells.size())) - 1;
    }

    // Every neighbour of the cells of `cells` (in the window).
    Mask neighboursOf(Mask cells) const noexcept {
        Mask out = 0;
        for (; cells; cells &= cells - 1)
            out |= w.neighbours[static_cast<std::size_t>(std::countr_zero(cells))];
        return out;
    }

    // The cells of `allowed` reachable from `start` through `allowed`.
    Mask flood(Mask start, Mask allowed) const noexcept {
        Mask reached = start & allowed;
        for (Mask frontier = reached; frontier; reached |= frontier)
            frontier = neighboursOf(frontier) & allowed & ~reached;
        return reached;
    }

    bool joined(Mask own) const noexcept { return flood(own & w.seed, own) & w.edgeRow; }

    // Breadth-first layers from `start` through `allowed`: bit i of layers[k] is set when cell i
    // is k steps away. Returns the number of layers.
    int layers(Mask start, Mask allowed, std::array<Mask, 64>& out) const noexcept {
        Mask reached = start & allowed;
        Mask frontier = reached;
        int n = 0;
        while (frontier) {
            out[static_cast<std::size_t>(n++)] = frontier;
            frontier = neighboursOf(frontier) & allowed & ~reached;
            reached |= frontier;
        }
        return n;
    }

    // The owner's candidate moves, best first: the empty cells on some path from the group to
    // the edge through cells the opponent does not hold (no other cell can matter to the owner),
    // by the length of the shortest such path through them.
    int ownerMoves(Mask own, Mask opp, std::array<int, 64>& out) const noexcept {
        const Mask free = all() & ~opp;
        std::array<Mask, 64> fromGroup{};
        std::array<Mask, 64> fromEdge{};
        const int nGroup = layers(flood(own & w.seed, own) | (w.seed & free), free, fromGroup);
        const int nEdge = layers(w.edgeRow & free, free, fromEdge);
        std::array<int, 64> distance{};
        distance.fill(-1);
        for (int k = 0; k < nEdge; ++k)
            for (Mask m = fromEdge[static_cast<std::size_t>(k)]; m; m &= m - 1)
                distance[static_cast<std::size_t>(std::countr_zero(m))] = k;
        int n = 0;
        std::array<int, 64> length{};
        for (int k = 0; k < nGroup; ++k) {
            for (Mask m = fromGroup[static_cast<std::size_t>(k)] & ~own; m; m &= m - 1) {
                const int i = std::countr_zero(m);
                if (distance[static_cast<std::size_t>(i)] < 0)
                    continue;
                length[static_cast<std::size_t>(i)] = k + distance[static_cast<std::size_t>(i)];
                out[static_cast<std::size_t>(n++)] = i;
            }
        }
        std::stable_sort(out.begin(), out.begin() + n, [&](int a, int b) {
            return length[static_cast<std::size_t>(a)] < length[static_cast<std::size_t>(b)];
        });
        return n;
    }

    Outcome ownerToMove(Mask own, Mask opp) {
        if (joined(own))
            return {true, 0};
        const auto key = std::make_pair(own, opp);
        if (const auto it = memo.find(key); it != memo.end())
            return it->second;
        if (++nodes > maxNodes) {
            aborted = true;
            return {false, 0};
        }
        std::array<int, 64> moves{};
        const int n = ownerMoves(own, opp, moves);
        Outcome result{false, 0};
        // A move outside the cells of an earlier move's refutation is refuted by the same
        // strategy, so only moves inside all of them are tried.
        Mask candidates = all();
        for (int k = 0; k < n; ++k) {
            const Mask m = bitOf(moves[static_cast<std::size_t>(k)]);
            if (!(candidates & m))
                continue;
            const Outcome child = opponentToMove(own | m, opp);
            if (aborted)
                return {false, 0};
            if (child.ownerWins) {
                result = {true, child.carrier | m};
                break;
            }
            candidates &= child.carrier;
            result.carrier |= child.carrier;
        }
        memo.emplace(key, result);
        return result;
    }

    // The opponent's moves outside the carrier of the owner's win if it moved now leave that win
    // standing, so only moves inside it are tried.
    Outcome opponentToMove(Mask own, Mask opp) {
        if (joined(own))
            return {true, 0};
        // Two cells that each join at once: the opponent can take only one.
        const Mask touching = neighboursOf(flood(own & w.seed, own)) | w.seed;
        Mask threats = 0;
        for (Mask cells = touching & ~own & ~opp; cells; cells &= cells - 1) {
            const Mask c = lowestBit(cells);
            if (joined(own | c)) {
                if (threats)
                    return {true, threats | c};
                threats = c;
            }
        }
        // A cell without which no path is left: the opponent takes it.
        const Mask free = all() & ~opp;
        const Mask paths = flood(w.seed & free, free) & flood(w.edgeRow & free, free);
        if (!(paths & w.edgeRow))
            return {false, 0};
        for (Mask cells = paths & ~own; cells; cells &= cells - 1) {
            const Mask c = lowestBit(cells);
            if (!(flood(w.seed & ~c & free, free & ~c) & w.edgeRow))
                return {false, c};
        }
        const Outcome first = ownerToMove(own, opp);
        if (!first.ownerWins || aborted)
            return first;
        Mask carrier = first.carrier;
        for (Mask moves = first.carrier & ~own; moves; moves &= moves - 1) {
            const Mask m = lowestBit(moves);
            const Outcome answer = ownerToMove(own, opp | m);
            if (aborted)
                return {false, 0};
            if (!answer.ownerWins)
                return {false, answer.carrier | m};
            carrier |= answer.carrier;
        }
        return {true, carrier};
    }
};

std::optional<EdgeWindows::Window> EdgeWindows::windowOf(const Board& board, Cell stone,
                                                         Cell edge) const {
    const Geometry& g = board.geometry();
    const Color owner = g.edgeOwner(edge);
    const Cell group = board.group(stone);
    const auto inGroup = [&](Cell c) { return board.has(c, owner) && board.group(c) == group; };
    int lo = g.width() + g.height();
    int hi = -1;
    for (Cell c = 0; c < g.cellCount(); ++c) {
        if (inGroup(c) && g.rowsFrom(c, edge) <= limits_.depth + 1) {
            lo = std::min(lo, g.alongEdge(c, edge));
            hi = std::max(hi, g.alongEdge(c, edge));
        }
    }
    if (hi < 0)
        return std::nullopt;
    Window w;
    int empty = 0;
    for (Cell c = 0; c < g.cellCount(); ++c) {
        const int along = g.alongEdge(c, edge);
        if (g.rowsFrom(c, edge) > limits_.depth || along < lo - limits_.margin ||
            along > hi + limits_.margin)
            continue;
        if (w.cells.size() == 64)
            return std::nullopt;
        w.cells.push_back(c);
        empty += board.isEmpty(c) ? 1 : 0;
    }
    if (empty > limits_.maxEmpty)
        return std::nullopt;
    for (std::size_t i = 0; i < w.cells.size(); ++i) {
        const Cell c = w.cells[i];
        const Mask b = bitOf(static_cast<int>(i));
        if (board.has(c, owner))
            w.own |= b;
        else if (!board.isEmpty(c))
            w.opponent |= b;
        if (g.adjacent(c, edge))
            w.edgeRow |= b;
        const auto around = g.neighbours(c);
        const bool touchesGroup = std::any_of(around.begin(), around.end(), inGroup);
        if (inGroup(c) || (touchesGroup && !board.has(c, opponent(owner))))
            w.seed |= b;
    }
    return w;
}

// The neighbour masks the search needs, only once the cache has missed. The window's cells are
// in increasing order, so a neighbour's index is found by binary search.
void EdgeWindows::linkNeighbours(const Geometry& g, Window& w) {
    w.neighbours.assign(w.cells.size(), 0);
    for (std::size_t i = 0; i < w.cells.size(); ++i) {
        for (Cell n : g.neighbours(w.cells[i])) {
            const auto it = std::lower_bound(w.cells.begin(), w.cells.end(), n);
            if (it != w.cells.end() && *it == n)
                w.neighbours[i] |= bitOf(static_cast<int>(it - w.cells.begin()));
        }
    }
}

bool EdgeWindows::joinsExactly(const Geometry& g, Cell cell, Cell edge, const CellSet& own,
                               const CellSet& empty) {
    Window w;
    w.cells = (own | empty).cells();
    if (w.cells.size() > 64)
        throw std::invalid_argument("EdgeWindows::joinsExactly: more than 64 cells");
    linkNeighbours(g, w);
    Mask start = 0;
    for (std::size_t i = 0; i < w.cells.size(); ++i) {
        const Mask b = bitOf(static_cast<int>(i));
        if (own.test(w.cells[i]))
            w.own |= b;
        if (g.adjacent(w.cells[i], edge))
            w.edgeRow |= b;
        if (w.cells[i] == cell)
            start = b;
    }
    Search search{w, std::numeric_limits<int>::max(), 0, false, {}};
    const Mask group = search.flood(start, w.own);
    w.seed = group | search.neighboursOf(group);
    return search.opponentToMove(w.own, 0).ownerWins;
}

std::optional<CellSet> EdgeWindows::proveFromEmpty(const Board& board, Cell cell, Cell edge) {
    const Geometry& g = board.geometry();
    if (g.rowsFrom(cell, edge) > limits_.depth + 1)
        return std::nullopt;
    Board played = board;
    played.play(cell, g.edgeOwner(edge));
    return prove(played, cell, edge);
}

std::optional<CellSet> EdgeWindows::prove(const Board& board, Cell stone, Cell edge) {
    if (board.group(stone) == board.group(edge))
        return CellSet{};
    auto window = windowOf(board, stone, edge);
    if (!window)
        return std::nullopt;
    std::string key = window->key(edge, board.width());
    if (const auto it = cache_.find(key); it != cache_.end())
        return it->second;
    linkNeighbours(board.geometry(), *window);
    ++searches_;
    Search search{*window, limits_.maxNodes, 0, false, {}};
    const auto local = search.opponentToMove(window->own, window->opponent);
    std::optional<CellSet> carrier;
    if (local.ownerWins && !search.aborted) {
        carrier.emplace();
        for (Mask m = local.carrier; m; m &= m - 1)
            carrier->set(window->cells[static_cast<std::size_t>(std::countr_zero(m))]);
    }
    if (cache_.size() >= kCacheSize)
        cache_.clear();
    cache_.emplace(std::move(key), carrier);
    return carrier;
}

} // namespace hex
