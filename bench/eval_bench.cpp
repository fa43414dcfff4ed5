// Evaluator speed: position value plus every cell value, single thread, on fixed positions.
// Run: eval_bench [--benchmark_filter=resistance] ; items_per_second is evaluations per second.

#include "eval/evaluator.h"
#include "eval/network/built_in.h"
#include "eval/network/network.h"
#include "eval/network/random_weights.h"

#include <benchmark/benchmark.h>

#include <sstream>
#include <string>
#include <vector>

namespace hex::eval {
namespace {

struct Position {
    const char* name;
    int size;
    const char* moves; // alternating from Black; a move that would end the game is skipped
};

// Middlegame-like positions (stones clustered around the centre, no winner yet).
constexpr Position kPositions[] = {
    {"11x11a", 11,
     "e5 i8 g7 c6 e9 e11 g6 g4 f5 h6 i7 f2 h7 e7 e6 h9 i5 c5 f4 d4 h5 h8 e3 e8 i4 f11 c7 f7 f6 b6"},
    {"11x11b", 11,
     "i9 f9 h7 f5 d6 g4 a7 g6 j6 f7 d5 e5 f2 e7 a6 h6 j4 e9 h8 c5 f6 h4 e10 b5 d7 f4 e1 i5 g5 i6"},
    {"11x11c", 11,
     "c7 h9 h10 h4 h5 i7 e1 a6 h6 g6 e3 g7 f5 c2 k5 i8 e9 f2 c5 b6 d7 g2 g8 c8 e7 i10 h11 h7 g4 "
     "e2"},
    {"13x13", 13,
     "d7 f5 h11 e6 g4 j6 j7 g3 d11 e13 l6 f4 h6 i10 g6 e3 i6 g1 a8 c9 g8 m7 c8 k5 c6 f2 h4 h8 k11 "
     "f6 g7 g10 i3 b8 g5 j8 c4 f9 f3 e4"},
    {"19x19", 19,
     "s10 k11 n15 j8 m9 j10 o10 h8 p8 m10 l7 o11 s8 i19 l8 k7 k9 p11 g14 h10 j12 h13 o15 g11 m13 "
     "n7 f12 f14 d10 k15 j5 c9 m14 q5 e7 d14 k8 i6 m5 i12 i9 j11 i5 n13 b10 g5 g12 h4 e11 p9 i8 "
     "j17 m8 c13 k10 i14 i7 h11 q6 j9 g4 g13 k12 m12 l12 o13 j4 l4 p10 i10 h6 c7 j6 f13 f9 n11 j3 "
     "k6 j18 h18"},
};

Board makeBoard(const Position& position) {
    Board board(position.size, position.size);
    std::istringstream moves(position.moves);
    Color color = Color::Black;
    for (std::string name; moves >> name;) {
        const Cell cell = *board.geometry().parse(name);
        board.play(cell, color);
        if (board.winner())
            board.undo();
        else
            color = opponent(color);
    }
    return board;
}

void evaluateWithCells(benchmark::State& state, std::string_view evaluatorName,
                       const EvaluatorConfig& config, const Position& position) {
    const Board board = makeBoard(position);
    auto evaluator = makeEvaluator(evaluatorName, config);
    std::vector<int> cells(static_cast<std::size_t>(board.geometry().cellCount()));
    const Color toMove = board.stoneCount() % 2 ? Color::White : Color::Black;
    for (auto _ : state) {
        benchmark::DoNotOptimize(evaluator->evaluateWithCells(board, toMove, cells));
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["stones"] = board.stoneCount();
}

void evaluateOnly(benchmark::State& state, std::string_view evaluatorName,
                  const EvaluatorConfig& config, const Position& position) {
    const Board board = makeBoard(position);
    auto evaluator = makeEvaluator(evaluatorName, config);
    const Color toMove = board.stoneCount() % 2 ? Color::White : Color::Black;
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluator->evaluate(board, toMove));
    state.SetItemsProcessed(state.iterations());
}

void registerFor(std::string_view name, const EvaluatorConfig& config, const std::string& label) {
    for (const Position& position : kPositions) {
        const std::string prefix = label + "/" + position.name;
        benchmark::RegisterBenchmark((prefix + "/cells").c_str(), evaluateWithCells, name, config,
                                     position);
        benchmark::RegisterBenchmark((prefix + "/value").c_str(), evaluateOnly, name, config,
                                     position);
    }
}

// The network evaluator's own heads (value and cells): with the evaluator's defaults (the mix
// and the circuit's cells) the circuit's build would be most of what is timed, and that is the
// resistance entry's.
void registerNetwork(std::shared_ptr<const network::Network> net, bool rotation,
                     const std::string& name) {
    EvaluatorConfig config;
    config.network = std::move(net);
    config.networkRotation = rotation;
    config.networkValue = "network";
    config.networkPolicy = "network";
    registerFor("network", config, name + (rotation ? "+rotation" : ""));
}

// A net of random weights of C channels, B blocks, value width V, through the file format
// (serialised and parsed again): the speed of a net size. Random weights make no subnormal
// numbers, a trained net's do (docs/network.md, "Subnormal numbers"), hence the built-in net's
// own entry.
void registerRandomNetwork(std::uint32_t c, std::uint32_t b, std::uint32_t v, bool rotation) {
    const std::string bytes = network::serializeWeights(network::randomWeights(c, b, v, 1));
    registerNetwork(
        std::make_shared<const network::Network>(network::parseWeights(bytes)), rotation,
        "network-c" + std::to_string(c) + "b" + std::to_string(b) + "v" + std::to_string(v));
}

// Every evaluator with its defaults, then resistance with every other link source
// ("resistance+bridges"), then the built-in net, then random nets of five sizes (C24 and C32
// with six blocks: the receptive field that spans 11x11 and 13x13 boards).
const bool kRegistered = [] {
    for (std::string_view name : evaluatorNames())
        if (name != "network") // needs a net: below
            registerFor(name, {}, std::string(name));
    for (std::string_view links : resistanceLinkNames())
        if (links != EvaluatorConfig{}.resistanceLinks)
            registerFor("resistance", {std::string(links)}, "resistance+" + std::string(links));
    registerNetwork(network::builtInNetwork(), false, "network-built-in");
    registerRandomNetwork(16, 2, 16, false);
    registerRandomNetwork(32, 3, 32, false);
    registerRandomNetwork(32, 3, 32, true);
    registerRandomNetwork(24, 6, 32, false);
    registerRandomNetwork(32, 6, 32, false);
    registerRandomNetwork(64, 4, 64, false);
    return true;
}();

} // namespace
} // namespace hex::eval

BENCHMARK_MAIN();
