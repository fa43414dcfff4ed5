#include "match/engine_link.h"
#include "match/match_command_line.h"
#include "match/merge.h"
#include "match/tournament.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <exception>
#include <iostream>

namespace {

std::atomic<bool> stopRequested{false};

// The first Ctrl-C (SIGTERM, SIGHUP) stops after the finished games are saved; a second one ends
// the program at once, and its engines with it: they run in process groups of their own, which
// the terminal's signals do not reach.
void onSignal(int signal) {
    if (!stopRequested.exchange(true))
        return;
    hex::match::killEveryEngine();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

int merge(const hex::match::MatchCommandLine& commandLine) {
    hex::match::TournamentInfo info;
    std::vector<hex::match::GameRecord> games;
    hex::match::mergeResults(commandLine.inputs, info, games);
    hex::match::copyGameFiles(commandLine.inputs, games, commandLine.config.outDir);
    hex::match::writeResults(commandLine.config.outDir, info, games);
    std::cout << hex::match::summaryText(info, hex::match::summarize(games));
    if (static_cast<int>(games.size()) < info.totalGames)
        std::cout << "note: " << games.size() << " of " << info.totalGames
                  << " scheduled games are present\n";
    return 0;
}

int play(hex::match::MatchCommandLine& commandLine) {
    hex::match::MatchConfig& config = commandLine.config;
    hex::match::nameEngines(config);
    const auto schedule = hex::match::buildSchedule(config);
    const auto games = hex::match::shardOf(schedule, config.shard);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
        std::signal(signal, onSignal);
    const auto records = hex::match::runTournament(config, games, stopRequested);
    const auto info = hex::match::describe(config, static_cast<int>(schedule.size()));
    if (!config.outDir.empty())
        hex::match::writeResults(config.outDir, info, records);
    std::cout << hex::match::summaryText(info, hex::match::summarize(records));
    if (stopRequested) {
        std::cerr << "ohmhex-match: stopped; " << records.size() << " finished games kept\n";
        return 130;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::set_terminate([] {
        hex::match::killEveryEngine();
        std::abort();
    });
    spdlog::set_default_logger(spdlog::stderr_color_mt("ohmhex-match"));
    auto commandLine = hex::match::parseMatchCommandLine(argc, argv);
    if (commandLine.help) {
        std::cout << hex::match::matchUsage();
        return 0;
    }
    if (!commandLine.error.empty()) {
        std::cerr << "ohmhex-match: " << commandLine.error << "\nTry 'ohmhex-match --help'.\n";
        return 2;
    }
    try {
        return commandLine.merge ? merge(commandLine) : play(commandLine);
    } catch (const std::exception& error) {
        std::cerr << "ohmhex-match: " << error.what() << "\n";
        return 1;
    }
}
