#include "core/score.h"
#include "engine/engine.h"
#include "eval/evaluator.h"
#include "eval/network/built_in.h"
#include "eval/network/random_weights.h"
#include "protocol/commands.h"
#include "protocol/tcp_session.h"
#include "test/support/htp_harness.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace hex {
namespace {

// A small net of random weights in a temporary file, removed at the end of the scope.
class NetFile {
public:
    explicit NetFile(const std::string& name, std::uint32_t seed = 3)
        : path_((std::filesystem::temp_directory_path() /
                 ("ohmhex-" + name + "-" + std::to_string(::getpid()) + ".ohnn"))
                    .string()) {
        eval::network::writeWeightsFile(path_, eval::network::randomWeights(4, 1, 4, seed));
    }
    ~NetFile() { std::filesystem::remove(path_); }
    NetFile(const NetFile&) = delete;
    NetFile& operator=(const NetFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// Every evaluator works here: network has a net of random weights loaded.
class EvalCommands : public testing::HtpHarness {
protected:
    EvalCommands() {
        EXPECT_EQ(run("param_ohmhex network_file " + net_.path()), "= \n\n");
        for (const char* line : {"boardsize 6 5", "play b c3", "play w d3", "play b b4"})
            run(line);
    }

    NetFile net_{"eval-commands"};
};

// The engine starts with the built-in net (network_file "") and the network evaluator, so it
// plays with the net at once; a file replaces it, and "" brings the built-in net back.
TEST(NetworkOption, TheBuiltInNetIsTheDefault) {
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    EXPECT_EQ(engine.network(), eval::network::builtInNetwork());
    EXPECT_EQ(*htp.execute("param_ohmhex evaluator"), "= network\n\n");
    EXPECT_EQ(htp.execute("eval")->substr(0, 2), "= ");
    // ... as the circuit's correction (the measured combination, docs/network.md).
    EXPECT_EQ(*htp.execute("param_ohmhex network_value"), "= mix\n\n");
    EXPECT_EQ(*htp.execute("param_ohmhex network_policy"), "= resistance\n\n");
    EXPECT_EQ(*htp.execute("param_ohmhex network_mix_weight"), "= 1\n\n");
    EXPECT_EQ(*htp.execute("param_ohmhex network_mix_max_size"), "= 11\n\n");

    const NetFile net("built-in");
    ASSERT_EQ(*htp.execute("param_ohmhex network_file " + net.path()), "= \n\n");
    EXPECT_NE(engine.network(), eval::network::builtInNetwork());
    EXPECT_EQ(engine.network()->channels(), 4U);
    EXPECT_EQ(*htp.execute("param_ohmhex network_file"), "= " + net.path() + "\n\n");
    ASSERT_EQ(engine.setOption("network_file", ""), std::nullopt);
    EXPECT_EQ(engine.network(), eval::network::builtInNetwork());
    EXPECT_EQ(engine.options().getString("network_file"), "");
}

// A bad net given at start never stops the engine: it falls back to the built-in net, keeps
// the evaluator it was given (the built-in net serves network), and says so.
TEST(NetworkOption, ABadNetAtStartFallsBackToTheBuiltInNet) {
    for (const char* evaluator : {"network", "twodistance"}) {
        Engine engine;
        ASSERT_EQ(engine.options().set("evaluator", evaluator), std::nullopt);
        ASSERT_EQ(engine.options().set("network_file", "/nonexistent/net.ohnn"), std::nullopt);
        const std::optional<std::string> why = engine.loadOptionFiles();
        ASSERT_TRUE(why);
        EXPECT_NE(why->find("cannot load network_file '/nonexistent/net.ohnn'"), std::string::npos)
            << *why;
        EXPECT_EQ(engine.options().getString("network_file"), "");
        EXPECT_EQ(engine.network(), eval::network::builtInNetwork());
        EXPECT_NE(why->find("network_file is the built-in net"), std::string::npos) << *why;
        EXPECT_EQ(engine.options().getString("evaluator"), evaluator);
        EXPECT_EQ(engine.loadOptionFiles(), std::nullopt); // nothing left to load
    }
}

// A bad file is refused with the reason, and the net and the option stay as they were.
TEST(NetworkOption, ABadFileChangesNothing) {
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    const NetFile good("good");
    ASSERT_EQ(*htp.execute("param_ohmhex network_file " + good.path()), "= \n\n");
    ASSERT_EQ(*htp.execute("param_ohmhex evaluator network"), "= \n\n");
    ASSERT_EQ(*htp.execute("param_ohmhex network_policy network"), "= \n\n"); // cells of the net
    const std::string before = *htp.execute("eval-cells");
    const auto net = engine.network();
    ASSERT_NE(net, nullptr);

    const std::string bad = good.path() + ".bad";
    {
        std::ofstream out(bad, std::ios::binary);
        out << "OHMHEXNN but not a net";
    }
    const std::string reply = *htp.execute("param_ohmhex network_file " + bad);
    std::filesystem::remove(bad);
    EXPECT_EQ(reply.substr(0, 2), "? ");
    EXPECT_NE(reply.find("format version"), std::string::npos) << reply;
    const std::string missing = *htp.execute("param_ohmhex network_file /nonexistent/x.ohnn");
    EXPECT_NE(missing.find("cannot load network_file '/nonexistent/x.ohnn'"), std::string::npos)
        << missing;
    EXPECT_EQ(engine.network(), net);
    EXPECT_EQ(engine.options().getString("network_file"), good.path());
    EXPECT_EQ(*htp.execute("eval-cells"), before);
}

// The default evaluator is the mix on boards up to network_mix_max_size and the circuit alone
// beyond them: its value and its winning chance are then the resistance evaluator's.
TEST(NetworkOption, TheDefaultIsTheCircuitAloneBeyondTheMixsMaxSize) {
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    const auto answers = [&htp](const std::string& evaluator) {
        return *htp.execute("eval " + evaluator) + *htp.execute("eval-chance " + evaluator);
    };
    for (const char* line : {"boardsize 9 9", "play b e5", "play w c7"})
        htp.execute(line);
    EXPECT_NE(answers(""), answers("resistance"));
    ASSERT_EQ(*htp.execute("param_ohmhex network_mix_max_size 8"), "= \n\n");
    EXPECT_EQ(answers(""), answers("resistance"));
    ASSERT_EQ(*htp.execute("param_ohmhex network_mix_max_size 11"), "= \n\n");
    for (const char* line : {"boardsize 13 13", "play b g7", "play w e9"})
        htp.execute(line);
    EXPECT_EQ(answers(""), answers("resistance"));
    EXPECT_EQ(htp.execute("param_ohmhex network_mix_max_size 20")->substr(0, 2), "? ");
}

// The options reach the evaluator: rotation and another net change what eval answers.
TEST(NetworkOption, RotationAndTheNetReachEval) {
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    const NetFile first("first", 3);
    const NetFile second("second", 4);
    for (const char* line : {"boardsize 5 5", "play b b2", "play w c4"})
        htp.execute(line);
    ASSERT_EQ(*htp.execute("param_ohmhex network_policy network"), "= \n\n"); // cells of the net
    ASSERT_EQ(*htp.execute("param_ohmhex network_file " + first.path()), "= \n\n");
    const std::string plain = *htp.execute("eval-cells network");
    ASSERT_EQ(*htp.execute("param_ohmhex network_rotation 1"), "= \n\n");
    EXPECT_NE(*htp.execute("eval-cells network"), plain);
    ASSERT_EQ(*htp.execute("param_ohmhex network_rotation 0"), "= \n\n");
    EXPECT_EQ(*htp.execute("eval-cells network"), plain);
    ASSERT_EQ(*htp.execute("param_ohmhex network_file " + second.path()), "= \n\n");
    EXPECT_NE(*htp.execute("eval-cells network"), plain);
}

// A TCP client reads a net only as it reads an SGF file: not at all without a files directory.
TEST(NetworkOption, ARemoteClientWithoutFileAccessCannotReadANet) {
    Options start;
    declareEngineOptions(start);
    const NetFile net("remote");
    auto client = remoteClientEngine(start, FileAccess::none());
    const std::string reply = *client->htp.execute("param_ohmhex network_file " + net.path());
    EXPECT_EQ(reply, "? cannot load network_file '" + net.path() +
                         "': file commands are off for TCP clients (the server has no "
                         "--files-dir)\n\n");
    EXPECT_EQ(client->engine.network(), eval::network::builtInNetwork());
    // With a files directory: relative paths inside it only, like loadsgf.
    const std::filesystem::path netPath(net.path());
    auto confined = remoteClientEngine(start, FileAccess::inside(netPath.parent_path().string()));
    const std::string outside = *confined->htp.execute("param_ohmhex network_file " + net.path());
    EXPECT_NE(outside.find("file not available"), std::string::npos) << outside;
    EXPECT_EQ(*confined->htp.execute("param_ohmhex network_file " + netPath.filename().string()),
              "= \n\n");
    EXPECT_EQ(confined->engine.network()->channels(), 4U);
    // The server's own net (a start option) is the operator's choice and is loaded.
    ASSERT_EQ(start.set("network_file", net.path()), std::nullopt);
    auto served = remoteClientEngine(start, FileAccess::none());
    EXPECT_EQ(served->engine.network()->channels(), 4U);
}

TEST_F(EvalCommands, EveryEvaluatorAnswersANumberAndEveryEmptyCell) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        const std::string value = payload("eval " + name);
        EXPECT_NO_THROW((void)std::stoi(value)) << name;
        std::istringstream lines(payload("eval-cells " + name));
        std::set<std::string> cells;
        std::string cell;
        long long number = 0;
        while (lines >> cell >> number) {
            EXPECT_GE(number, 0) << name;
            EXPECT_TRUE(cells.insert(cell).second) << "repeated " << cell;
        }
        EXPECT_EQ(cells.size(), 27u) << name; // 30 cells, 3 stones
    }
}

TEST_F(EvalCommands, TheEvaluatorOptionChoosesTheDefault) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        ASSERT_EQ(run("param_ohmhex evaluator " + name), "= \n\n");
        EXPECT_EQ(payload("eval"), payload("eval " + name));
        EXPECT_EQ(payload("eval-cells"), payload("eval-cells " + name));
    }
    const std::string error = run("param_ohmhex evaluator nosuch");
    EXPECT_EQ(error.substr(0, 2), "? ");
    EXPECT_NE(error.find("resistance"), std::string::npos);
}

// eval answers what the search sees: the resistance_links option reaches it too. Black's c3-b2
// pair is a bridge, which only the links see.
TEST_F(EvalCommands, TheResistanceLinksOptionReachesEval) {
    run("play w e1");
    run("play b b2");
    std::set<std::string> values;
    for (std::string_view links : eval::resistanceLinkNames()) {
        ASSERT_EQ(run("param_ohmhex resistance_links " + std::string(links)), "= \n\n");
        values.insert(payload("eval resistance"));
    }
    ASSERT_EQ(run("param_ohmhex resistance_links off"), "= \n\n");
    const std::string withoutLinks = payload("eval resistance");
    ASSERT_EQ(run("param_ohmhex resistance_links bridges"), "= \n\n");
    EXPECT_NE(payload("eval resistance"), withoutLinks);
    EXPECT_GE(values.size(), 2u);
}

// The vc links' conductances are options too: Black's c2 has a template to its edge, a link
// that only a positive vc_own_to_own makes (the default, Wolve's 0, makes none); a bridge's
// conductance changes with the divisor.
TEST_F(EvalCommands, TheVcConductanceOptionsReachEval) {
    ASSERT_EQ(run("boardsize 9"), "= \n\n");
    run("play b c2");
    run("play w e5");
    ASSERT_EQ(run("param_ohmhex resistance_links vc"), "= \n\n");
    const std::string defaults = payload("eval resistance");
    ASSERT_EQ(run("param_ohmhex vc_own_to_own 16"), "= \n\n");
    const std::string withOwnLinks = payload("eval resistance");
    EXPECT_NE(withOwnLinks, defaults);
    ASSERT_EQ(run("param_ohmhex vc_carrier_divisor pow2"), "= \n\n");
    EXPECT_NE(payload("eval resistance"), withOwnLinks);
    EXPECT_EQ(run("param_ohmhex vc_carrier_divisor cubic").substr(0, 2), "? ");
    EXPECT_EQ(run("param_ohmhex vc_own_to_own -1").substr(0, 2), "? ");
    ASSERT_EQ(run("param_ohmhex vc_own_to_own 0"), "= \n\n");
    ASSERT_EQ(run("param_ohmhex vc_carrier_divisor linear"), "= \n\n");
    EXPECT_EQ(payload("eval resistance"), defaults);
}

// The vc links' H-search limits are options: with three fulls, six semis and OR over four the
// links see Black's fourth-row stone joined to its edge (template IVa), which changes the value;
// values out of range are refused and change nothing.
TEST_F(EvalCommands, TheVcLimitOptionsReachEval) {
    ASSERT_EQ(run("boardsize 11"), "= \n\n");
    run("play b f8");
    const std::string defaults = payload("eval resistance");
    ASSERT_EQ(run("param_ohmhex vc_fulls_per_pair 3"), "= \n\n");
    ASSERT_EQ(run("param_ohmhex vc_semis_per_pair 6"), "= \n\n");
    ASSERT_EQ(run("param_ohmhex vc_or_semis 4"), "= \n\n");
    const std::string richer = payload("eval resistance");
    EXPECT_NE(richer, defaults);
    EXPECT_EQ(run("param_ohmhex vc_or_semis 1").substr(0, 2), "? ");
    EXPECT_EQ(run("param_ohmhex vc_or_semis 5").substr(0, 2), "? ");
    EXPECT_EQ(run("param_ohmhex vc_fulls_per_pair 0").substr(0, 2), "? ");
    EXPECT_EQ(run("param_ohmhex vc_semis_per_pair 25").substr(0, 2), "? ");
    EXPECT_EQ(payload("eval resistance"), richer);
    ASSERT_EQ(run("param_ohmhex vc_fulls_per_pair 2"), "= \n\n");
    ASSERT_EQ(run("param_ohmhex vc_semis_per_pair 4"), "= \n\n");
    ASSERT_EQ(run("param_ohmhex vc_or_semis 3"), "= \n\n");
    EXPECT_EQ(payload("eval resistance"), defaults);
}

TEST_F(EvalCommands, UnknownEvaluatorsAreRefusedWithTheKnownNames) {
    const std::string reply = run("eval nosuch");
    EXPECT_EQ(reply.substr(0, 2), "? ");
    for (std::string_view name : eval::evaluatorNames())
        EXPECT_NE(reply.find(name), std::string::npos);
    EXPECT_EQ(run("eval-cells resistance extra").substr(0, 2), "? ");
}

// From the smallest cell value (0) to the largest (1): every evaluator's heat map spans the
// whole range here (twodistance's values lie close together: divided by the largest, they all
// read 0.97 to 1.00).
TEST_F(EvalCommands, HexGuiDisplaysSpanTheUnitRange) {
    for (std::string_view view : eval::evaluatorNames()) {
        const std::string name(view);
        std::istringstream gfx(payload("eval-gfx " + name));
        std::string word;
        gfx >> word;
        EXPECT_EQ(word, "INFLUENCE");
        std::string cell;
        double lowest = 2;
        double highest = -1;
        while (gfx >> cell && cell != "TEXT") {
            double share = -1;
            gfx >> share;
            EXPECT_TRUE(engine.game().geometry().parse(cell)) << cell;
            lowest = std::min(lowest, share);
            highest = std::max(highest, share);
        }
        EXPECT_EQ(lowest, 0.0) << name;
        EXPECT_EQ(highest, 1.0) << name;
        EXPECT_EQ(cell, "TEXT");
        std::istringstream pairs(payload("eval-pspairs " + name));
        int count = 0;
        while (pairs >> cell >> word)
            ++count;
        EXPECT_EQ(count, 27);
    }
}

TEST_F(EvalCommands, WonAndFullPositionsAreHandled) {
    run("boardsize 2 2");
    for (const char* line : {"play b a1", "play b a2"})
        run(line);
    // Black has joined row 1 to row 2; White is to move and has lost.
    for (std::string_view name : eval::evaluatorNames())
        EXPECT_EQ(std::stoi(payload("eval " + std::string(name))), -kMaxEval) << name;
    run("play w b1");
    run("play w b2");
    for (std::string_view name : eval::evaluatorNames()) {
        EXPECT_EQ(payload("eval-cells " + std::string(name)), "");
        EXPECT_EQ(run("eval-gfx " + std::string(name)).substr(0, 2), "= ");
    }
}

} // namespace
} // namespace hex
