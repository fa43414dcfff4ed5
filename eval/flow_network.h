#pragma once

#include <vector>

namespace hex::eval {

// A small integer flow network solved by Dinic's algorithm (breadth-first levels, then
// blocking flows by depth-first search). Arcs are added first, then stored grouped by tail
// (compressed rows) with the index of each arc's residual partner, so the searches scan
// contiguous memory. Deterministic: arcs keep the order in which they were added.
class FlowNetwork {
public:
    static constexpr int kUnbounded = 1 << 24;

    void reset(int nodes);
    void addArc(int from, int to, int capacity);
    // Maximum flow from source to sink (stops early at kUnbounded).
    int maxFlow(int source, int sink);
    // After maxFlow: 1 for the nodes the source still reaches in the residual network.
    void markFromSource(int source, std::vector<char>& mark);
    // After maxFlow: 1 for the nodes that still reach the sink in the residual network.
    void markToSink(int sink, std::vector<char>& mark);

private:
    struct Pending {
        int from;
        int to;
        int capacity;
    };

    void compress();
    bool buildLevels(int source, int sink);
    int push(int node, int sink, int limit);
    // Marks every node reachable from start along arcs whose (own or partner's) capacity is
    // positive: forward reachability in the residual network, or backward with partner.
    void mark(int start, bool backward, std::vector<char>& mark);

    int nodes_ = 0;
    std::vector<Pending> pending_;
    std::vector<int> start_; // arcs of node v: start_[v] .. start_[v + 1]
    std::vector<int> head_;
    std::vector<int> capacity_;
    std::vector<int> partner_;
    std::vector<int> current_;
    std::vector<int> level_;
    std::vector<int> queue_;
};

} // namespace hex::eval
