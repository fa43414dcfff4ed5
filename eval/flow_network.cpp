#include "eval/flow_network.h"

#include "eval/index.h"

#include <algorithm>

namespace hex::eval {

void FlowNetwork::reset(int nodes) {
    nodes_ = nodes;
    pending_.clear();
}

void FlowNetwork::addArc(int from, int to, int capacity) {
    pending_.push_back({from, to, capacity});
}

void FlowNetwork::compress() {
    // Counting sort of the arcs and their residual partners by tail.
    start_.assign(at(nodes_ + 1), 0);
    for (const Pending& p : pending_) {
        ++start_[at(p.from + 1)];
        ++start_[at(p.to + 1)];
    }
    for (int v = 0; v < nodes_; ++v)
        start_[at(v + 1)] += start_[at(v)];
    const std::size_t arcs = 2 * pending_.size();
    head_.resize(arcs);
    capacity_.resize(arcs);
    partner_.resize(arcs);
    current_.assign(start_.begin(), start_.end() - 1);
    for (const Pending& p : pending_) {
        const int forward = current_[at(p.from)]++;
        const int backward = current_[at(p.to)]++;
        head_[at(forward)] = p.to;
        capacity_[at(forward)] = p.capacity;
        partner_[at(forward)] = backward;
        head_[at(backward)] = p.from;
        capacity_[at(backward)] = 0;
        partner_[at(backward)] = forward;
    }
}

bool FlowNetwork::buildLevels(int source, int sink) {
    level_.assign(at(nodes_), -1);
    queue_.assign(1, source);
    level_[at(source)] = 0;
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        const int node = queue_[head];
        // Nodes at or beyond the sink's level cannot be on a shortest augmenting path.
        if (level_[at(sink)] >= 0 && level_[at(node)] >= level_[at(sink)])
            break;
        for (int e = start_[at(node)]; e < start_[at(node + 1)]; ++e) {
            const int to = head_[at(e)];
            if (capacity_[at(e)] > 0 && level_[at(to)] < 0) {
                level_[at(to)] = level_[at(node)] + 1;
                queue_.push_back(to);
            }
        }
    }
    return level_[at(sink)] >= 0;
}

int FlowNetwork::push(int node, int sink, int limit) {
    if (node == sink)
        return limit;
    for (int& e = current_[at(node)]; e < start_[at(node + 1)]; ++e) {
        const int to = head_[at(e)];
        if (capacity_[at(e)] <= 0 || level_[at(to)] != level_[at(node)] + 1)
            continue;
        const int pushed = push(to, sink, std::min(limit, capacity_[at(e)]));
        if (pushed > 0) {
            capacity_[at(e)] -= pushed;
            capacity_[at(partner_[at(e)])] += pushed;
            return pushed;
        }
    }
    return 0;
}

int FlowNetwork::maxFlow(int source, int sink) {
    compress();
    int flow = 0;
    while (flow < kUnbounded && buildLevels(source, sink)) {
        current_.assign(start_.begin(), start_.end() - 1);
        while (const int pushed = push(source, sink, kUnbounded - flow)) {
            flow += pushed;
            if (flow >= kUnbounded)
                break;
        }
    }
    return flow;
}

void FlowNetwork::mark(int start, bool backward, std::vector<char>& marks) {
    marks.assign(at(nodes_), 0);
    queue_.assign(1, start);
    marks[at(start)] = 1;
    while (!queue_.empty()) {
        const int node = queue_.back();
        queue_.pop_back();
        for (int e = start_[at(node)]; e < start_[at(node + 1)]; ++e) {
            // Forward: arc e leaves node. Backward: its partner enters node from head_[e].
            const int residual = capacity_[at(backward ? partner_[at(e)] : e)];
            const int to = head_[at(e)];
            if (residual > 0 && !marks[at(to)]) {
                marks[at(to)] = 1;
                queue_.push_back(to);
            }
        }
    }
}

void FlowNetwork::markFromSource(int source, std::vector<char>& marks) {
    mark(source, false, marks);
}

void FlowNetwork::markToSink(int sink, std::vector<char>& marks) { mark(sink, true, marks); }

} // namespace hex::eval
