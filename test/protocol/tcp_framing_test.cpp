// TcpFraming: how a TCP client's bytes become lines, and the authentication decision, without a
// socket (tcp_session_test and tcp_limits_test check the same rules over loopback).
#include "protocol/tcp_framing.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace hex {
namespace {

using Kind = TcpFraming::Kind;
using Event = TcpFraming::Event;

const std::string kFramingSecret = "correct-horse-battery";

// Every event `bytes` gives, fed in pieces of `piece` bytes.
std::vector<Event> feed(TcpFraming& framing, std::string_view bytes, std::size_t piece = 8192) {
    std::vector<Event> events;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
        std::string_view data = bytes.substr(at, piece);
        while (auto event = framing.next(data))
            events.push_back(*event);
    }
    return events;
}

TEST(TcpFraming, WithoutASecretEveryLineIsACommand) {
    TcpFraming framing("", 100);
    EXPECT_TRUE(framing.authenticated());
    const auto events = feed(framing, "name\r\nversion\npartial");
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].kind, Kind::Line);
    EXPECT_TRUE(events[0].command);
    EXPECT_EQ(events[0].text, "name\r");
    EXPECT_EQ(events[1].text, "version");
    EXPECT_EQ(framing.buffered(), std::string_view("partial").size());
}

TEST(TcpFraming, TheSecretWithBlanksAroundItAuthenticates) {
    TcpFraming framing(kFramingSecret, 100);
    EXPECT_FALSE(framing.authenticated());
    const auto events = feed(framing, " \t" + kFramingSecret + " \r\nname\n");
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].kind, Kind::Authenticated);
    EXPECT_EQ(events[1].kind, Kind::Line);
    EXPECT_EQ(events[1].text, "name");
    EXPECT_TRUE(framing.authenticated());
}

TEST(TcpFraming, AWrongSecretEndsTheStream) {
    for (const std::string& first : {kFramingSecret + "x", kFramingSecret.substr(1),
                                     std::string("name"), std::string(), "# " + kFramingSecret}) {
        TcpFraming framing(kFramingSecret, 100);
        const std::string bytes = first + "\n" + kFramingSecret + "\nname\n";
        std::string_view data = bytes;
        const auto event = framing.next(data);
        ASSERT_TRUE(event) << first;
        EXPECT_EQ(event->kind, Kind::WrongSecret) << first;
        EXPECT_TRUE(event->lineEnded);
        EXPECT_TRUE(framing.failed());
        EXPECT_FALSE(framing.next(data)) << "nothing after a wrong secret is read";
        EXPECT_EQ(data.size(), kFramingSecret.size() + 6);
    }
}

TEST(TcpFraming, ALineTooLongForTheSecretFailsBeforeItsEnd) {
    TcpFraming framing(kFramingSecret, 1 << 20);
    const std::size_t limit = kFramingSecret.size() + TcpFraming::kSecretLineSlack;
    EXPECT_EQ(framing.lineLimit(), limit);
    const std::string flood(limit + 10, ' ');
    std::string_view data = flood;
    const auto event = framing.next(data);
    ASSERT_TRUE(event);
    EXPECT_EQ(event->kind, Kind::WrongSecret);
    EXPECT_FALSE(event->lineEnded);
    EXPECT_EQ(data.size(), 9u) << "fails at the first byte beyond the limit";
    EXPECT_EQ(framing.buffered(), 0u);
}

TEST(TcpFraming, ALongLineAfterAuthenticationIsKeptOnlyAsTooLong) {
    TcpFraming framing("", 10);
    const auto events = feed(framing, std::string(25, 'x') + "\nname\n", 3);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_TRUE(events[0].command);
    EXPECT_TRUE(events[0].tooLong);
    EXPECT_EQ(events[0].text, "");
    EXPECT_FALSE(events[1].tooLong);
    EXPECT_EQ(events[1].text, "name");
}

TEST(TcpFraming, CommentsRunNothingAndInterruptLinesInterrupt) {
    TcpFraming framing("", 100);
    const auto events = feed(framing, "# note\n  # interrupt\ngogui-interrupt\n#interrupt\n");
    ASSERT_EQ(events.size(), 4u);
    EXPECT_FALSE(events[0].command);
    EXPECT_FALSE(events[0].interrupt);
    EXPECT_FALSE(events[1].command);
    EXPECT_TRUE(events[1].interrupt);
    EXPECT_TRUE(events[2].command) << "gogui-interrupt is a command too";
    EXPECT_TRUE(events[2].interrupt);
    EXPECT_FALSE(events[3].command);
    EXPECT_TRUE(events[3].interrupt);
}

TEST(TcpFraming, ThePiecesTheBytesArriveInDoNotMatter) {
    const std::string bytes =
        kFramingSecret + "\nplay b a1\n# c\n" + std::string(40, 'y') + "\nshow";
    TcpFraming whole(kFramingSecret, 30);
    const auto expected = feed(whole, bytes);
    ASSERT_EQ(expected.size(), 4u);
    for (std::size_t piece = 1; piece < 8; ++piece) {
        TcpFraming framing(kFramingSecret, 30);
        const auto events = feed(framing, bytes, piece);
        ASSERT_EQ(events.size(), expected.size()) << piece;
        for (std::size_t i = 0; i < events.size(); ++i) {
            EXPECT_EQ(events[i].kind, expected[i].kind);
            EXPECT_EQ(events[i].text, expected[i].text);
            EXPECT_EQ(events[i].tooLong, expected[i].tooLong);
            EXPECT_EQ(events[i].command, expected[i].command);
        }
        EXPECT_EQ(framing.buffered(), 4u);
    }
}

} // namespace
} // namespace hex
