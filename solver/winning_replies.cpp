#include "solver/winning_replies.h"

#include <algorithm>

namespace hex {
namespace {

void toFront(Cell move, std::vector<ScoredMove>& order) {
    if (move == kNoCell)
        return;
    const auto it = std::find_if(order.begin(), order.end(),
                                 [move](const ScoredMove& s) { return s.move == move; });
    if (it == order.end() || it == order.begin())
        return;
    const ScoredMove promoted{move, order.front().score};
    order.erase(it);
    order.insert(order.begin(), promoted);
}

} // namespace

WinningReplies::WinningReplies() { clear(); }

void WinningReplies::clear() {
    killers_.clear();
    for (auto& byCell : counters_)
        byCell.fill(kNoCell);
}

void WinningReplies::note(int depth, Color toMove, Cell arriving, Cell winning) {
    const auto d = static_cast<std::size_t>(depth);
    if (killers_.size() <= d)
        killers_.resize(d + 1);
    Killers& k = killers_[d];
    if (k.latest != winning) {
        k.previous = k.latest;
        k.latest = winning;
    }
    if (arriving != kNoCell)
        counters_[static_cast<std::size_t>(index(toMove))][static_cast<std::size_t>(arriving)] =
            winning;
}

void WinningReplies::promote(int depth, Color toMove, Cell arriving,
                             std::vector<ScoredMove>& order) const {
    // The last one moved to the front ends up first.
    toFront(counterOf(toMove, arriving), order);
    const auto d = static_cast<std::size_t>(depth);
    if (d < killers_.size()) {
        toFront(killers_[d].previous, order);
        toFront(killers_[d].latest, order);
    }
}

Cell WinningReplies::counterOf(Color toMove, Cell arriving) const {
    if (arriving == kNoCell)
        return kNoCell;
    return counters_[static_cast<std::size_t>(index(toMove))][static_cast<std::size_t>(arriving)];
}

} // namespace hex
