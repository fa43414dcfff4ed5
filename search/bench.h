#pragma once

#include "core/stop.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>

namespace hex {

// The functional signature of the search (see docs/search.md, "bench"): a fixed set of
// positions, each searched from a cleared table to a fixed depth on one thread, with a fixed
// table size and width. The total node count changes exactly when the search's behaviour does;
// test/bench_signature.txt stores it for the defaults.
struct BenchSettings {
    static constexpr int kDefaultDepth = 3;
    static constexpr int kWidth = 10;
    static constexpr std::size_t kTableMb = 16;

    int depth = kDefaultDepth;
    // Not the engine's default (network): the net's floats are summed in the order of the
    // build machine's vector width, so its values, and the node count with them, could differ
    // between machines; the circuit's arithmetic is the same on every machine.
    std::string evaluator = "resistance";
};

struct BenchTotals {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

// Writes one line per position, then "Nodes searched: N", the time and the node rate, to `out`.
// nullopt (and nothing written) for an unknown evaluator name. When `shouldStop` says so, it
// stops at once: the positions finished so far, then "bench interrupted after K of N positions"
// instead of the totals (a partial count is no signature).
std::optional<BenchTotals> runBench(const BenchSettings& settings, std::ostream& out,
                                    const StopFn& shouldStop = {});

// Reads "[depth] [evaluator]" (each optional); nullopt with `error` set when invalid.
std::optional<BenchSettings> parseBenchArguments(std::span<const std::string> args,
                                                 std::string& error);

// `ohmhex bench [depth] [evaluator]`: the bench on `out`, or a message on `err`. The exit status.
int benchCommandLine(std::span<const std::string> args, std::ostream& out, std::ostream& err);

} // namespace hex
