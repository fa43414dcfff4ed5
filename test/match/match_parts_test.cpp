#include "match/engine_link.h"
#include "match/openings.h"
#include "match/results.h"
#include "match/schedule.h"
#include "test/support/openings_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace hex::match {
namespace {

TEST(MatchSchedule, EachOpeningTwiceWithColoursExchanged) {
    const auto games = makeSchedule({5, 7}, {{{"a1"}, {"b2"}}, {{}}}, 0);
    ASSERT_EQ(games.size(), 6u);
    EXPECT_EQ(games[0].opening, Opening{"a1"});
    EXPECT_EQ(games[0].blackEngine, 0);
    EXPECT_EQ(games[1].opening, Opening{"a1"});
    EXPECT_EQ(games[1].blackEngine, 1);
    EXPECT_EQ(games[2].size, 7);
    EXPECT_EQ(games[4].opening, Opening{"b2"});
    EXPECT_EQ(makeSchedule({5}, {{{"a1"}}}, 5).size(), 5u); // cycled
}

TEST(MatchSchedule, ShardsAreDisjointAndCoverTheSchedule) {
    const auto games = makeSchedule({5}, {everyFirstMove(5)}, 0);
    std::set<int> seen;
    for (int k = 1; k <= 3; ++k)
        for (const auto& g : shardOf(games, {k, 3}))
            EXPECT_TRUE(seen.insert(g.index).second);
    EXPECT_EQ(seen.size(), games.size());
    EXPECT_TRUE(parseShard("2/3"));
    EXPECT_FALSE(parseShard("0/3"));
    EXPECT_FALSE(parseShard("4/3"));
    EXPECT_FALSE(parseShard("1/"));
    EXPECT_FALSE(parseShard("1/2x"));
}

TEST(MatchOpenings, FileAndValidation) {
    auto parsed = parseOpeningFile("# comment\na1 b2\n\n  c3  # trailing\n");
    ASSERT_TRUE(std::holds_alternative<std::vector<Opening>>(parsed));
    const auto& openings = std::get<std::vector<Opening>>(parsed);
    ASSERT_EQ(openings.size(), 2u);
    EXPECT_EQ(openingText(openings[0]), "a1 b2");
    EXPECT_TRUE(std::holds_alternative<std::string>(parseOpeningFile("# nothing\n")));
    EXPECT_EQ(whyBadOpening({"a1", "b2"}, 5), "");
    EXPECT_NE(whyBadOpening({"a1", "a1"}, 5), "");
    EXPECT_NE(whyBadOpening({"z9"}, 5), "");
    EXPECT_NE(whyBadOpening({"a1"}, 1), ""); // Black has already won the 1x1 board
}

TEST(MatchOpenings, BalancedFromTheProvenTables) {
    const std::string text = testing::openingsText();
    ASSERT_FALSE(text.empty()) << testing::openingsPath();
    auto result = balancedFirstMoves(text, 5);
    ASSERT_TRUE(std::holds_alternative<std::vector<Opening>>(result));
    const auto& openings = std::get<std::vector<Opening>>(result);
    ASSERT_EQ(openings.size(), 24u); // 12 losing first moves, and 12 of the 13 winning ones
    EXPECT_EQ(openings[0], Opening{"a4"});
    EXPECT_EQ(openings[1], Opening{"a1"});
    EXPECT_TRUE(std::holds_alternative<std::string>(balancedFirstMoves(text, 9)));
    EXPECT_TRUE(std::holds_alternative<std::string>(balancedFirstMoves(text, 1)));
}

TEST(MatchResults, ReadsAndRewritesEarlierResultsFilesByteForByte) {
    // As the hand-written JSON writer of earlier versions wrote it (shard merges and resumed
    // matches read such files).
    const std::string text =
        R"({"tournament":{"commands":["ohmhex -o \"a=1\"","fake\\engine"],"engines":["OhmHex","Fake"],)"
        R"("settings":"sizes 4 openings none swap off","total_games":2},)"
        "\n\"games\":[\n"
        R"({"black":"OhmHex","black_engine":0,"black_time":0.123456789,"index":0,"opening":"",)"
        R"("plies":7,"reason":"connection","rss_kb":[4096,-1],"sgf":"game-000001.sgf","size":4,)"
        R"("white":"Fake","white_time":0,"winner":"black"},)"
        "\n"
        R"({"black":"Fake","black_engine":1,"black_time":2,"index":1,"opening":"a1 b2",)"
        R"("plies":3,"reason":"black crash: engine exited with status 3\nline 2","rss_kb":[-1,-1],)"
        R"("sgf":"game-000002.sgf","size":4,"white":"OhmHex","white_time":1.5e-05,"winner":"white"})"
        "\n]}\n";
    TournamentInfo info;
    std::vector<GameRecord> games;
    readResultsJson(text, info, games);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(info.commands[0], "ohmhex -o \"a=1\"");
    EXPECT_EQ(info.commands[1], "fake\\engine");
    EXPECT_EQ(games[0].blackTime, 0.123456789);
    EXPECT_EQ(games[0].rssKb[0], 4096);
    EXPECT_EQ(games[1].reason, "black crash: engine exited with status 3\nline 2");
    EXPECT_EQ(games[1].whiteTime, 1.5e-05);
    EXPECT_EQ(resultsJson(info, games), text);
    EXPECT_EQ(resultsJson(info, {}), text.substr(0, text.find("[\n") + 1) + "\n]}\n");
}

TEST(MatchResults, UnreadableResultsFilesThrowNamingTheProblem) {
    TournamentInfo info;
    std::vector<GameRecord> games;
    const std::string good = resultsJson(info, {GameRecord{}});
    for (const std::string& bad : {std::string("{\"tournament\":{},"), good.substr(1),
                                   std::string(R"({"tournament":{"engines":[]},"games":[]})")}) {
        EXPECT_THROW(readResultsJson(bad, info, games), std::runtime_error) << bad;
    }
    std::string noPlies = good;
    noPlies.replace(noPlies.find("\"plies\""), 7, "\"moves\"");
    try {
        readResultsJson(noPlies, info, games);
        FAIL() << "a game without plies was read";
    } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find("'plies' not found"), std::string::npos)
            << error.what();
    }
}

TEST(MatchResults, JsonRoundTripKeepsEveryField) {
    GameRecord g;
    g.index = 7;
    g.size = 9;
    g.opening = "a1 b2";
    g.blackEngine = 1;
    g.black = "x,\"y\"";
    g.white = "w";
    g.winner = "white";
    g.reason = "black timeout: no reply in time";
    g.plies = 31;
    g.blackTime = 1.25;
    g.whiteTime = 0.5;
    g.sgf = "game-000008.sgf";
    g.rssKb[0] = 1234;
    TournamentInfo info;
    info.engines[0] = "a";
    info.engines[1] = "b";
    info.totalGames = 10;
    info.extraSettings = "setup1=a;b margin=1";
    TournamentInfo readInfo;
    std::vector<GameRecord> read;
    readResultsJson(resultsJson(info, {g}), readInfo, read);
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read[0].black, g.black);
    EXPECT_EQ(read[0].reason, g.reason);
    EXPECT_EQ(read[0].blackTime, 1.25);
    EXPECT_EQ(read[0].rssKb[0], 1234);
    EXPECT_EQ(read[0].winnerEngine(), 0);
    EXPECT_EQ(readInfo.totalGames, 10);
    EXPECT_EQ(readInfo.extraSettings, info.extraSettings);
    EXPECT_NE(resultsCsv({g}).find("\"x,\"\"y\"\"\""), std::string::npos);
}

TEST(MatchResults, EloAndInterval) {
    EXPECT_NEAR(eloFromScore(0.75), 190.85, 0.01);
    EXPECT_EQ(eloFromScore(0.5), 0);
    EXPECT_TRUE(std::isinf(eloFromScore(1)));
    std::vector<GameRecord> games(100);
    for (int i = 0; i < 100; ++i) {
        games[i].winner = i < 75 ? "black" : "white";
        games[i].blackEngine = 0;
    }
    const Summary s = summarize(games);
    EXPECT_EQ(s.wins[0], 75);
    EXPECT_NEAR(s.elo, 190.85, 0.01);
    EXPECT_LT(s.eloLow, s.elo);
    EXPECT_GT(s.eloHigh, s.elo);
    EXPECT_NEAR(s.eloLow, eloFromScore(0.75 - 1.96 * std::sqrt(0.75 * 0.25 / 100)), 1e-9);
}

TEST(MatchEngineLink, SplitsLikeHexGuiAndDetectsShellSyntax) {
    EXPECT_EQ(splitArguments(R"(ohmhex -o "max_time=1 2"  x\"y)"),
              (std::vector<std::string>{"ohmhex", "-o", "max_time=1 2", "x\"y"}));
    EXPECT_FALSE(needsShell("ohmhex -o max_time=1"));
    EXPECT_TRUE(needsShell("ohmhex 2>log"));
    EXPECT_TRUE(needsShell("cd dir && ./engine"));
    EXPECT_TRUE(needsShell("$HOME/engine"));
}

} // namespace
} // namespace hex::match
