// Solves every opening move of the given board sizes, one thread, and prints per opening the
// result (whether Black's first stone there wins), time, nodes and transposition-table hit rate.
//
// usage: solver_bench [sizes...] [--no-vc] [--no-inferior] [--no-inferior-moves] [--no-pattern]
//                     [--no-table] [--no-lookahead] [--dfpn-lookahead-max SIZE] [--no-dfpn]
//                     [--no-vc-cache] [--no-decomposition] [--no-winning-replies]
//                     [--analysis-memos N] [--own-connections] [--fresh] [--max-seconds S]
//                     [--max-nodes N] [--only CELL]... [--vc-limits FULLS SEMIS ORSEMIS]
//                     [--vc-ladders] [--vc-edge-windows] [--no-vc-edge-templates]
//                     [--vc-and-over-edge]
//                     [--sibling-phi-divisor D]
//                     [--delta-per-gap K] [--second-best-sixteenths E] [--vc-chain N]
//                     [--threads N] [--vc-timing] [--memory-mb MB] [--progress SECONDS]
//                     [--positions FILE [--shared-table]] [--solve-threads N]
//                     [--sample FILE --sample-every K]
//                     [--guesses N] [--guess-after NODES] [--root-favour F] [--favour-above S]
//                     [--children-in-turn] [--in-turn-when-lost SCORE] [--judge-after N]
//   sizes default to 6 7; --fresh clears the solver before each opening (Solver::clear: its
//   proofs, bounds, connection builds and caches; by default the openings of one size share
//   them, the table's symmetric hits included); --max-seconds bounds each opening (unknown beyond
//   it); --only solves the named openings only (repeatable); --dfpn-lookahead-max sets
//   SolverParams::dfpnLookaheadMaxSize (proof-number search's lookahead up to that board size);
//   --sibling-phi-divisor and --delta-per-gap set the fresh-child bounds (0 0: (1, 1));
//   --second-best-sixteenths sets the 1+epsilon rule's epsilon in sixteenths (default 4);
//   --no-winning-replies keeps the static move order (SolverParams::useWinningReplies off).
//   --no-decomposition solves a node whose mover has two regions as one (useDecomposition off).
//   --analysis-memos N keeps N fill-ins and inferior-move lists for the next visits of their
//   positions (0: none; SolverParams::analysisMemoEntries).
//   --own-connections builds the mover's own connections at every node (skipOwnConnections off).
//   --vc-chain N sets SolverParams::vcDerivationChain (0: every build from scratch).
//   --vc-ladders extends the solver's connections along second-row ladders (VcLimits::ladders,
//   on in the evaluation's builds, off in the solver's by default).
//   --vc-edge-windows adds the exact edge-window proofs to the solver's builds
//   (VcLimits::edgeWindows, off by default everywhere). --vc-and-over-edge lets the AND rule go
//   through the owner's edges (VcLimits::andOverEdge, off by default everywhere).
//   --no-vc-edge-templates leaves the built-in edge templates out of the solver's builds
//   (VcLimits::edgeTemplates, on in them by default; --vc-edge-templates puts them back).
//   --threads N solves the openings on N threads, each 180-degree pair on one solver (the
//   summary then gives wall time and the CPU time summed over threads).
//   --memory-mb MB sizes each solver's proof and bound tables to MB (Solver::setMemory; a full
//   table evicts its cheapest entries). --progress SECONDS: a progress line on stderr this often
//   while an opening is solved (default 10; 0: none).
//   --solve-threads N gives each solve N threads (SolverParams::threads: the search and N - 1
//   RootHelpers proving the root's other children); times are then CPU seconds of all of them.
//   --sample FILE writes every K-th node the proof-number search expands (--sample-every, 1000 by
//   default) to FILE, one line each: the board size, "b" and Black's stones, "w" and White's, and
//   the side to move (bench/move_list_compare.py --sampled compares the move lists there).
//   --guesses N: a solve still open after --guess-after nodes (20,000 by default) asks for the
//   first N moves of a depth-4 search as guesses of the root's winning moves and favours them
//   (search/solver_guesses.h, SolveLimits::guess; its time counts in the solve's), 3 by
//   default as in the engine's solve-state, 0 never; --root-favour F how strongly the root
//   favours them (SolverParams::rootFavour); --favour-above SCORE favours them only when the
//   guesser's score for the side to move is at least SCORE (SolverParams::favourAboveScore);
//   --guess-plies P: the nodes within P plies of the root ask too (SolverParams::guessPlies, 1:
//   the root only), each once it has cost --inner-guess-after nodes (20,000), and favour their
//   guesses --inner-favour times (16).
//   --children-in-turn proves the root's candidate moves one at a time, the guesses first, each
//   child a solve of its own asking for guesses at its root (SolverParams::rootChildrenInTurn).
//   --in-turn-when-lost SCORE: a root whose guesses come with a score below SCORE for its side to
//   move turns to its children in turn, without guesses below it (SolverParams::inTurnWhenLost,
//   lostBelowScore), judged once the root has cost --judge-after nodes (2,000); "off" leaves
//   the one search over them all.
//   --vc-timing instead times the H-search on pseudo-random 11x11 and 13x13 middlegames.
//   --positions FILE instead solves each position of FILE (one per line: the moves from the empty
//   board of the first size given, 11 by default; `#` starts a comment) for the side to move,
//   with a fresh solver each (Solver::clear)
//   (bench/agreement/positions-11x11-won.txt: middlegames proven won for the side to move), or
//   with --shared-table one table for all of them, as the replies to one opening share their
//   transpositions (White's reply x then y meets White's reply y then x).
#include "search/solver_guesses.h"
#include "solver/solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
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
    int threads = 1;               // openings solved in parallel, one solver each
    std::size_t memoryMb = 0;      // each solver's table budget (Solver::setMemory); 0: params
    double progressSeconds = 10;   // a progress line on stderr this often during an opening
    std::string positions;         // a file of positions to solve instead of openings
    bool sharedTable = false;      // --positions: one table for all of them
    std::string sampleFile;        // where the sampled nodes go (--sample); empty: none
    std::uint64_t sampleEvery = 1000;
    int guesses = 3; // root moves guessed by a short search (--guesses)
    std::uint64_t guessAfterNodes = hex::SolveLimits{}.guessAfterNodes;
};

// A board size given on the command line: digits only, 1 to 19 (what Geometry accepts).
std::optional<int> parseSize(std::string_view text) {
    int size = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), size);
    if (error != std::errc{} || end != text.data() + text.size() || size < 1 || size > 19)
        return std::nullopt;
    return size;
}

// The arguments, or nullopt after a message on stderr: an unknown option, an option without its
// value or a size out of range would otherwise run a different benchmark than the one asked for.
std::optional<Args> parse(int argc, char** argv) {
    Args args;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--no-vc")
            args.params.useConnections = false;
        else if (a == "--no-inferior")
            args.params.useInferior = false;
        else if (a == "--no-inferior-moves")
            args.params.useInferiorMoves = false;
        else if (a == "--own-connections")
            args.params.skipOwnConnections = false;
        else if (a == "--no-pattern")
            args.params.usePatternPruning = false;
        else if (a == "--no-lookahead")
            args.params.useLookahead = false;
        else if (a == "--dfpn-lookahead-max" && i + 1 < argc)
            args.params.dfpnLookaheadMaxSize = std::atoi(argv[++i]);
        else if (a == "--sibling-phi-divisor" && i + 1 < argc)
            args.params.dfpnSiblingPhiDivisor = std::atoi(argv[++i]);
        else if (a == "--delta-per-gap" && i + 1 < argc)
            args.params.dfpnDeltaPerScoreGap = std::atoi(argv[++i]);
        else if (a == "--second-best-sixteenths" && i + 1 < argc)
            args.params.dfpnSecondBestSixteenths = std::atoi(argv[++i]);
        else if (a == "--no-dfpn")
            args.params.useDfpn = false;
        else if (a == "--no-vc-cache")
            args.params.useVcCache = false;
        else if (a == "--no-decomposition")
            args.params.useDecomposition = false;
        else if (a == "--no-winning-replies")
            args.params.useWinningReplies = false;
        else if (a == "--analysis-memos" && i + 1 < argc)
            args.params.analysisMemoEntries = static_cast<std::size_t>(std::atoll(argv[++i]));
        else if (a == "--vc-ring" && i + 1 < argc)
            args.params.vcSnapshotsPerDepth = std::atoi(argv[++i]);
        else if (a == "--vc-chain" && i + 1 < argc)
            args.params.vcDerivationChain = std::atoi(argv[++i]);
        else if (a == "--no-table")
            args.params.useTable = false;
        else if (a == "--vc-timing")
            args.vcTiming = true;
        else if (a == "--fresh")
            args.fresh = true;
        else if (a == "--threads" && i + 1 < argc)
            args.threads = std::max(1, std::atoi(argv[++i]));
        else if (a == "--only" && i + 1 < argc)
            args.only.emplace_back(argv[++i]);
        else if (a == "--max-nodes" && i + 1 < argc)
            args.maxNodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--vc-limits" && i + 3 < argc) {
            args.params.vcLimits.maxFullPerPair = std::atoi(argv[++i]);
            args.params.vcLimits.maxSemiPerPair = std::atoi(argv[++i]);
            args.params.vcLimits.maxOrSemis = std::atoi(argv[++i]);
        } else if (a == "--vc-ladders")
            args.params.vcLimits.ladders = true;
        else if (a == "--vc-edge-windows")
            args.params.vcLimits.edgeWindows = true;
        else if (a == "--vc-and-over-edge")
            args.params.vcLimits.andOverEdge = true;
        else if (a == "--vc-edge-templates")
            args.params.vcLimits.edgeTemplates = true;
        else if (a == "--no-vc-edge-templates")
            args.params.vcLimits.edgeTemplates = false;
        else if (a == "--max-seconds" && i + 1 < argc)
            args.maxSeconds = std::atof(argv[++i]);
        else if (a == "--memory-mb" && i + 1 < argc)
            args.memoryMb = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--solve-threads" && i + 1 < argc)
            args.params.threads = std::max(1, std::atoi(argv[++i]));
        else if (a == "--positions" && i + 1 < argc)
            args.positions = argv[++i];
        else if (a == "--shared-table")
            args.sharedTable = true;
        else if (a == "--guesses" && i + 1 < argc)
            args.guesses = std::max(0, std::atoi(argv[++i]));
        else if (a == "--guess-after" && i + 1 < argc)
            args.guessAfterNodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--root-favour" && i + 1 < argc)
            args.params.rootFavour = std::max(1, std::atoi(argv[++i]));
        else if (a == "--favour-above" && i + 1 < argc)
            args.params.favourAboveScore = std::atoi(argv[++i]);
        else if (a == "--inner-guess-after" && i + 1 < argc)
            args.params.innerGuessAfterNodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--inner-favour" && i + 1 < argc)
            args.params.innerFavour = std::max(1, std::atoi(argv[++i]));
        else if (a == "--children-in-turn")
            args.params.rootChildrenInTurn = true;
        else if (a == "--judge-after" && i + 1 < argc)
            args.params.judgeAfterNodes = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--in-turn-when-lost" && i + 1 < argc) {
            const std::string score = argv[++i];
            args.params.inTurnWhenLost = score != "off";
            if (args.params.inTurnWhenLost)
                args.params.lostBelowScore = std::atoi(score.c_str());
        } else if (a == "--guess-plies" && i + 1 < argc)
            args.params.guessPlies = std::max(1, std::atoi(argv[++i]));
        else if (a == "--sample" && i + 1 < argc)
            args.sampleFile = argv[++i];
        else if (a == "--sample-every" && i + 1 < argc)
            args.sampleEvery = std::max<std::uint64_t>(1, std::strtoull(argv[++i], nullptr, 10));
        else if (a == "--progress" && i + 1 < argc)
            args.progressSeconds = std::atof(argv[++i]);
        else if (const std::optional<int> size = parseSize(a))
            args.sizes.push_back(*size);
        else {
            std::fprintf(stderr,
                         "solver_bench: '%s' is neither a board size (1-19) nor an option with "
                         "its value (the usage is at the top of bench/solver_bench.cpp)\n",
                         argv[i]);
            return std::nullopt;
        }
    }
    if (args.sharedTable && args.positions.empty()) {
        std::fprintf(stderr, "solver_bench: --shared-table goes with --positions\n");
        return std::nullopt;
    }
    if (args.sizes.empty())
        args.sizes = args.positions.empty() ? std::vector{6, 7} : std::vector{11};
    return args;
}

// CPU time by one of the POSIX clocks: the machine is shared, so wall time overstates the work.
double cpuSeconds(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double threadCpuSeconds() { return cpuSeconds(CLOCK_THREAD_CPUTIME_ID); }

// The CPU time of a solve: of this thread, or of the whole process when each solve has helper
// threads (only then; with --threads the openings' threads run at once).
double solveCpuSeconds(const Args& args) {
    return args.params.threads <= 1 ? threadCpuSeconds() : cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
}

double rate(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

struct Opening {
    hex::Cell cell = hex::kNoCell;
    hex::SolveResult result;
    double cpu = 0; // seconds of the solving thread
};

// The engine's guesses (solve-state): a short search's first moves, asked by a solve that runs
// long.
void setGuesses(hex::SolveLimits& limits, const Args& args) {
    if (args.guesses == 0)
        return;
    limits.guessAfterNodes = args.guessAfterNodes;
    limits.guess = [count = args.guesses](const hex::Board& board, hex::Color toMove,
                                          const hex::StopFn& stop) {
        return hex::solverGuesses(board, toMove, count, stop);
    };
}

// One line a position: "8 b d1 c4 w e5 black" (the size, each colour's stones, the side to move).
std::string describePosition(const hex::Board& board, hex::Color toMove) {
    const hex::Geometry& g = board.geometry();
    std::string line = std::to_string(g.width());
    for (const hex::Color colour : {hex::Color::Black, hex::Color::White}) {
        line += colour == hex::Color::Black ? " b" : " w";
        for (hex::Cell c = 0; c < g.cellCount(); ++c)
            if (board.has(c, colour))
                line += " " + g.name(c);
    }
    return line + (toMove == hex::Color::Black ? " black" : " white");
}

// Appends every K-th expanded node to the sample file (openings solved on several threads share
// it, hence the lock).
std::function<void(const hex::Board&, hex::Color)> nodeSampler(const Args& args) {
    static std::mutex fileLock;
    auto count = std::make_shared<std::uint64_t>(0);
    const std::string file = args.sampleFile;
    const std::uint64_t every = args.sampleEvery;
    return [count, file, every](const hex::Board& board, hex::Color toMove) {
        if (++*count % every != 0)
            return;
        const std::lock_guard lock(fileLock);
        std::ofstream(file, std::ios::app) << describePosition(board, toMove) << '\n';
    };
}

Opening solveOpening(hex::Solver& solver, const hex::Geometry& g, hex::Cell c, const Args& args) {
    if (args.fresh)
        solver.clear();
    hex::Board board(g);
    board.play(c, hex::Color::Black);
    hex::SolveLimits limits;
    limits.maxSeconds = args.maxSeconds;
    limits.maxNodes = args.maxNodes;
    if (args.progressSeconds > 0) {
        const std::string name = g.name(c);
        limits.progressSeconds = args.progressSeconds;
        limits.progress = [name](const hex::SolveProgress& p) {
            std::fprintf(stderr, "  %s: %s\n", name.c_str(), hex::describeProgress(p).c_str());
        };
    }
    if (!args.sampleFile.empty())
        limits.expanded = nodeSampler(args);
    const double cpuStart = solveCpuSeconds(args);
    setGuesses(limits, args);
    Opening o{c, solver.solve(board, hex::Color::White, limits), 0};
    o.cpu = solveCpuSeconds(args) - cpuStart;
    return o;
}

const char* verdict(const hex::SolveResult& r) {
    return !r.winner ? "unknown" : *r.winner == hex::Color::Black ? "WIN" : "LOSS";
}

void printOpening(const hex::Geometry& g, const Opening& o) {
    const hex::SolveStats& s = o.result.stats;
    std::printf("%-4s %-7s %9.3f s (cpu %8.3f s) %10llu nodes %10llu lookaheads  tt hits "
                "%5.1f%%\n",
                g.name(o.cell).c_str(), verdict(o.result), s.seconds, o.cpu,
                static_cast<unsigned long long>(s.nodes),
                static_cast<unsigned long long>(s.lookaheads), rate(s.tableHits, s.tableLookups));
    std::fflush(stdout);
}

void printSummary(int n, const hex::Geometry& g, std::vector<Opening> done, double wall) {
    std::sort(done.begin(), done.end(),
              [](const Opening& a, const Opening& b) { return a.cell < b.cell; });
    hex::SolveStats total;
    double totalCpu = 0;
    const Opening* worst = nullptr;
    std::string wins;
    std::string losses;
    int unknown = 0;
    for (const Opening& o : done) {
        total += o.result.stats;
        totalCpu += o.cpu;
        if (worst == nullptr || o.cpu > worst->cpu)
            worst = &o;
        if (!o.result.winner)
            ++unknown;
        else
            (*o.result.winner == hex::Color::Black ? wins : losses) += " " + g.name(o.cell);
    }
    std::printf("OPEN %dx%d WIN:%s\nOPEN %dx%d LOSS:%s\n", n, n, wins.c_str(), n, n,
                losses.c_str());
    std::printf("total %dx%d: %.3f s wall (cpu %.3f s), %llu nodes (+%llu lookaheads), %llu VC "
                "builds (%llu derived), VC cache hits %llu, inferior moves pruned %llu, memo hits "
                "%llu, splits %llu, roots in turn %llu, tt hits %.1f%%, worst %s "
                "cpu %.3f s, unknown %d\n",
                n, n, wall, totalCpu, static_cast<unsigned long long>(total.nodes),
                static_cast<unsigned long long>(total.lookaheads),
                static_cast<unsigned long long>(total.vcBuilds),
                static_cast<unsigned long long>(total.vcDerived),
                static_cast<unsigned long long>(total.vcCacheHits),
                static_cast<unsigned long long>(total.prunedMoves),
                static_cast<unsigned long long>(total.memoHits),
                static_cast<unsigned long long>(total.splits),
                static_cast<unsigned long long>(total.rootsInTurn),
                rate(total.tableHits, total.tableLookups),
                worst ? g.name(worst->cell).c_str() : "-", worst ? worst->cpu : 0.0, unknown);
}

// The openings to solve, in groups that one solver takes in turn. One thread: a single group
// in board order (an opening whose 180-degree rotation came earlier is a table hit). Several
// threads: each opening with its rotation, so that the second stays a table hit.
std::vector<std::vector<hex::Cell>> openingGroups(const hex::Geometry& g, const Args& args) {
    auto wanted = [&](hex::Cell c) {
        return args.only.empty() ||
               std::find(args.only.begin(), args.only.end(), g.name(c)) != args.only.end();
    };
    std::vector<std::vector<hex::Cell>> groups;
    if (args.threads <= 1)
        groups.emplace_back();
    for (hex::Cell c = 0; c < g.cellCount(); ++c) {
        if (!wanted(c))
            continue;
        const hex::Cell r = g.cellCount() - 1 - c; // the 180-degree rotation
        if (args.threads <= 1)
            groups.front().push_back(c);
        else if (r >= c)
            groups.push_back(r > c && wanted(r) ? std::vector{c, r} : std::vector{c});
        else if (!wanted(r))
            groups.push_back({c});
    }
    return groups;
}

void solveSize(int n, const Args& args) {
    const hex::Geometry& g = hex::Geometry::of(n, n);
    const auto groups = openingGroups(g, args);
    std::printf("== %dx%d openings (Black's first stone; White to move), %d thread(s)\n", n, n,
                std::max(1, args.threads));
    std::vector<Opening> done;
    std::mutex doneMutex;
    std::atomic<std::size_t> nextGroup{0};
    auto work = [&] {
        hex::Solver solver(args.params); // one table per thread: the solver is single-threaded
        if (args.memoryMb > 0)
            solver.setMemory(args.memoryMb << 20);
        for (std::size_t i; (i = nextGroup++) < groups.size();) {
            for (hex::Cell c : groups[i]) {
                const Opening o = solveOpening(solver, g, c, args);
                const std::lock_guard lock(doneMutex);
                printOpening(g, o);
                done.push_back(o);
            }
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int t = 1; t < args.threads; ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    printSummary(n, g, std::move(done), wall.count());
}

// Average build time (CPU) of both colours' connections over positions of `stones` random stones
// (alternating colours, no winner yet), a fixed seed so that runs compare.
// Plays `stones` shuffled cells, alternating colours starting with Black.
hex::Board boardWithStones(int n, const std::vector<hex::Cell>& cells, int stones) {
    hex::Board board(n, n);
    for (int i = 0; i < stones; ++i)
        board.play(cells[static_cast<std::size_t>(i)],
                   i % 2 == 0 ? hex::Color::Black : hex::Color::White);
    return board;
}

// Times both colours' builds on pseudo-random positions: from scratch, and derived from the
// builds two plies earlier (Connections::buildFrom, what the solver does below the root).
void timeConnections(int n, int stones, const hex::VcLimits& limits) {
    std::mt19937 rng(static_cast<unsigned>(n * 1000 + stones));
    hex::Connections vcs(limits);
    std::array<hex::VcSnapshot, 2> earlier;
    constexpr int kPositions = 20;
    double total = 0;
    double worst = 0;
    double derivedTotal = 0;
    long fulls = 0;
    long semis = 0;
    long derivedFulls = 0;
    long derivedSemis = 0;
    for (int done = 0; done < kPositions;) {
        std::vector<hex::Cell> cells = hex::Board(n, n).emptyCells();
        std::shuffle(cells.begin(), cells.end(), rng);
        const hex::Board board = boardWithStones(n, cells, stones);
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
        const hex::Board before = boardWithStones(n, cells, stones - 2);
        for (hex::Color color : {hex::Color::Black, hex::Color::White}) {
            vcs.build(before, color);
            vcs.snapshot(earlier[color == hex::Color::Black ? 0 : 1]);
        }
        const double derivedStart = threadCpuSeconds();
        for (const hex::VcSnapshot& base : earlier) {
            vcs.buildFrom(base, board);
            derivedFulls += vcs.fullCount();
            derivedSemis += vcs.semiCount();
        }
        derivedTotal += threadCpuSeconds() - derivedStart;
    }
    std::printf("%dx%d, %d stones: %.2f ms CPU per position (both colours), worst %.2f ms, "
                "%ld fulls and %ld semis per position; derived from two plies earlier %.2f ms, "
                "%ld fulls and %ld semis\n",
                n, n, stones, 1000 * total / kPositions, 1000 * worst, fulls / kPositions,
                semis / kPositions, 1000 * derivedTotal / kPositions, derivedFulls / kPositions,
                derivedSemis / kPositions);
}

// Solves every position of args.positions for the side to move; one line per position and a
// total, in the format of the openings.
int solvePositions(const Args& args) {
    std::ifstream in(args.positions);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", args.positions.c_str());
        return 1;
    }
    const int n = args.sizes.front();
    const hex::Geometry& g = hex::Geometry::of(n, n);
    hex::Solver solver(args.params);
    if (args.memoryMb > 0)
        solver.setMemory(args.memoryMb << 20);
    int index = 0;
    int proven = 0;
    double totalCpu = 0;
    double totalWall = 0;
    std::uint64_t totalNodes = 0;
    for (std::string line; std::getline(in, line);) {
        line = line.substr(0, line.find('#'));
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        ++index;
        const std::optional<hex::Board> board = hex::positionAfter(g, line);
        if (!board) {
            std::fprintf(stderr, "line %d: not a position on %dx%d\n", index, n, n);
            return 1;
        }
        if (!args.sharedTable)
            solver.clear();
        hex::SolveLimits limits;
        limits.maxSeconds = args.maxSeconds;
        limits.maxNodes = args.maxNodes;
        const hex::Color toMove =
            board->stoneCount() % 2 == 0 ? hex::Color::Black : hex::Color::White;
        const double cpuStart = solveCpuSeconds(args);
        setGuesses(limits, args);
        const hex::SolveResult r = solver.solve(*board, toMove, limits);
        const double cpu = solveCpuSeconds(args) - cpuStart;
        totalCpu += cpu;
        totalWall += r.stats.seconds;
        totalNodes += r.stats.nodes;
        proven += r.winner ? 1 : 0;
        const bool won = r.winner && *r.winner == toMove;
        std::printf("%3d %-7s %8.3f s (cpu %8.3f s) %9llu nodes%s%s\n", index,
                    !r.winner ? "unknown"
                    : won     ? "WIN"
                              : "LOSS",
                    r.stats.seconds, cpu, static_cast<unsigned long long>(r.stats.nodes),
                    won ? " by " : "", won ? g.name(r.winningMove).c_str() : "");
        std::fflush(stdout);
    }
    std::printf("total %d positions: %d proven, %.3f s wall (cpu %.3f s), %llu nodes\n", index,
                proven, totalWall, totalCpu, static_cast<unsigned long long>(totalNodes));
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::optional<Args> parsed = parse(argc, argv);
    if (!parsed)
        return 2;
    const Args& args = *parsed;
    if (args.vcTiming) {
        for (const auto& [n, stones] :
             {std::pair{11, 20}, std::pair{11, 40}, std::pair{13, 30}, std::pair{13, 60}})
            timeConnections(n, stones, args.params.vcLimits);
        return 0;
    }
    if (!args.positions.empty())
        return solvePositions(args);
    for (int n : args.sizes)
        solveSize(n, args);
    return 0;
}
