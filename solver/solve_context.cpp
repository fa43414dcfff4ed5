#include "solver/solve_context.h"

#include <algorithm>
#include <cstdio>

namespace hex {

void SolveContext::start(const Board& board, const SolveLimits& limits) {
    board_.emplace(board);
    limits_ = limits;
    stats_ = {};
    aborted_ = false;
    started_ = std::chrono::steady_clock::now();
    nextReport_ = limits_.progressSeconds;
    rootProof_ = 0;
    rootDisproof_ = 0;
    childrenDone_ = 0;
    childrenLeft_ = 0;
    guesses_.clear();
    guessesAllowed_ = true;
    turnAllowed_ = false;
    turning_ = false;
}

const Guesses& SolveContext::guessesAt(Key key, Color toMove, std::uint64_t work,
                                       std::uint64_t after) {
    if (!limits_.guess || !guessesAllowed_)
        return noGuesses();
    if (const auto it = guesses_.find(key); it != guesses_.end()) {
        Asked& asked = it->second;
        if (!asked.released && work < after)
            return noGuesses();
        asked.released = true;
        return asked.guesses;
    }
    if (work < after)
        return noGuesses();
    return ask(key, toMove, true).guesses;
}

SolveContext::Asked& SolveContext::ask(Key key, Color toMove, bool released) {
    Guesses guessed = limits_.guess(*board_, toMove, [this] { return outOfBudget(); });
    return guesses_.emplace(key, Asked{std::move(guessed), released}).first->second;
}

std::optional<int> SolveContext::judgeAt(Key key, Color toMove) {
    if (!limits_.guess || !guessesAllowed_)
        return std::nullopt;
    const auto it = guesses_.find(key);
    return (it != guesses_.end() ? it->second : ask(key, toMove, false)).guesses.score;
}

bool SolveContext::outOfBudget() {
    if (aborted_)
        return true;
    if (limits_.maxNodes != 0 && stats_.nodes > limits_.maxNodes)
        aborted_ = true;
    // The clock and the stop flag at every call: on 11x11 a node's connection build takes
    // milliseconds, so polling every few hundred let a 0.2 s budget run for seconds.
    if (limits_.maxSeconds > 0 || limits_.progress) {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        if (limits_.maxSeconds > 0 && elapsed > limits_.maxSeconds)
            aborted_ = true;
        if (limits_.progress && elapsed >= nextReport_)
            reportProgress(elapsed);
    }
    if (limits_.stop && limits_.stop())
        aborted_ = true;
    return aborted_;
}

void SolveContext::reportProgress(double seconds) {
    SolveProgress p;
    p.nodes = stats_.nodes;
    p.seconds = seconds;
    p.rootProof = rootProof_;
    p.rootDisproof = rootDisproof_;
    p.childrenDone = childrenDone_;
    p.childrenLeft = childrenLeft_;
    if (table_ != nullptr) {
        p.tableEntries = table_->size();
        p.tableEvictions = table_->evictions();
    }
    limits_.progress(p);
    // The next report a whole interval after this one, however late this one came.
    nextReport_ = seconds + std::max(limits_.progressSeconds, 0.001);
}

std::string describeProgress(const SolveProgress& p) {
    const double rate = p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0.0;
    char children[80] = "";
    if (p.childrenLeft > 0)
        std::snprintf(children, sizeof children, ", root's children %d done %d to go",
                      p.childrenDone, p.childrenLeft);
    char text[280];
    std::snprintf(text, sizeof text,
                  "%.0f s, %llu nodes (%.0f/s), root proof %u disproof %u%s, table %zu entries "
                  "(%llu evicted)",
                  p.seconds, static_cast<unsigned long long>(p.nodes), rate, p.rootProof,
                  p.rootDisproof, children, p.tableEntries,
                  static_cast<unsigned long long>(p.tableEvictions));
    return text;
}

SolveStats SolveContext::finish() {
    stats_.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return stats_;
}

} // namespace hex
