#include "protocol/command_queue.h"

#include <gtest/gtest.h>

#include <thread>

namespace hex {
namespace {

TEST(CommandQueue, FinishKeepsTheQueuedLinesInOrder) {
    CommandQueue queue;
    queue.push({"name", 1, false});
    queue.push({"version", 2, false});
    queue.finish();
    const auto first = queue.pop();
    const auto second = queue.pop();
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->line, "name");
    EXPECT_EQ(second->ticket, 2u);
    EXPECT_FALSE(queue.pop());
}

TEST(CommandQueue, CancelDropsWhatIsQueued) {
    CommandQueue queue;
    queue.push({"genmove b", 1, false});
    queue.cancel();
    EXPECT_FALSE(queue.pop());
}

TEST(CommandQueue, PopWaitsForTheReader) {
    CommandQueue queue;
    std::thread reader([&queue] {
        queue.push({"name", 1, false});
        queue.finish();
    });
    const auto line = queue.pop();
    reader.join();
    ASSERT_TRUE(line);
    EXPECT_EQ(line->line, "name");
    EXPECT_FALSE(queue.pop());
}

TEST(CommandQueue, RunQueuedAnswersALongLineWithItsLimit) {
    htp::Engine htp;
    htp.add(
        "name", [](const htp::Args&) { return std::string("OhmHex"); }, "name");
    EXPECT_EQ(runQueued(htp, {"name", htp.issue(), false}, 10), "= OhmHex\n\n");
    EXPECT_EQ(runQueued(htp, {"name", htp.issue(), true}, 10),
              "? line too long (more than 10 bytes)\n\n");
    EXPECT_FALSE(runQueued(htp, {"", htp.issue(), false}, 10));
}

} // namespace
} // namespace hex
