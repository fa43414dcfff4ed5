#include "core/options.h"

#include <gtest/gtest.h>

namespace hex {
namespace {

Options sample() {
    Options options;
    options.declare(Options::boolean("use_book", true, "Use the book."));
    options.declare(Options::real("max_time", 10.5, 0, 3600, "Seconds per move."));
    options.declare(Options::integer("width", 15, 1, 361, "Moves per ply."));
    options.declare(Options::list("level", "normal", {"fast", "normal"}, "Level."));
    options.declare(Options::text("log_file", "", "Log file."));
    return options;
}

TEST(Options, DialogListsEveryOptionInHexGuiFormat) {
    EXPECT_EQ(sample().dialogText(),
              "[bool] use_book 1\n[string] max_time 10.5\n[string] width 15\n"
              "[list/fast/normal] level normal\n[string] log_file ");
}

TEST(Options, DialogLeavesOutWhatOnlyTheStartSets) {
    Options options = sample();
    options.declare(Options::scoped(Options::Scope::Start,
                                    Options::integer("tcp_port", 20000, 1, 65535, "Port.")));
    options.declare(
        Options::scoped(Options::Scope::Process, Options::text("log_level", "info", "Level.")));
    EXPECT_EQ(options.dialogText(), sample().dialogText() + "\n[string] log_level info");
    EXPECT_EQ(options.getInt("tcp_port"), 20000);
    EXPECT_FALSE(options.set("tcp_port", "20001")) << "still set directly (the command line)";
}

TEST(Options, TypedGettersParseTheValues) {
    Options options = sample();
    EXPECT_TRUE(options.getBool("use_book"));
    EXPECT_DOUBLE_EQ(options.getReal("max_time"), 10.5);
    EXPECT_EQ(options.getInt("width"), 15);
    EXPECT_FALSE(options.set("width", "20"));
    EXPECT_EQ(options.getInt("width"), 20);
}

TEST(Options, BadValuesAreRefusedAndChangeNothing) {
    Options options = sample();
    for (auto [name, value] :
         std::vector<std::pair<const char*, const char*>>{{"use_book", "true"},
                                                          {"max_time", "-1"},
                                                          {"max_time", "nan"},
                                                          {"max_time", "1e999"},
                                                          {"width", "0"},
                                                          {"width", "1.5"},
                                                          {"width", "99999999999999999999"},
                                                          {"level", "slow"},
                                                          {"log_file", "a\nb"},
                                                          {"nosuch", "1"}}) {
        EXPECT_TRUE(options.set(name, value)) << name << "=" << value;
    }
    EXPECT_EQ(options.dialogText(), sample().dialogText());
    EXPECT_NE(options.set("nosuch", "1")->find("use_book"), std::string::npos);
}

} // namespace
} // namespace hex
