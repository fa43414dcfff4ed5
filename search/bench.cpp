#include "search/bench.h"

#include "core/game.h"
#include "eval/evaluator.h"
#include "search/search.h"

#include <array>
#include <cassert>
#include <charconv>
#include <chrono>
#include <ostream>
#include <sstream>
#include <string_view>

namespace hex {

namespace {

struct BenchPosition {
    int size;
    std::string_view moves; // played alternately from Black; "swap-pieces" allowed
};

// Never edit without updating test/bench_signature.txt.
constexpr std::array kPositions{
    // Openings.
    BenchPosition{5, ""},
    BenchPosition{5, "c3"},
    BenchPosition{6, ""},
    BenchPosition{7, "d4"},
    BenchPosition{8, "a8"},
    BenchPosition{9, ""},
    BenchPosition{11, ""},
    BenchPosition{11, "f6"},
    BenchPosition{13, ""},
    // After a swap.
    BenchPosition{6, "c4 swap-pieces"},
    BenchPosition{9, "e5 swap-pieces"},
    BenchPosition{11, "b3 swap-pieces d4"},
    // Middlegames.
    BenchPosition{7, "a4 e3 a3 d5 a1 e4 f5 c3"},
    BenchPosition{8, "h3 b2 d4 c4 e5 f4 a5 a4 b4 h4"},
    BenchPosition{9, "f2 d6 d5 e2 f3 i3 f5 g3 g4 g6 e3 f6"},
    BenchPosition{10, "i4 f6 e4 b4 f9 g8 g7 e7 c10 f7 g2 j9 e3 e6"},
    BenchPosition{11, "i7 f9 c8 i5 a3 f7 j3 e1 h11 h3 d6 k7 f10 e11 d4 g9"},
    BenchPosition{11, "g6 a4 d4 g5 h6 e6 g8 d5 b10 i5 d2 f6 k6 c1 i6 a6 a11 i7 e1 g1 c9 j2 a8 h3"},
    BenchPosition{12, "d4 b4 j8 l6 f3 f2 a8 j9 j7 d6 e3 a2 f6 e10 g8 j4 d10 g9"},
    BenchPosition{13, "i1 i4 d5 i9 j1 e1 f8 d7 g10 d4 d12 j6 g7 g6 e2 h7 f7 h4 c3 f5"},
    BenchPosition{13, "d7 j7 f5 f9 e3 b3 b10 h6 k4 i9 a1 c9 k3 j5 e5 e1 c2 h13 m5 a5 c13 h4 j8 "
                      "f7 g5 d11 h8 a6 i2 g10"},
    // Near the end: forced sequences, proven results.
    BenchPosition{5, "c5 b5 e5 c3 d5 b3 e3 e4 b4 e1"},
    BenchPosition{6, "e1 e4 a5 d5 d1 f2 d4 d3 b4 d2 c4 c1 c2 f1"},
    BenchPosition{7, "a2 b2 a6 c3 f3 b5 d1 d6 e1 g5 e3 f2 f5 d7 e5 b7 e2 g2 b6 f7 c2 c5"},
    BenchPosition{7, "d1 a1 d2 a2 d4 a3 d5 a4 d7 b1"},
    BenchPosition{8, "d1 a1 d2 a2 e3 a3 d5 a4 d6 b1 c8 b2"},
    BenchPosition{9, "f2 g4 i6 e5 b3 g3 f9 f7 c7 d3 b6 e8 b1 f1 d5 e6 d7 c9 b7 i8 d2 g1 b2 h7 "
                     "i1 a2 i9 i7 i2 h2 g8 c8 g5 i5"},
    BenchPosition{9, "e1 a1 e2 a2 e4 b1 e5 b2 e7 c1 e8 c2"},
    BenchPosition{11, "f1 a1 f2 a2 f3 a3 f5 b1 f6 b2 f8 b3 f9 c1 f10 c2"},
    BenchPosition{13, "g7 f8 h5 h6 i5 f6 j3 g5 k2 e7 e9 d8 d10 c9 c11"},
};

Game gameOf(const BenchPosition& position) {
    Game game(position.size, position.size);
    std::istringstream in{std::string(position.moves)};
    std::string word;
    while (in >> word) {
        const Color color = game.toMove();
        const Move move =
            word == "swap-pieces" ? Move::swapPieces() : Move::stone(*game.geometry().parse(word));
        assert(!game.whyIllegal(color, move));
        game.play(color, move);
    }
    return game;
}

} // namespace

std::optional<BenchTotals> runBench(const BenchSettings& settings, std::ostream& out,
                                    const StopFn& shouldStop) {
    const std::unique_ptr<eval::Evaluator> evaluator = eval::makeEvaluator(settings.evaluator);
    if (!evaluator)
        return std::nullopt;
    TranspositionTable table(BenchSettings::kTableMb);
    Search search(table, *evaluator);
    SearchLimits limits;
    limits.maxDepth = settings.depth;
    limits.width = BenchSettings::kWidth;
    limits.shouldStop = shouldStop;

    BenchTotals totals;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < kPositions.size(); ++i) {
        const Game game = gameOf(kPositions[i]);
        table.clear();
        const SearchResult r = search.run(game.board(), game.toMove(), limits);
        if (shouldStop && shouldStop()) {
            out << "bench interrupted after " << i << " of " << kPositions.size() << " positions\n";
            return totals;
        }
        totals.nodes += r.nodes;
        out << "position " << i + 1 << "/" << kPositions.size() << " " << game.geometry().width()
            << "x" << game.geometry().height() << " " << colorName(game.toMove()) << " depth "
            << r.depth << " best "
            << (r.best == kNoCell ? std::string("none") : game.geometry().name(r.best)) << " score "
            << scoreText(r.score) << " nodes " << r.nodes << "\n";
    }
    totals.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto nps =
        totals.seconds > 0
            ? static_cast<std::uint64_t>(static_cast<double>(totals.nodes) / totals.seconds)
            : 0;
    out << "Nodes searched: " << totals.nodes << "\n"
        << "Time (ms): " << static_cast<std::uint64_t>(totals.seconds * 1000) << "\n"
        << "Nodes/second: " << nps << "\n";
    return totals;
}

std::optional<BenchSettings> parseBenchArguments(std::span<const std::string> args,
                                                 std::string& error) {
    BenchSettings settings;
    if (args.size() > 2) {
        error = "usage: bench [depth] [evaluator]";
        return std::nullopt;
    }
    if (!args.empty()) {
        const std::string& text = args[0];
        int depth = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
        if (ec != std::errc{} || end != text.data() + text.size() || depth < 1 ||
            depth > SearchLimits::kMaxDepth) {
            error = "bench depth must be an integer from 1 to " +
                    std::to_string(SearchLimits::kMaxDepth) + ", not '" + text + "'";
            return std::nullopt;
        }
        settings.depth = depth;
    }
    if (args.size() == 2)
        settings.evaluator = args[1];
    if (!eval::makeEvaluator(settings.evaluator)) {
        error = "unknown evaluator '" + settings.evaluator + "'; known:";
        for (std::string_view name : eval::evaluatorNames())
            error += " " + std::string(name);
        return std::nullopt;
    }
    return settings;
}

int benchCommandLine(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    std::string error;
    const std::optional<BenchSettings> settings = parseBenchArguments(args, error);
    if (!settings) {
        err << "ohmhex bench: " << error << "\n";
        return 2;
    }
    runBench(*settings, out);
    return 0;
}

} // namespace hex
