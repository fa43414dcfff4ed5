#include "eval/vc_links.h"

#include <algorithm>
#include <bit>

namespace hex::eval {

namespace {

std::size_t colourIndex(Color color) noexcept { return color == Color::Black ? 0 : 1; }

// What a kept snapshot holds: its vectors keep their capacity when a slot is reused.
std::size_t snapshotBytes(const VcSnapshot& snapshot) noexcept {
    return snapshot.entries.capacity() * sizeof(VcSnapshot::Entry) +
           snapshot.carriers.capacity() * sizeof(std::uint64_t);
}

} // namespace

// The applicable base with the most stones (the fewest new ones), if it is close enough.
VcLinks::Base* VcLinks::closestBase(const Board& board, Color color) {
    const CellSet black = stonesOf(board, Color::Black);
    const CellSet white = stonesOf(board, Color::White);
    const int stones = board.stoneCount();
    Base* best = nullptr;
    for (Base& base : bases_[colourIndex(color)]) {
        const int newStones = stones - base.stones;
        if (newStones < 1 || newStones > kMaxNewStones ||
            base.snapshot.generation >= kMaxGeneration ||
            !base.snapshot.appliesTo(board, color, black, white))
            continue;
        if (!best || base.stones > best->stones)
            best = &base;
    }
    return best;
}

void VcLinks::keepBuild(const Board& board, Color color) {
    std::vector<Base>& bases = bases_[colourIndex(color)];
    Base* slot = nullptr;
    if (bases.size() < kBasesPerColour) {
        slot = &bases.emplace_back();
    } else {
        slot = &*std::min_element(bases.begin(), bases.end(), [](const Base& a, const Base& b) {
            return a.lastUse < b.lastUse;
        });
    }
    connections_.snapshot(slot->snapshot);
    slot->stones = board.stoneCount();
    slot->lastUse = ++clock_;
    keepWithinBudget(bases);
}

// Drops the least recently used builds until the rest fit the budget, but never the newest (the
// one just kept, its lastUse the clock's).
void VcLinks::keepWithinBudget(std::vector<Base>& bases) {
    while (bases.size() > 1 && heldBytes(bases) > baseBytesPerColour_) {
        auto oldest = bases.end();
        for (auto it = bases.begin(); it != bases.end(); ++it)
            if (it->lastUse != clock_ && (oldest == bases.end() || it->lastUse < oldest->lastUse))
                oldest = it;
        bases.erase(oldest);
    }
}

std::size_t VcLinks::keptBuilds(Color color) const noexcept {
    return bases_[colourIndex(color)].size();
}

std::size_t VcLinks::keptBytes(Color color) const noexcept {
    return heldBytes(bases_[colourIndex(color)]);
}

std::size_t VcLinks::heldBytes(const std::vector<Base>& bases) noexcept {
    std::size_t bytes = 0;
    for (const Base& base : bases)
        bytes += snapshotBytes(base.snapshot);
    return bytes;
}

void VcLinks::buildConnections(const Board& board, Color color, bool keep) {
    ++builds_;
    if (Base* base = closestBase(board, color)) {
        base->lastUse = ++clock_;
        ++derivedBuilds_;
        connections_.buildFrom(base->snapshot, board, Connections::Scope::EdgesOnly);
    } else {
        connections_.build(board, color, Connections::Scope::EdgesOnly);
    }
    if (keep)
        keepBuild(board, color);
}

VcLinks::BuiltOn VcLinks::builtOnOf(const Board& board) noexcept {
    return {board.key(), board.width(), board.height()};
}

std::optional<GameState> VcLinks::gameState(const Board& board, Color toMove) const {
    const BuiltOn here = builtOnOf(board);
    if (builtOn_[0] != here || builtOn_[1] != here)
        return std::nullopt;
    return analyseGameState(board, toMove, edges_[colourIndex(toMove)],
                            edges_[colourIndex(opponent(toMove))]);
}

void VcLinks::append(const Board& board, Color color, std::vector<Link>& links, bool keepBuild) {
    buildConnections(board, color, keepBuild);
    edges_[colourIndex(color)] = summariseEdges(connections_);
    builtOn_[colourIndex(color)] = builtOnOf(board);
    const Geometry& g = board.geometry();
    // One endpoint per empty cell and per own group (at its representative), ranked in node
    // order. The links are appended in the order of their ends' ranks, so that the circuit adds
    // their conductances in one fixed order whatever order the build found them in.
    rank_.assign(static_cast<std::size_t>(g.nodeCount()), 0);
    std::size_t next = 0;
    for (Cell c = 0; c < g.nodeCount(); ++c)
        if (!board.has(c, opponent(color)) && (board.isEmpty(c) || board.group(c) == c))
            rank_[static_cast<std::size_t>(c)] = next++;
    found_.clear();
    connections_.fullPairs(fullPairs_);
    for (const Connections::FullPair& pair : fullPairs_) {
        if (pair.adjacent) // an adjacency, already in the circuit
            continue;
        Cell a = board.isEmpty(pair.a) ? pair.a : board.group(pair.a);
        Cell b = board.isEmpty(pair.b) ? pair.b : board.group(pair.b);
        std::size_t first = rank_[static_cast<std::size_t>(a)];
        std::size_t second = rank_[static_cast<std::size_t>(b)];
        if (first > second) {
            std::swap(a, b);
            std::swap(first, second);
        }
        // Zero for two own groups by default (Wolve's conductances): no link.
        const double base = baseConductance(board, a, b);
        if (base > 0)
            found_.push_back({first, second, {a, b, base / carrierDivisor(pair.needed)}});
    }
    std::sort(found_.begin(), found_.end(), [](const RankedLink& l, const RankedLink& r) {
        return l.first != r.first ? l.first < r.first : l.second < r.second;
    });
    for (const RankedLink& found : found_)
        links.push_back(found.link);
}

// The link's conductance before the division by the carrier, by what its ends are.
double VcLinks::baseConductance(const Board& board, Cell a, Cell b) const {
    const int ownEnds = !board.isEmpty(a) + !board.isEmpty(b);
    return ownEnds == 2   ? conductances_.ownToOwn
           : ownEnds == 1 ? conductances_.ownToEmpty
                          : conductances_.emptyToEmpty;
}

// k + 1, or the power of two at or above it, with k the cells every full carrier needs.
double VcLinks::carrierDivisor(int needed) const {
    const auto k = static_cast<unsigned>(needed);
    return conductances_.divisor == CarrierDivisor::Linear ? k + 1 : std::bit_ceil(k + 1);
}

} // namespace hex::eval
