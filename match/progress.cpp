#include "match/progress.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace hex::match {

Progress::Progress(int total, const std::string (&engines)[2], bool enabled, int resumed)
    : total_(total), resumed_(resumed), engines_{engines[0], engines[1]}, enabled_(enabled),
      terminal_(::isatty(2) != 0) {}

void Progress::update(const std::vector<GameRecord>& done) {
    if (!enabled_ || total_ == 0)
        return;
    const int n = static_cast<int>(done.size());
    const int tenth = n * 10 / total_;
    if (!terminal_ && tenth == lastTenth_ && n != total_)
        return;
    lastTenth_ = tenth;
    const Summary s = summarize(done);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const int eta = static_cast<int>(elapsed / std::max(1, n - resumed_) * (total_ - n));
    constexpr int kWidth = 24;
    const int filled = n * kWidth / total_;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "%s[%s] %d/%d  %s %d - %d %s  ETA %d:%02d%s", terminal_ ? "\r" : "",
                 bar.c_str(), n, total_, engines_[0].c_str(), s.wins[0], s.wins[1],
                 engines_[1].c_str(), eta / 60, eta % 60, terminal_ ? "  " : "\n");
    std::fflush(stderr);
    drawn_ = true;
}

void Progress::finish() {
    if (enabled_ && terminal_ && drawn_)
        std::fprintf(stderr, "\n");
}

} // namespace hex::match
