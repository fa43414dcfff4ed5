#include "selfplay/self_play.h"

#include "engine/logging.h"
#include "engine/player_settings.h"
#include "eval/evaluator.h"
#include "eval/network/built_in.h"
#include "eval/network/weights_file.h"
#include "selfplay/game_record.h"
#include "selfplay/records_file.h"
#include "selfplay/self_play_game.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <ostream>
#include <stdexcept>

namespace hex::selfplay {

namespace {

std::atomic<bool> stopRequested{false};

// Loads the net of network_file into config.network ("" is the built-in net); the reason when
// the file cannot be used, "" otherwise.
std::string loadNetwork(SelfPlayConfig& config) {
    const std::string path = config.options.getString("network_file");
    try {
        config.network = path.empty() ? eval::network::builtInNetwork()
                                      : std::make_shared<const eval::network::Network>(
                                            eval::network::readWeightsFile(path));
    } catch (const std::exception& error) {
        return error.what();
    }
    return "";
}

// The first SIGINT or SIGTERM stops the game in progress (it is not written); a second one
// ends the process at once.
void onSignal(int signal) {
    if (!stopRequested.exchange(true))
        return;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

// The progress lines, on stderr whatever log_level keeps of the search's own logging.
spdlog::logger& progressLog() {
    static const auto logger = [] {
        auto made = std::make_shared<spdlog::logger>(
            "selfplay", std::make_shared<spdlog::sinks::stderr_sink_mt>());
        made->set_pattern("[%H:%M:%S.%e] [selfplay] %v");
        return made;
    }();
    return *logger;
}

std::string endText(const GameRecord& record) {
    const int plies = static_cast<int>(record.moves.size());
    if (record.proven.back() != 0)
        return fmt::format("proven at ply {}", plies);
    return fmt::format("connected after {} plies", plies);
}

} // namespace

RunSummary runSelfPlay(const SelfPlayConfig& config, const StopFn& shouldStop) {
    const nlohmann::ordered_json settings = recordSettings(config);
    const ExistingRecords existing = readRecordsFile(config.out, config, settings);
    std::vector<int> todo;
    RunSummary summary;
    for (int game = 0; game < config.games; ++game) {
        if (!config.shard.plays(game))
            continue;
        if (existing.games.count(game))
            ++summary.held;
        else
            todo.push_back(game);
    }
    progressLog().info("{}: {} games to play, {} already there (shard {}/{} of games 0..{})",
                       config.out, todo.size(), summary.held, config.shard.index,
                       config.shard.count, config.games - 1);
    RecordsWriter writer(config.out, existing);
    SelfPlayer player(config);
    const auto start = std::chrono::steady_clock::now();
    for (const int game : todo) {
        const std::optional<GameRecord> record = player.play(game, shouldStop);
        if (!record) {
            summary.stopped = true;
            progressLog().info("stopped; game {} is not written", game);
            break;
        }
        writer.append(recordLine(*record, settings));
        ++summary.played;
        const double minutes =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
        progressLog().info("game {} ({}x{}): {} wins, {}; {} of {} done, {:.1f} games/min", game,
                           record->size, record->size, colorName(record->winner), endText(*record),
                           summary.played, todo.size(), summary.played / minutes);
    }
    return summary;
}

int selfPlayCommandLine(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
    const ParsedSelfPlay parsed = parseSelfPlayArguments(args);
    if (parsed.help) {
        out << selfPlayUsage();
        return 0;
    }
    SelfPlayConfig config = parsed.config;
    std::string error = parsed.error;
    if (error.empty())
        error = loadNetwork(config);
    if (error.empty() && !eval::makeEvaluator(config.options.getString("evaluator"),
                                              evaluatorConfig(config.options, config.network)))
        error = "the evaluator '" + config.options.getString("evaluator") +
                "' cannot be made with these options";
    if (!error.empty()) {
        err << "ohmhex selfplay: " << error << "\nTry 'ohmhex selfplay --help'.\n";
        return 2;
    }
    if (auto why = configureLogging(config.options)) {
        err << "ohmhex selfplay: " << *why << "\n";
        return 2;
    }
    for (const int signal : {SIGINT, SIGTERM})
        std::signal(signal, onSignal);
    try {
        const RunSummary summary = runSelfPlay(config, [] { return stopRequested.load(); });
        return summary.stopped ? 130 : 0;
    } catch (const std::exception& e) {
        err << "ohmhex selfplay: " << e.what() << "\n";
        return 1;
    }
}

} // namespace hex::selfplay
