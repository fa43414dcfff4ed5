// Self-play games and their records file: the records' contract (docs/network.md), determinism,
// resuming and shards.
#include "selfplay/self_play.h"

#include "core/board.h"
#include "core/score.h"
#include "engine/logging.h"
#include "selfplay/game_record.h"
#include "test/selfplay/self_play_test_support.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>

namespace hex {
namespace {

using testing::lines;
using testing::readFile;
using testing::TempFile;

// A quick run on 5x5: a small search, the solver on the last 12 empty cells.
selfplay::SelfPlayConfig quickRun(const std::string& out, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"--out",          out,  "--sizes",        "5",   "--nodes", "150",
                                  "--solver-empty", "12", "--solver-nodes", "3000"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto parsed = selfplay::parseSelfPlayArguments(args);
    EXPECT_EQ(parsed.error, "");
    return parsed.config;
}

std::string play(const std::string& out, const std::vector<std::string>& extra) {
    const auto config = quickRun(out, extra);
    configureLogging(config.options); // the search's logs: warnings only
    const auto summary = selfplay::runSelfPlay(config, {});
    EXPECT_FALSE(summary.stopped);
    return readFile(out);
}

Color moverAt(std::size_t ply) { return ply % 2 == 0 ? Color::Black : Color::White; }

// Every check docs/network.md promises the trainer about one line.
void expectValidRecord(const std::string& line, int game) {
    SCOPED_TRACE(line);
    const auto record = nlohmann::json::parse(line); // throws on invalid JSON
    ASSERT_TRUE(record.is_object());
    EXPECT_EQ(record.at("version"), 1);
    EXPECT_EQ(record.at("game"), game);
    EXPECT_EQ(record.at("seed"), 1);
    ASSERT_EQ(record.at("width"), 5);
    ASSERT_EQ(record.at("height"), 5);
    EXPECT_EQ(record.at("settings").at("evaluator"), "network"); // the engine's default
    EXPECT_EQ(record.at("settings").at("nodes"), 150);
    const auto& moves = record.at("moves");
    const std::size_t plies = moves.size();
    ASSERT_GE(plies, 1U);
    ASSERT_EQ(record.at("searched").size(), plies);
    ASSERT_EQ(record.at("scores").size(), plies);
    ASSERT_EQ(record.at("proven").size(), plies);
    Board board(5, 5);
    for (std::size_t ply = 0; ply < plies; ++ply) {
        ASSERT_FALSE(board.winner()) << "a move after the game ended, ply " << ply;
        const auto move = board.geometry().parse(moves[ply].get<std::string>());
        const auto searched = board.geometry().parse(record.at("searched")[ply].get<std::string>());
        ASSERT_TRUE(move && board.isEmpty(*move)) << "ply " << ply;
        ASSERT_TRUE(searched && board.isEmpty(*searched)) << "ply " << ply;
        const int proven = record.at("proven")[ply];
        const Score score = record.at("scores")[ply];
        EXPECT_TRUE(proven == 0 || proven == 1 || proven == -1);
        if (isProvenScore(score)) {
            EXPECT_EQ(proven, score > 0 ? 1 : -1) << "ply " << ply;
        }
        if (ply >= 2) { // after the random opening, the search's move is played
            EXPECT_EQ(*move, *searched) << "ply " << ply;
        }
        if (ply >= 2 && ply + 1 < plies) {
            EXPECT_EQ(proven, 0) << "a proven position after the opening ends the game";
        }
        board.play(*move, moverAt(ply)); // colours alternate from Black
    }
    const std::string winner = record.at("winner");
    const int lastProof = record.at("proven").back();
    const Color lastMover = moverAt(plies - 1);
    if (lastProof != 0)
        EXPECT_EQ(winner, colorName(lastProof > 0 ? lastMover : opponent(lastMover)));
    else
        EXPECT_EQ(winner, colorName(board.winner().value_or(opponent(lastMover))))
            << "an unproven game ends with a connection";
}

TEST(SelfPlay, EveryLineIsARecordOfTheContract) {
    const TempFile out("contract");
    const auto records = lines(play(out.path(), {"--games", "6"}));
    ASSERT_EQ(records.size(), 6U);
    for (int game = 0; game < 6; ++game)
        expectValidRecord(records[static_cast<std::size_t>(game)], game);
}

TEST(SelfPlay, TheSameArgumentsWriteTheSameFile) {
    const TempFile first("same-1");
    const TempFile second("same-2");
    const std::string text = play(first.path(), {"--games", "4", "--seed", "9"});
    EXPECT_EQ(play(second.path(), {"--games", "4", "--seed", "9"}), text);
    const TempFile other("same-3");
    EXPECT_NE(play(other.path(), {"--games", "4", "--seed", "10"}), text)
        << "another seed, other openings";
}

TEST(SelfPlay, AResumedRunWritesWhatAnUninterruptedOneDoes) {
    const TempFile whole("resume-whole");
    const std::string expected = play(whole.path(), {"--games", "5"});
    const TempFile resumed("resume-cut");
    const std::string three = play(resumed.path(), {"--games", "3"});
    ASSERT_EQ(lines(three).size(), 3U);
    // Killed in the middle of writing the third line.
    const std::size_t secondEnd = three.find('\n', three.find('\n') + 1) + 1;
    std::filesystem::resize_file(resumed.path(), secondEnd + (three.size() - secondEnd) / 2);
    EXPECT_EQ(play(resumed.path(), {"--games", "5"}), expected);
    // Nothing to do: the file stays as it is.
    EXPECT_EQ(play(resumed.path(), {"--games", "5"}), expected);
}

TEST(SelfPlay, TwoShardsHoldTheGamesOfTheWholeRun) {
    const TempFile whole("shard-whole");
    const TempFile first("shard-0");
    const TempFile second("shard-1");
    const auto all = lines(play(whole.path(), {"--games", "5"}));
    const auto even = lines(play(first.path(), {"--games", "5", "--shard", "0/2"}));
    const auto odd = lines(play(second.path(), {"--games", "5", "--shard", "1/2"}));
    EXPECT_EQ(even.size(), 3U);
    EXPECT_EQ(odd.size(), 2U);
    std::multiset<std::string> merged(even.begin(), even.end());
    merged.insert(odd.begin(), odd.end());
    EXPECT_EQ(merged, std::multiset<std::string>(all.begin(), all.end()));
}

TEST(SelfPlay, AnotherRunsFileIsRefusedAndLeftAlone) {
    const TempFile out("other-run");
    const std::string text = play(out.path(), {"--games", "2"});
    for (const std::vector<std::string>& other :
         {std::vector<std::string>{"--games", "3", "--seed", "2"},
          std::vector<std::string>{"--games", "3", "-o", "width=7"},
          std::vector<std::string>{"--games", "1"}}) {
        EXPECT_THROW(selfplay::runSelfPlay(quickRun(out.path(), other), {}), std::runtime_error);
        EXPECT_EQ(readFile(out.path()), text);
    }
    std::ofstream(out.path(), std::ios::app) << "not json\n{\"version\": 1}";
    EXPECT_THROW(selfplay::runSelfPlay(quickRun(out.path(), {"--games", "3"}), {}),
                 std::runtime_error);
}

TEST(SelfPlay, AStoppedGameIsNotWritten) {
    const TempFile out("stopped");
    const auto config = quickRun(out.path(), {"--games", "3"});
    int polls = 0;
    // Stops during the second game, once the first is written (its search polls at every node).
    const auto stop = [&] { return !readFile(out.path()).empty() && ++polls > 5; };
    const auto summary = selfplay::runSelfPlay(config, stop);
    EXPECT_TRUE(summary.stopped);
    EXPECT_EQ(summary.played, 1);
    const std::string text = readFile(out.path());
    ASSERT_EQ(lines(text).size(), 1U);
    EXPECT_NE(text.find("\"game\":0,"), std::string::npos);
}

TEST(SelfPlay, SettingsNameTheBudgetAndTheChangedOptions) {
    const std::vector<std::string> args{"--out", "unused",  "--time", "0.5",
                                        "-o",    "width=7", "-o",     "log_level=off"};
    const auto parsed = selfplay::parseSelfPlayArguments(args);
    ASSERT_EQ(parsed.error, "");
    const auto& config = parsed.config;
    const auto settings = selfplay::recordSettings(config);
    EXPECT_EQ(settings.at("time"), 0.5);
    EXPECT_FALSE(settings.contains("nodes"));
    EXPECT_EQ(settings.at("options"), nlohmann::ordered_json({{"width", "7"}}))
        << "log_level does not change the games";
    EXPECT_EQ(config.options.getInt("max_nodes"), 0);
    EXPECT_EQ(config.options.getReal("max_time"), 0.5);
}

} // namespace
} // namespace hex
