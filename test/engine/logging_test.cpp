#include "engine/engine.h"
#include "engine/logging.h"

#include <gtest/gtest.h>

#include <spdlog/spdlog.h>

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace hex {
namespace {

std::string temporaryPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("ohmhex-logging-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

std::string contents(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(Logging, ReconfiguringWhileOtherThreadsLogIsSafe) {
    Engine engine;
    ASSERT_EQ(engine.setOption("log_level", "off"), std::nullopt); // installs the logger
    const std::string file = temporaryPath("race.log");
    std::atomic<bool> done{false};
    std::vector<std::thread> loggers;
    for (int t = 0; t < 3; ++t)
        loggers.emplace_back([&done, t] {
            while (!done)
                spdlog::info("logging test thread {}", t);
        });
    for (int i = 0; i < 200; ++i) {
        ASSERT_EQ(engine.setOption("log_file", i % 2 ? file : ""), std::nullopt);
        ASSERT_EQ(engine.setOption("log_level", i % 3 ? "info" : "error"), std::nullopt);
    }
    ASSERT_EQ(engine.setOption("log_level", "info"), std::nullopt);
    ASSERT_EQ(engine.setOption("log_file", file), std::nullopt);
    spdlog::info("the last line");
    done = true;
    for (auto& thread : loggers)
        thread.join();
    ASSERT_EQ(engine.setOption("log_file", ""), std::nullopt);
    ASSERT_EQ(engine.setOption("log_level", "off"), std::nullopt);
    EXPECT_NE(contents(file).find("the last line"), std::string::npos);
    std::filesystem::remove(file);
}

TEST(Logging, AFileThatCannotBeOpenedIsRefusedAndChangesNothing) {
    Engine engine;
    const std::string file = temporaryPath("kept.log");
    ASSERT_EQ(engine.setOption("log_level", "info"), std::nullopt);
    ASSERT_EQ(engine.setOption("log_file", file), std::nullopt);
    const std::string blocked = temporaryPath("not-a-dir");
    std::ofstream(blocked) << "a file, so nothing can be created below it";
    EXPECT_NE(engine.setOption("log_file", blocked + "/x.log"), std::nullopt);
    EXPECT_EQ(engine.options().getString("log_file"), file);
    spdlog::info("still in the old file");
    ASSERT_EQ(engine.setOption("log_file", ""), std::nullopt);
    ASSERT_EQ(engine.setOption("log_level", "off"), std::nullopt);
    EXPECT_NE(contents(file).find("still in the old file"), std::string::npos);
    spdlog::error("after clearing");
    EXPECT_EQ(contents(file).find("after clearing"), std::string::npos) << "log_file '' clears";
    std::filesystem::remove(file);
    std::filesystem::remove(blocked);
}

TEST(Logging, EveryLineReachesTheFileAtOnce) {
    Engine engine;
    const std::string file = temporaryPath("flushed.log");
    ASSERT_EQ(engine.setOption("log_level", "info"), std::nullopt);
    ASSERT_EQ(engine.setOption("log_file", file), std::nullopt);
    spdlog::info("an info line, read back before anything closes or flushes the file");
    const std::string text = contents(file);
    ASSERT_EQ(engine.setOption("log_file", ""), std::nullopt);
    ASSERT_EQ(engine.setOption("log_level", "off"), std::nullopt);
    EXPECT_NE(text.find("an info line"), std::string::npos);
    std::filesystem::remove(file);
}

TEST(Logging, AFifoOrADeviceIsRefusedInsteadOfBlocking) {
    Engine engine;
    const std::string fifo = temporaryPath("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& file : {fifo, std::string("/dev/null")}) {
        const auto why = engine.setOption("log_file", file);
        ASSERT_NE(why, std::nullopt) << file;
        EXPECT_NE(why->find("not a regular file"), std::string::npos) << *why;
        EXPECT_EQ(engine.options().getString("log_file"), "");
    }
    std::filesystem::remove(fifo);
}

} // namespace
} // namespace hex
