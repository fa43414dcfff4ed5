#include "match/tournament.h"

#include "match/progress.h"
#include "match/resume.h"
#include "protocol/sgf.h"

#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace hex::match {

namespace {

std::string readText(const std::string& path, const std::string& what) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    if (!in || !(text << in.rdbuf()))
        throw std::runtime_error("cannot read the " + what + " '" + path + "'");
    return text.str();
}

void writeText(const std::filesystem::path& path, const std::string& text) {
    const auto temporary = path.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out || !(out << text) || !out.flush())
            throw std::runtime_error("cannot write '" + temporary + "'");
    }
    std::filesystem::rename(temporary, path); // readers never see a half-written file
}

std::string sgfEscape(std::string_view text) {
    std::string out;
    for (char ch : text) {
        if (ch == ']' || ch == '\\' || ch == ':')
            out += '\\';
        out += ch;
    }
    return out;
}

std::vector<Opening> openingsFor(const MatchConfig& config, int size) {
    std::variant<std::vector<Opening>, std::string> result;
    switch (config.openings) {
    case OpeningKind::None:
        return {Opening{}};
    case OpeningKind::EveryFirstMove:
        return everyFirstMove(size);
    case OpeningKind::File:
        result = parseOpeningFile(readText(config.openingFile, "opening file"));
        break;
    case OpeningKind::Balanced:
        result = balancedFirstMoves(readText(config.tablesFile, "opening tables"), size);
        break;
    }
    if (auto* error = std::get_if<std::string>(&result))
        throw std::runtime_error(*error);
    auto openings = std::get<std::vector<Opening>>(result);
    for (const auto& opening : openings)
        if (auto why = whyBadOpening(opening, size); !why.empty())
            throw std::runtime_error("opening '" + openingText(opening) + "': " + why);
    return openings;
}

// What else decides how the games are played, named only where it is not the default, so that
// results files of default runs stay as earlier versions wrote them.
std::string extraSettings(const MatchConfig& config) {
    std::vector<std::string> named;
    for (int e = 0; e < 2; ++e)
        if (!config.engines[e].setup.empty())
            named.push_back(
                fmt::format("setup{}={}", e + 1, fmt::join(config.engines[e].setup, ";")));
    const GameSettings defaults;
    if (config.settings.margin != defaults.margin)
        named.push_back(fmt::format("margin={}", config.settings.margin));
    if (config.settings.commandTimeout != defaults.commandTimeout)
        named.push_back(fmt::format("command_timeout={}", config.settings.commandTimeout));
    if (config.settings.chaos != defaults.chaos)
        named.push_back(fmt::format("chaos={} seed={}", config.settings.chaos, config.seed));
    return fmt::format("{}", fmt::join(named, " "));
}

// One worker's engines; a null link is (re)started before the next game.
class Seats {
public:
    Seats(const MatchConfig& config, int stderrFd) : config_(config), stderrFd_(stderrFd) {}
    ~Seats() {
        for (auto& link : links_)
            if (link)
                link->close();
    }

    // The engine's start-up failure, or an empty string once it runs.
    std::string ensure(int e, const std::atomic<bool>& stop) {
        if (links_[e])
            return "";
        const EngineSpec& spec = config_.engines[e];
        try {
            const std::string secret =
                spec.secretFile.empty() ? "" : firstLine(readText(spec.secretFile, "secret file"));
            links_[e] = EngineLink::open(spec.command, stderrFd_, secret);
            const auto deadline = [this] {
                return Clock::now() +
                       std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(config_.settings.commandTimeout));
            };
            links_[e]->command("name", deadline(), &stop);
            for (const auto& line : spec.setup)
                if (const Reply r = links_[e]->command(line, deadline(), &stop); !r.ok)
                    throw LinkFailure(LinkError::StartFailed,
                                      "set-up command '" + line + "' failed: " + r.payload);
            return "";
        } catch (const std::exception& error) {
            links_[e].reset();
            return error.what();
        }
    }
    EngineLink* link(int e) { return links_[e].get(); }
    void restart(int e) { links_[e].reset(); }

private:
    static std::string firstLine(const std::string& text) {
        std::string line = text.substr(0, text.find('\n'));
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        return line;
    }

    const MatchConfig& config_;
    int stderrFd_;
    std::unique_ptr<EngineLink> links_[2];
};

class Runner {
public:
    Runner(const MatchConfig& config, const std::vector<ScheduledGame>& games,
           const std::atomic<bool>& stop)
        : config_(config), games_(games), stop_(stop),
          info_(describe(config, static_cast<int>(buildScheduleSize(config)))),
          resume_(config.outDir.empty() ? ResumePoint{{}, games}
                                        : findResumePoint(config.outDir, info_, games)),
          progress_(static_cast<int>(games.size()), info_.engines, config.progress,
                    static_cast<int>(resume_.finished.size())),
          records_(resume_.finished) {}

    std::vector<GameRecord> run() {
        int stderrFd = -1;
        if (!config_.outDir.empty()) {
            announceResume();
            std::filesystem::create_directories(config_.outDir);
            const auto log = std::filesystem::path(config_.outDir) / "engine-stderr.log";
            stderrFd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        }
        std::vector<std::thread> workers;
        const int jobs = std::min<int>(config_.jobs, static_cast<int>(resume_.remaining.size()));
        for (int j = 0; j < jobs; ++j)
            workers.emplace_back([this, stderrFd] { work(stderrFd); });
        for (auto& worker : workers)
            worker.join();
        if (stderrFd >= 0)
            ::close(stderrFd);
        progress_.finish();
        if (failure_)
            std::rethrow_exception(failure_);
        std::sort(records_.begin(), records_.end(),
                  [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
        return records_;
    }

private:
    std::size_t buildScheduleSize(const MatchConfig& config) {
        return config.shard.n == 1 ? games_.size() : buildSchedule(config).size();
    }

    void announceResume() {
        if (resume_.remaining.empty())
            spdlog::info("{}: all {} games are played", config_.outDir, games_.size());
        else if (!resume_.finished.empty())
            spdlog::info("{} holds {} of these {} games; playing the other {}", config_.outDir,
                         resume_.finished.size(), games_.size(), resume_.remaining.size());
        if (const int removed = removeUnrecordedGameFiles(config_.outDir, resume_.finished))
            spdlog::info("removed {} SGF files of games that results.json does not hold", removed);
    }

    void work(int stderrFd) {
        try {
            Seats seats(config_, stderrFd); // its engines are stopped however the loop ends
            for (;;) {
                const std::size_t i = next_++;
                if (i >= resume_.remaining.size() || stop_ || failed_)
                    return;
                std::optional<GameRecord> record = playOne(seats, resume_.remaining[i]);
                if (!record)
                    return; // abandoned by the user
                finished(std::move(*record));
            }
        } catch (...) {
            // Writing a file failed, say: the other workers finish their games, then run()
            // throws this.
            std::lock_guard lock(mutex_);
            if (!failure_)
                failure_ = std::current_exception();
            failed_ = true;
        }
    }

    std::optional<GameRecord> playOne(Seats& seats, const ScheduledGame& scheduled) {
        GameRecord record;
        record.index = scheduled.index;
        record.size = scheduled.size;
        record.opening = openingText(scheduled.opening);
        record.blackEngine = scheduled.blackEngine;
        record.black = info_.engines[scheduled.blackEngine];
        record.white = info_.engines[1 - scheduled.blackEngine];
        const std::string errors[2] = {seats.ensure(0, stop_), seats.ensure(1, stop_)};
        if (stop_)
            return std::nullopt;
        GameSettings settings = config_.settings;
        settings.size = scheduled.size;
        GameOutcome outcome;
        outcome.game = Game(scheduled.size, scheduled.size);
        if (!errors[0].empty() || !errors[1].empty()) {
            for (int e = 0; e < 2; ++e)
                if (!errors[e].empty())
                    spdlog::error("{} did not start: {}", info_.engines[e], errors[e]);
            const int bad = errors[0].empty() ? 1 : 0;
            const Color badColor = bad == scheduled.blackEngine ? Color::Black : Color::White;
            if (errors[1 - bad].empty())
                outcome.winner = opponent(badColor);
            outcome.reason = std::string(colorName(badColor)) + " start failed: " + errors[bad];
        } else {
            EngineLink* links[2] = {seats.link(scheduled.blackEngine),
                                    seats.link(1 - scheduled.blackEngine)};
            Referee referee(settings, &stop_,
                            config_.seed * 1'000'003ULL +
                                static_cast<std::uint64_t>(scheduled.index));
            outcome = referee.play(links, scheduled.opening);
            if (outcome.abandoned)
                return std::nullopt;
            for (int e = 0; e < 2; ++e)
                record.rssKb[e] = seats.link(e)->residentKb().value_or(-1);
            if (outcome.failed) {
                const int bad = *outcome.failed == Color::Black ? scheduled.blackEngine
                                                                : 1 - scheduled.blackEngine;
                spdlog::warn("game {}: {} ({}); restarting it", scheduled.index + 1, outcome.reason,
                             info_.engines[bad]);
                seats.restart(bad);
            }
        }
        record.winner = outcome.winner ? std::string(colorName(*outcome.winner)) : "";
        record.reason = outcome.reason;
        record.plies = static_cast<int>(outcome.game.history().size());
        record.blackTime = outcome.timeUsed[0];
        record.whiteTime = outcome.timeUsed[1];
        if (!config_.outDir.empty()) {
            record.sgf = gameFileName(scheduled.index);
            writeText(std::filesystem::path(config_.outDir) / record.sgf,
                      gameSgf(outcome.game, record));
        }
        return record;
    }

    void finished(GameRecord record) {
        std::lock_guard lock(mutex_);
        records_.push_back(std::move(record));
        progress_.update(records_);
        if (!config_.outDir.empty())
            writeResults(config_.outDir, info_, records_);
    }

    const MatchConfig& config_;
    const std::vector<ScheduledGame>& games_;
    const std::atomic<bool>& stop_;
    TournamentInfo info_;
    ResumePoint resume_;
    Progress progress_;
    std::atomic<std::size_t> next_{0};
    std::mutex mutex_;
    std::vector<GameRecord> records_; // finished games, the resumed ones included
    std::atomic<bool> failed_{false};
    std::exception_ptr failure_;
};

} // namespace

std::vector<ScheduledGame> buildSchedule(const MatchConfig& config) {
    std::vector<std::vector<Opening>> openings;
    for (int size : config.sizes)
        openings.push_back(openingsFor(config, size));
    return makeSchedule(config.sizes, openings, config.games);
}

void nameEngines(MatchConfig& config) {
    for (auto& spec : config.engines) {
        if (!spec.name.empty())
            continue;
        const auto words = splitArguments(spec.command);
        spec.name = words.empty() ? "engine" : std::filesystem::path(words[0]).filename().string();
    }
    if (config.engines[0].name == config.engines[1].name) {
        config.engines[0].name += "-1";
        config.engines[1].name += "-2";
    }
}

TournamentInfo describe(const MatchConfig& config, int totalGames) {
    TournamentInfo info;
    for (int e = 0; e < 2; ++e) {
        info.engines[e] = config.engines[e].name;
        info.commands[e] = config.engines[e].command;
    }
    const char* kinds[] = {"none", "all", "file", "balanced"};
    std::ostringstream s;
    s << "sizes=" << fmt::format("{}", fmt::join(config.sizes, ","))
      << " openings=" << kinds[static_cast<int>(config.openings)]
      << (config.openings == OpeningKind::File ? ":" + config.openingFile : "")
      << " swap=" << (config.settings.swap ? "on" : "off")
      << " move_time=" << config.settings.moveTime << " clock=" << config.settings.gameClock
      << " games=" << config.games;
    info.settings = s.str();
    info.extraSettings = extraSettings(config);
    info.totalGames = totalGames;
    return info;
}

std::vector<GameRecord> runTournament(const MatchConfig& config,
                                      const std::vector<ScheduledGame>& games,
                                      const std::atomic<bool>& stop) {
    return Runner(config, games, stop).run();
}

void writeResults(const std::string& dir, const TournamentInfo& info,
                  std::vector<GameRecord> games) {
    std::sort(games.begin(), games.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
    std::filesystem::create_directories(dir);
    const std::filesystem::path path(dir);
    writeText(path / "results.json", resultsJson(info, games));
    writeText(path / "results.csv", resultsCsv(games));
    writeText(path / "summary.txt", summaryText(info, summarize(games)));
}

std::string gameSgf(const Game& game, const GameRecord& record) {
    std::string text = sgf::write(game, "ohmhex-match");
    std::string result = record.winner == "black" ? "B+" : record.winner == "white" ? "W+" : "Void";
    if (record.reason == "resign")
        result += "Resign";
    else if (record.reason != "connection" && !record.winner.empty())
        result += "Forfeit";
    // Root properties stay in alphabetical order, as HexGui writes them.
    const auto ff = text.find("FF[");
    text.insert(
        ff,
        "C[" + sgfEscape("game " + std::to_string(record.index + 1) + ": " + record.reason) + "]");
    const auto sz = text.find("SZ[");
    text.insert(sz, "PB[" + sgfEscape(record.black) + "]PW[" + sgfEscape(record.white) + "]RE[" +
                        result + "]");
    return text;
}

} // namespace hex::match
