#include "engine/engine.h"
#include "protocol/commands.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace hex {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Replays a transcript through a fresh engine, as the stdio session would.
std::string replay(const std::string& input) {
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    std::string output;
    std::istringstream lines(input);
    std::string line;
    while (!htp.quitRequested() && std::getline(lines, line))
        if (auto reply = htp.execute(line))
            output += *reply;
    return output;
}

std::vector<fs::path> transcripts() {
    std::vector<fs::path> inputs;
    for (const auto& entry :
         fs::directory_iterator(fs::path(OHMHEX_SOURCE_DIR) / "test" / "protocol" / "transcripts"))
        if (entry.path().extension() == ".in")
            inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

TEST(Transcript, EveryGoldenTranscriptReplaysExactly) {
    const bool update = std::getenv("OHMHEX_UPDATE_GOLDEN") != nullptr;
    const auto inputs = transcripts();
    ASSERT_GE(inputs.size(), 6u);
    for (const auto& input : inputs) {
        fs::path expectedPath = input;
        expectedPath.replace_extension(".out");
        const std::string actual = replay(readAll(input));
        if (update)
            std::ofstream(expectedPath, std::ios::binary) << actual;
        EXPECT_EQ(actual, readAll(expectedPath)) << input.filename();
    }
}

} // namespace
} // namespace hex
