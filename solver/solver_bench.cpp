// Solves every opening move of the given board sizes, one thread, and prints per opening the
// result (whether Black's first stone there wins), time, nodes and transposition-table hit rate.
//
// usage: solver_bench [sizes...] [--no-vc] [--no-inferior] [--no-pattern] [--no-table]
//                     [--no-lookahead] [--dfpn-lookahead-max SIZE] [--no-dfpn] [--no-vc-cache]
//                     [--fresh] [--max-seconds S] [--max-nodes N] [--only CELL]...
//                     [--vc-limits FULLS SEMIS ORSEMIS] [--vc-timing]
//   sizes default to 6 7; --fresh clears the table before each opening (by default it is shared
//   by the openings of one size); --max-seconds bounds each opening (unknown beyond it); --only
//   solves the named openings only (repeatable); --dfpn-lookahead-max sets
//   SolverParams::dfpnLookaheadMaxSize (proof-number search's lookahead up to that board size).
//   --vc-timing instead times the H-search on pseudo-random 11x11 and 13x13 middlegames.
#include "solver/solver.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

struct Args {
    std::vector<int> sizes;
    hex::SolverParams params;
    bool fresh = false;
    bool vcTiming = false;
    double maxSeconds = 0;
    std::uint64_t maxNodes = 0;
    std::vector<std::string> only; // opening cells to solve; empty: all
};

Args parse(int argc, char** argv) {
    Args args;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--no-vc")
            args.params.useConnections = false;
        else if (a == "--no-inferior")
            args.params.useInferior = false;
        else if (a == "--no-pattern")
            args.params.usePatternPruning = false;
        else if (a == "--no-lookahead")
            args.params.useLookahead = false;
        else if (a == "--dfpn-lookahead-max" && i + 1 < argc)
            args.params.dfpnLookaheadMaxSize = std::atoi(argv[++i]);
        else if (a == "--no-dfpn")
            args.params.useDfpn = false;
        else if (a == "--no-vc-cache")
            args.params.useVcCache = false;
        else if (a == "--no-table")
            args.params.useTable = false;
        else if (a == "--vc-timing")
            args.vcTiming = true;
        else if (a == "--fresh")
            args.fresh = true;
        else if (a == "--only" && i + 1 < argc)
            args.only.emplace_back(argv[++i]);
        else if (a == "--max-nodes" && i + 1 < argc)
            args.maxNodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--vc-limits" && i + 3 < argc) {
            args.params.vcLimits.maxFullPerPair = std::atoi(argv[++i]);
            args.params.vcLimits.maxSemiPerPair = std::atoi(argv[++i]);
            args.params.vcLimits.maxOrSemis = std::atoi(argv[++i]);
        } else if (a == "--max-seconds" && i + 1 < argc)
            args.maxSeconds = std::atof(argv[++i]);
        else
            args.sizes.push_back(std::atoi(argv[i]));
    }
    if (args.sizes.empty())
        args.sizes = {6, 7};
    return args;
}

// CPU time of this thread: the machine is shared, so wall time overstates the work.
double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double rate(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

void solveSize(int n, const Args& args) {
    hex::Solver solver(args.params);
    const hex::Geometry& g = hex::Geometry::of(n, n);
    hex::SolveStats total;
    double worst = 0; // cpu seconds
    double totalCpu = 0;
    std::string worstCell;
    std::string wins;
    std::string losses;
    int unknown = 0;
    std::printf("== %dx%d openings (Black's first stone; White to move)\n", n, n);
    for (hex::Cell c = 0; c < g.cellCount(); ++c) {
        if (!args.only.empty() &&
            std::find(args.only.begin(), args.only.end(), g.name(c)) == args.only.end())
            continue;
        if (args.fresh)
            solver.clearTable();
        hex::Board board(g);
        board.play(c, hex::Color::Black);
        hex::SolveLimits limits;
        limits.maxSeconds = args.maxSeconds;
        limits.maxNodes = args.maxNodes;
        const double cpuStart = threadCpuSeconds();
        const hex::SolveResult r = solver.solve(board, hex::Color::White, limits);
        const double cpu = threadCpuSeconds() - cpuStart;
        const char* verdict = !r.winner                        ? "unknown"
                              : *r.winner == hex::Color::Black ? "WIN"
                                                               : "LOSS";
        std::printf("%-4s %-7s %9.3f s (cpu %8.3f s) %10llu nodes %10llu lookaheads  tt hits "
                    "%5.1f%%\n",
                    g.name(c).c_str(), verdict, r.stats.seconds, cpu,
                    static_cast<unsigned long long>(r.stats.nodes),
                    static_cast<unsigned long long>(r.stats.lookaheads),
                    rate(r.stats.tableHits, r.stats.tableLookups));
        std::fflush(stdout);
        total.nodes += r.stats.nodes;
        total.tableHits += r.stats.tableHits;
        total.tableLookups += r.stats.tableLookups;
        total.lookaheads += r.stats.lookaheads;
        total.seconds += r.stats.seconds;
        totalCpu += cpu;
        total.vcBuilds += r.stats.vcBuilds;
        total.vcCacheHits += r.stats.vcCacheHits;
        if (cpu > worst) {
            worst = cpu;
            worstCell = g.name(c);
        }
        if (!r.winner)
            ++unknown;
        else
            (*r.winner == hex::Color::Black ? wins : losses) += " " + g.name(c);
    }
    std::printf("OPEN %dx%d WIN:%s\nOPEN %dx%d LOSS:%s\n", n, n, wins.c_str(), n, n,
                losses.c_str());
    std::printf("total %dx%d: %.3f s (cpu %.3f s), %llu nodes (+%llu lookaheads), %llu VC builds, "
                "VC cache hits %llu, tt hits %.1f%%, worst %s cpu %.3f s, unknown %d\n",
                n, n, total.seconds, totalCpu, static_cast<unsigned long long>(total.nodes),
                static_cast<unsigned long long>(total.lookaheads),
                static_cast<unsigned long long>(total.vcBuilds),
                static_cast<unsigned long long>(total.vcCacheHits),
                rate(total.tableHits, total.tableLookups), worstCell.c_str(), worst, unknown);
}

// Average build time (CPU) of both colours' connections over positions of `stones` random stones
// (alternating colours, no winner yet), a fixed seed so that runs compare.
void timeConnections(int n, int stones, const hex::VcLimits& limits) {
    std::mt19937 rng(static_cast<unsigned>(n * 1000 + stones));
    hex::Connections vcs(limits);
    constexpr int kPositions = 20;
    double total = 0;
    double worst = 0;
    long fulls = 0;
    long semis = 0;
    for (int done = 0; done < kPositions;) {
        hex::Board board(n, n);
        std::vector<hex::Cell> cells = board.emptyCells();
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < stones; ++i)
            board.play(cells[static_cast<std::size_t>(i)],
                       i % 2 == 0 ? hex::Color::Black : hex::Color::White);
        if (board.winner())
            continue;
        ++done;
        const double start = threadCpuSeconds();
        for (hex::Color color : {hex::Color::Black, hex::Color::White}) {
            vcs.build(board, color);
            fulls += vcs.fullCount();
            semis += vcs.semiCount();
        }
        const double s = threadCpuSeconds() - start;
        total += s;
        worst = std::max(worst, s);
    }
    std::printf("%dx%d, %d stones: %.2f ms CPU per position (both colours), worst %.2f ms, "
                "%ld fulls and %ld semis per position\n",
                n, n, stones, 1000 * total / kPositions, 1000 * worst, fulls / kPositions,
                semis / kPositions);
}

} // namespace

int main(int argc, char** argv) {
    const Args args = parse(argc, argv);
    if (args.vcTiming) {
        for (const auto& [n, stones] :
             {std::pair{11, 20}, std::pair{11, 40}, std::pair{13, 30}, std::pair{13, 60}})
            timeConnections(n, stones, args.params.vcLimits);
        return 0;
    }
    for (int n : args.sizes)
        solveSize(n, args);
    return 0;
}
