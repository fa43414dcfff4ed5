// Arbitrary bytes as a TCP client's stream through TcpFraming, the line framing and
// authentication of every connection, and the replies its lines get. The first byte picks the
// setting (with or without a secret, the line limit) and the second the size of the pieces the
// rest arrives in. Checked against the stream cut at its '\n' bytes:
// - nothing before authentication: no line is a command until the first line, blanks trimmed,
//   equals the secret; after a wrong first line nothing more is read; a secret line that grows
//   past the secret plus TcpFraming::kSecretLineSlack fails before its end;
// - over-long lines: no more than the limit is ever buffered, and a longer line becomes a
//   command with no text that is answered with an error;
// - hence the same events whatever the pieces;
// - the replies to the first commands framed (fuzz/reply_contract.h).
// A violation aborts, so libFuzzer reports it.
#include "fuzz/reply_contract.h"
#include "protocol/command_queue.h"
#include "protocol/stdio_session.h"
#include "protocol/tcp_framing.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using hex::TcpFraming;
using Kind = TcpFraming::Kind;

// As long as the server's minimum. libFuzzer learns it from the comparison below (TcpFraming's
// own is constant-time, which it cannot learn from), and the seed corpus starts with it.
constexpr std::string_view kSecret = "fuzz-secret-16ch";
constexpr std::size_t kLineLimits[] = {1, 16, 300, 4096};
constexpr std::size_t kMaxReplies = 4;
// The sizes of the pieces the stream arrives in (a read returns at most 8192 bytes).
constexpr std::size_t kPieces[] = {1, 2, 3, 5, 8, 64, 512, 8192};
// Longer streams reach nothing shorter ones do not (the longest line limit that can be exceeded
// is the secret line's, 272 bytes) and only cost time.
constexpr std::size_t kMaxStream = 1024;

void expect(bool holds, const char* why, std::string_view input) {
    if (!holds)
        hex::fuzz::fail(why, input, "");
}

// Every event of `stream`, fed in pieces of `piece` bytes; checks the buffer bound after each.
std::vector<TcpFraming::Event> feed(std::string_view secret, std::size_t maxLine,
                                    std::string_view stream, std::size_t piece) {
    TcpFraming framing{std::string(secret), maxLine};
    std::vector<TcpFraming::Event> events;
    for (std::size_t at = 0; at < stream.size() && !framing.failed(); at += piece) {
        std::string_view data = stream.substr(at, piece);
        while (auto event = framing.next(data)) {
            events.push_back(std::move(*event));
            expect(framing.buffered() <= framing.lineLimit(), "buffer beyond the limit", stream);
        }
        expect(framing.buffered() <= framing.lineLimit(), "buffer beyond the limit", stream);
        expect(data.empty() || framing.failed(), "bytes left unread", stream);
    }
    return events;
}

// The commands a session runs stand in for the real table: what matters here is that every line
// that gets through is answered, framed, whatever it holds.
struct Replies {
    hex::htp::Engine htp;
    Replies() {
        htp.add(
            "echo", [](const hex::htp::Args& a) { return a.rest(0); }, "echo TEXT");
        htp.add(
            "fail",
            [](const hex::htp::Args& a) -> std::string { throw hex::htp::Failure(a.rest(0)); },
            "fail TEXT");
    }
};

hex::htp::Engine& replies() {
    static Replies replies;
    return replies.htp;
}

// An authenticated client's complete line and its event.
void checkLine(const TcpFraming::Event& event, std::string_view line, std::size_t maxLine,
               std::string_view stream) {
    expect(event.kind == Kind::Line, "a line was not a line", stream);
    const bool tooLong = line.size() > maxLine;
    expect(event.tooLong == tooLong, "the line limit was not applied", stream);
    expect(event.text.size() <= maxLine, "a command longer than the limit", stream);
    const bool comment = !tooLong && hex::trimmedLine(line).rfind('#', 0) == 0;
    expect(event.command == !comment, "a comment ran, or a command did not", stream);
    if (event.command && !tooLong)
        expect(event.text == line, "the command is not the line", stream);
    expect(event.interrupt == (!tooLong && hex::isInterruptLine(line)), "interrupt mismatch",
           stream);
}

// The reply the session gives a command: framed, and a refusal for a line too long.
void checkReplyTo(const TcpFraming::Event& event, std::size_t maxLine, std::string_view stream) {
    const auto reply =
        hex::runQueued(replies(), {event.text, replies().issue(), event.tooLong}, maxLine);
    if (event.tooLong)
        expect(reply && reply->rfind("? ", 0) == 0, "a long line was not refused", stream);
    if (reply)
        hex::fuzz::checkReply(event.text, *reply);
}

// The checks of the header against the stream's lines, in order. Only the first kMaxReplies
// commands are run: the replies' framing is htp_fuzz's subject, and running every line made an
// input's cost grow with its length.
void checkAgainstLines(std::string_view secret, std::size_t maxLine, std::string_view stream,
                       const std::vector<TcpFraming::Event>& events) {
    std::size_t next = 0; // the event expected for the next line
    std::size_t repliesLeft = kMaxReplies;
    bool authenticated = secret.empty();
    std::size_t start = 0;
    while (start <= stream.size()) {
        const std::size_t end = stream.find('\n', start);
        const bool ended = end != std::string_view::npos;
        const std::string_view line = stream.substr(start, (ended ? end : stream.size()) - start);
        start = ended ? end + 1 : stream.size() + 1;
        if (!authenticated) {
            const bool tooLong = line.size() > secret.size() + TcpFraming::kSecretLineSlack;
            if (!ended && !tooLong)
                break; // the secret line is still coming
            expect(next < events.size(), "no event for the secret line", stream);
            const auto& event = events[next++];
            if (!tooLong && hex::trimmedLine(line) == secret) {
                expect(event.kind == Kind::Authenticated, "the secret did not authenticate",
                       stream);
                authenticated = true;
                continue;
            }
            expect(event.kind == Kind::WrongSecret, "a wrong secret line was accepted", stream);
            expect(event.lineEnded == !tooLong, "a long secret line failed at the wrong time",
                   stream);
            break; // nothing after it
        }
        if (!ended)
            break;
        expect(next < events.size(), "a line got no event", stream);
        const auto& event = events[next++];
        checkLine(event, line, maxLine, stream);
        if (event.command && repliesLeft > 0) {
            --repliesLeft;
            checkReplyTo(event, maxLine, stream);
        }
    }
    expect(next == events.size(), "events beyond the stream's lines", stream);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2 || size - 2 > kMaxStream)
        return -1; // not worth keeping in the corpus
    const std::string_view secret = data[0] & 1 ? kSecret : std::string_view();
    const std::size_t maxLine = kLineLimits[(data[0] >> 1) % std::size(kLineLimits)];
    const std::size_t piece = kPieces[data[1] % std::size(kPieces)];
    const std::string_view stream(reinterpret_cast<const char*>(data) + 2, size - 2);
    checkAgainstLines(secret, maxLine, stream, feed(secret, maxLine, stream, piece));
    return 0;
}
