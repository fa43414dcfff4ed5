#include "match/results.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace hex::match {

namespace {

// Seconds as results.json always wrote them ("%.10g"), so the file stays byte for byte what
// earlier versions wrote: ten significant digits, and whole numbers without ".0".
nlohmann::json secondsJson(double seconds) {
    const double rounded = std::stod(fmt::format("{:.10g}", seconds));
    if (std::isfinite(rounded) && std::abs(rounded) < 1e15 && rounded == std::trunc(rounded))
        return static_cast<long long>(rounded);
    return rounded;
}

nlohmann::json gameJson(const GameRecord& g) {
    return {{"index", g.index},
            {"size", g.size},
            {"opening", g.opening},
            {"black_engine", g.blackEngine},
            {"black", g.black},
            {"white", g.white},
            {"winner", g.winner},
            {"reason", g.reason},
            {"plies", g.plies},
            {"black_time", secondsJson(g.blackTime)},
            {"white_time", secondsJson(g.whiteTime)},
            {"sgf", g.sgf},
            {"rss_kb", {g.rssKb[0], g.rssKb[1]}}};
}

GameRecord gameFromJson(const nlohmann::json& j) {
    GameRecord g;
    j.at("index").get_to(g.index);
    j.at("size").get_to(g.size);
    j.at("opening").get_to(g.opening);
    j.at("black_engine").get_to(g.blackEngine);
    j.at("black").get_to(g.black);
    j.at("white").get_to(g.white);
    j.at("winner").get_to(g.winner);
    j.at("reason").get_to(g.reason);
    j.at("plies").get_to(g.plies);
    j.at("black_time").get_to(g.blackTime);
    j.at("white_time").get_to(g.whiteTime);
    j.at("sgf").get_to(g.sgf);
    const auto& rss = j.at("rss_kb");
    for (std::size_t i = 0; i < 2 && i < rss.size(); ++i)
        rss.at(i).get_to(g.rssKb[i]);
    return g;
}

// Compact text; bytes that are not UTF-8 (an engine's name, say) become U+FFFD, not an exception.
std::string compact(const nlohmann::json& json) {
    return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char ch : text)
        out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string eloText(double elo) {
    if (std::isinf(elo))
        return elo > 0 ? "+inf" : "-inf";
    return (elo >= 0 ? "+" : "") + fixed(elo, 1);
}

} // namespace

int GameRecord::winnerEngine() const {
    if (winner == "black")
        return blackEngine;
    if (winner == "white")
        return 1 - blackEngine;
    return -1;
}

std::string tournamentDifference(const TournamentInfo& a, const TournamentInfo& b) {
    const auto quoted = [](const std::string& text) { return "'" + text + "'"; };
    for (int e = 0; e < 2; ++e)
        if (a.engines[e] != b.engines[e])
            return fmt::format("engine {} {} vs {}", e + 1, quoted(a.engines[e]),
                               quoted(b.engines[e]));
    if (a.settings != b.settings)
        return "settings " + quoted(a.settings) + " vs " + quoted(b.settings);
    if (a.totalGames != b.totalGames)
        return fmt::format("{} vs {} scheduled games", a.totalGames, b.totalGames);
    return "";
}

std::string gameFileName(int index) { return fmt::format("game-{:06d}.sgf", index + 1); }

bool isGameFileName(std::string_view name) {
    constexpr std::string_view prefix = "game-";
    constexpr std::string_view suffix = ".sgf";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
        !name.ends_with(suffix))
        return false;
    const auto digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    return digits.find_first_not_of("0123456789") == std::string_view::npos;
}

std::string resultsJson(const TournamentInfo& info, const std::vector<GameRecord>& games) {
    nlohmann::json tournament = {{"engines", info.engines},
                                 {"commands", info.commands},
                                 {"settings", info.settings},
                                 {"total_games", info.totalGames}};
    if (!info.extraSettings.empty())
        tournament["extra_settings"] = info.extraSettings;
    std::vector<std::string> lines;
    for (const auto& game : games)
        lines.push_back("\n" + compact(gameJson(game)));
    // One game per line keeps the file readable and diffable.
    return fmt::format("{{\"tournament\":{},\n\"games\":[{}\n]}}\n", compact(tournament),
                       fmt::join(lines, ","));
}

void readResultsJson(std::string_view text, TournamentInfo& info, std::vector<GameRecord>& games) {
    try {
        const auto root = nlohmann::json::parse(text);
        const auto& t = root.at("tournament");
        for (std::size_t i = 0; i < 2; ++i) {
            t.at("engines").at(i).get_to(info.engines[i]);
            t.at("commands").at(i).get_to(info.commands[i]);
        }
        t.at("settings").get_to(info.settings);
        info.extraSettings = t.value("extra_settings", "");
        t.at("total_games").get_to(info.totalGames);
        for (const auto& g : root.at("games"))
            games.push_back(gameFromJson(g));
    } catch (const nlohmann::json::exception& error) {
        throw std::runtime_error(std::string("JSON: ") + error.what());
    }
}

void readResultsFile(const std::string& path, TournamentInfo& info,
                     std::vector<GameRecord>& games) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    if (!in || !(text << in.rdbuf()))
        throw std::runtime_error("cannot read '" + path + "'");
    try {
        readResultsJson(text.str(), info, games);
    } catch (const std::exception& error) {
        throw std::runtime_error(path + ": " + error.what());
    }
}

std::string resultsCsv(const std::vector<GameRecord>& games) {
    std::string text = "index,size,opening,black,white,winner,winner_engine,reason,plies,"
                       "black_time,white_time,sgf\n";
    for (const auto& g : games) {
        const int w = g.winnerEngine();
        text += std::to_string(g.index) + "," + std::to_string(g.size) + "," + csvField(g.opening) +
                "," + csvField(g.black) + "," + csvField(g.white) + "," + g.winner + "," +
                (w < 0 ? "" : std::to_string(w + 1)) + "," + csvField(g.reason) + "," +
                std::to_string(g.plies) + "," + fixed(g.blackTime, 3) + "," +
                fixed(g.whiteTime, 3) + "," + csvField(g.sgf) + "\n";
    }
    return text;
}

double eloFromScore(double score) {
    if (score <= 0)
        return -std::numeric_limits<double>::infinity();
    if (score >= 1)
        return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

Summary summarize(const std::vector<GameRecord>& games) {
    Summary s;
    for (const auto& g : games) {
        const int w = g.winnerEngine();
        if (w < 0)
            continue;
        ++s.games;
        ++s.wins[w];
    }
    if (s.games == 0)
        return s;
    const double n = s.games;
    s.score = s.wins[0] / n;
    s.elo = eloFromScore(s.score);
    const double margin = 1.96 * std::sqrt(s.score * (1 - s.score) / n);
    s.eloLow = eloFromScore(s.score - margin);
    s.eloHigh = eloFromScore(s.score + margin);
    if (s.score <= 0 || s.score >= 1) { // no variance to estimate: the interval is unbounded
        s.eloLow = s.score >= 1 ? eloFromScore(1 - 1.96 * std::sqrt(0.25 / n)) : s.elo;
        s.eloHigh = s.score <= 0 ? eloFromScore(1.96 * std::sqrt(0.25 / n)) : s.elo;
    }
    return s;
}

std::string summaryText(const TournamentInfo& info, const Summary& s) {
    std::string text = info.engines[0] + " vs " + info.engines[1] + ": " + std::to_string(s.games) +
                       " games, " + std::to_string(s.wins[0]) + "-" + std::to_string(s.wins[1]) +
                       "\n";
    if (s.games == 0)
        return text + "no game had a result\n";
    text += "score " + fixed(100 * s.score, 1) + "% for " + info.engines[0] + ", Elo difference " +
            eloText(s.elo) + " (95% interval " + eloText(s.eloLow) + " to " + eloText(s.eloHigh) +
            ")\n";
    return text;
}

} // namespace hex::match
