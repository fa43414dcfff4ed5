#include "match/results.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace hex::match {

namespace {

Json gameJson(const GameRecord& g) {
    Json::Object o;
    o["index"] = Json{double(g.index)};
    o["size"] = Json{double(g.size)};
    o["opening"] = Json{g.opening};
    o["black_engine"] = Json{double(g.blackEngine)};
    o["black"] = Json{g.black};
    o["white"] = Json{g.white};
    o["winner"] = Json{g.winner};
    o["reason"] = Json{g.reason};
    o["plies"] = Json{double(g.plies)};
    o["black_time"] = Json{g.blackTime};
    o["white_time"] = Json{g.whiteTime};
    o["sgf"] = Json{g.sgf};
    o["rss_kb"] = Json{Json::Array{Json{double(g.rssKb[0])}, Json{double(g.rssKb[1])}}};
    return Json{std::move(o)};
}

GameRecord gameFromJson(const Json& j) {
    GameRecord g;
    g.index = static_cast<int>(j.at("index").number());
    g.size = static_cast<int>(j.at("size").number());
    g.opening = j.at("opening").string();
    g.blackEngine = static_cast<int>(j.at("black_engine").number());
    g.black = j.at("black").string();
    g.white = j.at("white").string();
    g.winner = j.at("winner").string();
    g.reason = j.at("reason").string();
    g.plies = static_cast<int>(j.at("plies").number());
    g.blackTime = j.at("black_time").number();
    g.whiteTime = j.at("white_time").number();
    g.sgf = j.at("sgf").string();
    const auto& rss = j.at("rss_kb").array();
    for (std::size_t i = 0; i < 2 && i < rss.size(); ++i)
        g.rssKb[i] = static_cast<long>(rss[i].number());
    return g;
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

std::string resultsJson(const TournamentInfo& info, const std::vector<GameRecord>& games) {
    Json::Object tournament;
    tournament["engines"] = Json{Json::Array{Json{info.engines[0]}, Json{info.engines[1]}}};
    tournament["commands"] = Json{Json::Array{Json{info.commands[0]}, Json{info.commands[1]}}};
    tournament["settings"] = Json{info.settings};
    tournament["total_games"] = Json{double(info.totalGames)};
    // One game per line keeps the file readable and diffable.
    std::string text =
        "{\"tournament\":" + writeJson(Json{std::move(tournament)}) + ",\n\"games\":[";
    for (std::size_t i = 0; i < games.size(); ++i)
        text += std::string(i ? ",\n" : "\n") + writeJson(gameJson(games[i]));
    return text + "\n]}\n";
}

void readResultsJson(std::string_view text, TournamentInfo& info, std::vector<GameRecord>& games) {
    const Json root = parseJson(text);
    const Json& t = root.at("tournament");
    for (std::size_t i = 0; i < 2; ++i) {
        info.engines[i] = t.at("engines").array().at(i).string();
        info.commands[i] = t.at("commands").array().at(i).string();
    }
    info.settings = t.at("settings").string();
    info.totalGames = static_cast<int>(t.at("total_games").number());
    for (const Json& g : root.at("games").array())
        games.push_back(gameFromJson(g));
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
