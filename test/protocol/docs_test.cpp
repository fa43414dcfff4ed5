#include "engine/engine.h"
#include "protocol/commands.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace hex {
namespace {

// The protocol reference must keep up with the command table.
TEST(Docs, ProtocolReferenceDescribesEveryCommand) {
    std::ifstream in(std::string(OHMHEX_SOURCE_DIR) + "/docs/protocol.md");
    ASSERT_TRUE(in);
    std::stringstream text;
    text << in.rdbuf();
    Engine engine;
    htp::Engine htp;
    addAllCommands(htp, engine);
    for (const auto& name : htp.commandNames())
        EXPECT_NE(text.str().find("`" + name), std::string::npos) << name;
}

} // namespace
} // namespace hex
