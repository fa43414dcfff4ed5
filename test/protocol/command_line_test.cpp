#include "engine/engine.h"
#include "protocol/command_line.h"

#include <gtest/gtest.h>

#include <fstream>

namespace hex {
namespace {

CommandLine parse(std::vector<std::string> words, Options& options) {
    std::vector<const char*> argv{"ohmhex"};
    for (const auto& word : words)
        argv.push_back(word.c_str());
    return parseCommandLine(static_cast<int>(argv.size()), argv.data(), options);
}

TEST(CommandLine, OptionsFromConfigThenDashO) {
    Engine engine;
    const std::string path = ::testing::TempDir() + "ohmhex_test.cfg";
    std::ofstream(path) << "# comment\nallow_swap 1\n\nswap_style = sides  # trailing\n";
    const CommandLine line = parse({"--config", path, "-o", "allow_swap=0"}, engine.options());
    EXPECT_EQ(line.error, "");
    EXPECT_FALSE(engine.options().getBool("allow_swap")); // -o comes after the file
    EXPECT_EQ(engine.options().getString("swap_style"), "sides");
}

TEST(CommandLine, ListenAndSecretFile) {
    Engine engine;
    const CommandLine line = parse({"--listen", "0.0.0.0:9000", "--secret-file", "/tmp/s", "-o",
                                    "max_time=0.5", "--max-tt-mb", "256"},
                                   engine.options());
    EXPECT_EQ(line.error, "");
    EXPECT_EQ(line.listen, "0.0.0.0:9000");
    EXPECT_EQ(engine.options().getString("tcp_secret_file"), "/tmp/s");
    EXPECT_EQ(engine.options().getReal("max_time"), 0.5);
    EXPECT_EQ(engine.options().getInt("tcp_max_tt_mb"), 256);
}

TEST(CommandLine, BadArgumentsAreReportedWithoutChangingAnything) {
    for (std::vector<std::string> words : {std::vector<std::string>{"-o", "nosuch=1"},
                                           {"-o", "allow_swap"},
                                           {"-o"},
                                           {"--bogus"},
                                           {"stray"},
                                           {"--listen"},
                                           {"--config", "/nonexistent/ohmhex.cfg"},
                                           {"-o", "allow_swap=2"}}) {
        Engine engine;
        const std::string before = engine.options().dialogText();
        EXPECT_NE(parse(words, engine.options()).error, "") << words.front();
        EXPECT_EQ(engine.options().dialogText(), before);
    }
}

TEST(CommandLine, ConfigErrorsNameTheLine) {
    Engine engine;
    EXPECT_EQ(
        applyConfig("allow_swap 1\nswap_style diagonal\n", engine.options()).rfind("line 2", 0),
        0u);
}

TEST(CommandLine, HelpListsEveryOption) {
    Engine engine;
    EXPECT_TRUE(parse({"--help"}, engine.options()).help);
    const std::string text = usageText(engine.options());
    for (const auto& entry : engine.options().entries())
        EXPECT_NE(text.find(entry.spec->name), std::string::npos) << entry.spec->name;
}

} // namespace
} // namespace hex
