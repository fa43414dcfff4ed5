#pragma once

#include "engine/engine.h"
#include "protocol/commands.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace hex::testing {

// A fresh engine with the full command set, driven one line at a time as the sessions do.
class HtpHarness : public ::testing::Test {
protected:
    HtpHarness() { addAllCommands(htp, engine); }

    // The full reply, or "<none>" for a line that gets none.
    std::string run(std::string_view line) { return htp.execute(line).value_or("<none>"); }

    // The payload of a reply that must be a success.
    std::string payload(std::string_view line) {
        const std::string reply = run(line);
        EXPECT_EQ(reply.substr(0, 2), "= ") << line << " -> " << reply;
        return reply.size() >= 4 ? reply.substr(2, reply.size() - 4) : "";
    }

    Engine engine;
    htp::Engine htp;
};

} // namespace hex::testing
