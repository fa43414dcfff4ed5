#include "connections/connections.h"

#include <algorithm>
#include <type_traits>

namespace hex {

struct Connections::Engines {
    HSearch<1> w1; // up to 8x8
    HSearch<2> w2; // up to 11x11
    HSearch<3> w3; // up to 13x13
    HSearch<4> w4; // up to 16x16
    HSearch<6> w6;
};

Connections::EngineSlot::EngineSlot() : engines(std::make_unique<Engines>()) {}
Connections::EngineSlot::EngineSlot(const EngineSlot&) : EngineSlot() {}
Connections::EngineSlot::~EngineSlot() = default;

namespace {

// Stable insertion sort by carrier size (the lists are short); smallest proof first.
template <typename T, typename Size>
void sortBySize(std::vector<T>& list, Size size) {
    for (std::size_t i = 1; i < list.size(); ++i) {
        T item = list[i];
        const int n = size(item);
        std::size_t j = i;
        for (; j > 0 && size(list[j - 1]) > n; --j)
            list[j] = list[j - 1];
        list[j] = item;
    }
}

} // namespace

void Connections::build(const Board& board, Color color, Scope scope) {
    prepare(board, color);
    generation_ = 0;
    onEngine(*slot_.engines, words_, [&](auto& engine) {
        engine.setStop(&stop_);
        engine.run(map_, limits_);
        addEdgeWindows(engine, board);
        addEdgeTemplates(engine, board);
        addLadders(engine);
        stopped_ = engine.stopped();
        finish(engine, scope);
    });
}

void Connections::buildFrom(const VcSnapshot& base, const Board& board, Scope scope) {
    const Color color = base.color;
    prepare(board, color);
    generation_ = base.generation + 1;
    const CellSet newOwn = (color == Color::Black ? black_ : white_) -
                           (color == Color::Black ? base.black : base.white);
    const CellSet newOpp = (color == Color::Black ? white_ : black_) -
                           (color == Color::Black ? base.white : base.black);
    onEngine(*slot_.engines, words_, [&](auto& engine) {
        using Set = typename std::remove_reference_t<decltype(engine)>::Set;
        engine.setStop(&stop_);
        engine.runFrom(map_, limits_, base, newOwn.template resized<Set::kWords>(),
                       newOpp.template resized<Set::kWords>());
        addEdgeWindows(engine, board);
        addEdgeTemplates(engine, board);
        addLadders(engine);
        stopped_ = engine.stopped();
        finish(engine, scope);
    });
}

void Connections::snapshot(VcSnapshot& out) const {
    out.color = color_;
    out.width = width_;
    out.height = height_;
    out.words = words_;
    out.black = black_;
    out.white = white_;
    out.generation = generation_;
    out.entries.clear();
    out.carriers.clear();
    const Engines& engines = *slot_.engines;
    onEngine(engines, words_, [&](const auto& engine) { engine.save(out); });
}

void Connections::prepare(const Board& board, Color color) {
    color_ = color;
    for (int i : usedPairs_) {
        pairs_[static_cast<std::size_t>(i)].fulls.clear();
        pairs_[static_cast<std::size_t>(i)].semis.clear();
    }
    usedPairs_.clear();
    map_.build(board, color, limits_);
    nodes_ = map_.nodes;
    edge1_ = map_.edge1;
    edge2_ = map_.edge2;
    const std::size_t pairCount =
        static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_);
    if (pairs_.size() < pairCount)
        pairs_.resize(pairCount);
    black_ = stonesOf(board, Color::Black);
    white_ = stonesOf(board, Color::White);
    width_ = board.width();
    height_ = board.height();
    words_ = (board.geometry().cellCount() + 63) / 64; // carriers hold cells only
    const Geometry& g = board.geometry();
    if (limits_.ladders && ladderGeometry_ != &g) {
        ladderGeometry_ = &g;
        for (Cell edge : {g.north(), g.south(), g.west(), g.east()})
            ladderSteps_[static_cast<std::size_t>(edge - g.north())] = ladderSteps(g, edge);
    }
}

template <int W>
void Connections::addLadders(HSearch<W>& engine) {
    if (!limits_.ladders || edge1_ == edge2_)
        return;
    const Geometry& g = *ladderGeometry_;
    const auto stepsToward = [&](Cell edge) -> const std::vector<LadderStep>& {
        return ladderSteps_[static_cast<std::size_t>(edge - g.north())];
    };
    engine.addLadders(stepsToward(g.edge1(color_)), edge1_);
    engine.addLadders(stepsToward(g.edge2(color_)), edge2_);
}

template <int W>
void Connections::addEdgeWindows(HSearch<W>& engine, const Board& board) {
    if (!limits_.edgeWindows || edge1_ == edge2_)
        return;
    const Geometry& g = board.geometry();
    const std::pair<Cell, int> edges[] = {{g.edge1(color_), edge1_}, {g.edge2(color_), edge2_}};
    std::vector<char> tried(static_cast<std::size_t>(nodes_), 0);
    for (Cell c = 0; c < g.cellCount() && !engine.stopped(); ++c) {
        const int endpoint = map_.endpointOf[static_cast<std::size_t>(c)];
        if (endpoint < 0 || tried[static_cast<std::size_t>(endpoint)])
            continue;
        tried[static_cast<std::size_t>(endpoint)] = 1;
        const bool empty = map_.cellOf[static_cast<std::size_t>(endpoint)] == c;
        for (const auto& [edge, edgeEndpoint] : edges) {
            if (endpoint == edgeEndpoint || !engine.result(endpoint, edgeEndpoint).fulls.empty())
                continue;
            const auto carrier = empty ? edgeWindows_.proveFromEmpty(board, c, edge)
                                       : edgeWindows_.prove(board, c, edge);
            if (carrier)
                engine.addProven(endpoint, edgeEndpoint, carrier->template resized<W>());
        }
    }
}

// Each matching template's connection becomes a proven full, kept above the per-pair limit.
template <int W>
void Connections::addEdgeTemplates(HSearch<W>& engine, const Board& board) {
    if (!limits_.edgeTemplates || edge1_ == edge2_)
        return;
    const Geometry& g = board.geometry();
    const std::size_t side = color_ == Color::Black ? 0 : 1;
    if (templateGeometry_[side] != &g) {
        templatePlacements_[side] = EdgePlacementIndex(
            placeEdgeTemplates(g, color_, builtInEdgeTemplates()), g.cellCount());
        templateGeometry_[side] = &g;
    }
    const CellSet& own = color_ == Color::Black ? black_ : white_;
    const CellSet& opp = color_ == Color::Black ? white_ : black_;
    templatePlacements_[side].forEachMatch(own, opp, [&](const EdgePlacement& p) {
        const int a = map_.endpointOf[static_cast<std::size_t>(p.cell)];
        const int b = map_.endpointOf[static_cast<std::size_t>(p.edge)];
        if (a >= 0 && b >= 0 && a != b && !engine.stopped())
            engine.addProven(a, b, (p.carrier - own).template resized<W>());
    });
}

// Runs `search` on the engine whose carriers are `words` wide (mutable or not with `engines`).
template <typename EngineSet, typename Search>
void Connections::onEngine(EngineSet& engines, int words, Search search) {
    if (words <= 1)
        search(engines.w1);
    else if (words == 2)
        search(engines.w2);
    else if (words == 3)
        search(engines.w3);
    else if (words == 4)
        search(engines.w4);
    else
        search(engines.w6);
}

template <int W>
void Connections::finish(const HSearch<W>& engine, Scope scope) {
    if (scope == Scope::EdgesOnly) {
        if (edge1_ != edge2_)
            copyOut(engine, edge1_, edge2_);
        return;
    }
    engine.forEachTouchedPair([&](int a, int b) { copyOut(engine, a, b); });
}

// Copies one pair's connections to full-width sets, sorted by size.
template <int W>
void Connections::copyOut(const HSearch<W>& engine, int a, int b) {
    const auto& found = engine.result(a, b);
    if (found.fulls.empty() && found.semis.empty())
        return;
    const std::size_t ab = pairIndex(a, b);
    PairVcs& out = pairs_[ab];
    usedPairs_.push_back(static_cast<int>(ab));
    for (const auto& f : found.fulls)
        out.fulls.push_back(f.template resized<CellSet::kWords>());
    for (const auto& s : found.semis)
        out.semis.push_back({s.carrier.template resized<CellSet::kWords>(), s.key});
    sortBySize(out.fulls, [](const CellSet& c) { return c.count(); });
    sortBySize(out.semis, [](const Semi& x) { return x.carrier.count(); });
}

void EndpointMap::build(const Board& board, Color color, const VcLimits& limits) {
    const Geometry& g = board.geometry();
    endpointOf.assign(static_cast<std::size_t>(g.nodeCount()), -1);
    cellOf.clear();
    nodeOf.clear();
    throughOk.clear();
    adjacent.clear();
    nodes = 0;
    std::vector<int> groupEndpoint(static_cast<std::size_t>(g.nodeCount()), -1);
    for (Cell c = 0; c < g.nodeCount(); ++c) {
        if (board.isEmpty(c)) {
            endpointOf[static_cast<std::size_t>(c)] = nodes++;
            cellOf.push_back(c);
            nodeOf.push_back(c);
            throughOk.push_back(1);
        } else if (board.has(c, color)) {
            const auto root = static_cast<std::size_t>(board.group(c));
            if (groupEndpoint[root] < 0) {
                groupEndpoint[root] = nodes++;
                cellOf.push_back(kNoCell);
                nodeOf.push_back(c);
                throughOk.push_back(1);
            }
            endpointOf[static_cast<std::size_t>(c)] = groupEndpoint[root];
        }
    }
    edge1 = endpointOf[static_cast<std::size_t>(g.edge1(color))];
    edge2 = endpointOf[static_cast<std::size_t>(g.edge2(color))];
    if (!limits.andOverEdge) {
        throughOk[static_cast<std::size_t>(edge1)] = 0;
        throughOk[static_cast<std::size_t>(edge2)] = 0;
    }
    for (Cell u = 0; u < g.nodeCount(); ++u) {
        const int a = endpointOf[static_cast<std::size_t>(u)];
        if (a < 0)
            continue;
        for (Cell v : g.neighbours(u)) {
            const int b = endpointOf[static_cast<std::size_t>(v)];
            if (b >= 0 && a < b)
                adjacent.emplace_back(a, b);
        }
    }
}

std::span<const CellSet> Connections::fulls(Cell a, Cell b) const noexcept {
    const int x = endpointOf(a);
    const int y = endpointOf(b);
    if (x < 0 || y < 0 || x == y)
        return {};
    return pair(x, y).fulls;
}

std::span<const Semi> Connections::semis(Cell a, Cell b) const noexcept {
    const int x = endpointOf(a);
    const int y = endpointOf(b);
    if (x < 0 || y < 0 || x == y)
        return {};
    return pair(x, y).semis;
}

std::span<const CellSet> Connections::edgeFulls() const noexcept {
    if (edge1_ == edge2_)
        return {};
    return pair(edge1_, edge2_).fulls;
}

std::span<const Semi> Connections::edgeSemis() const noexcept {
    if (edge1_ == edge2_)
        return {};
    return pair(edge1_, edge2_).semis;
}

void Connections::fullPairs(std::vector<FullPair>& out) const {
    out.clear();
    onEngine(*slot_.engines, words_, [&](const auto& engine) {
        engine.forEachTouchedPair([&](int a, int b) {
            const auto& fulls = engine.result(a, b).fulls;
            if (fulls.empty())
                return;
            auto meet = fulls.front();
            bool adjacent = false;
            for (const auto& carrier : fulls) {
                meet &= carrier;
                adjacent = adjacent || carrier.none();
            }
            out.push_back({map_.nodeOf[static_cast<std::size_t>(a)],
                           map_.nodeOf[static_cast<std::size_t>(b)], adjacent, meet.count()});
        });
    });
}

int Connections::fullCount() const noexcept {
    int n = 0;
    for (int i : usedPairs_)
        n += static_cast<int>(pairs_[static_cast<std::size_t>(i)].fulls.size());
    return n;
}

int Connections::semiCount() const noexcept {
    int n = 0;
    for (int i : usedPairs_)
        n += static_cast<int>(pairs_[static_cast<std::size_t>(i)].semis.size());
    return n;
}

} // namespace hex
