#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hex {

// What a TCP client's bytes mean before anything runs: they are cut into lines; with a shared
// secret the first line must be that secret (blanks around it allowed), and no line is longer
// than the secret plus kSecretLineSlack until it has come; after it, a line longer than maxLine
// is kept only as "too long"; comment lines are dropped and interrupt lines interrupt. No socket
// and no thread: TcpConnection feeds it what it reads, and tests and a fuzz target drive it
// directly.
class TcpFraming {
public:
    // Blanks a secret line may have around the secret (trimmedLine removes them).
    static constexpr std::size_t kSecretLineSlack = 256;

    enum class Kind {
        Authenticated, // the line was the secret
        WrongSecret,   // it was not, or grew too long to be: nothing more is read
        Line,          // a line from an authenticated client
    };
    struct Event {
        Kind kind = Kind::Line;
        // A '\n' ended a line (the idle deadline restarts); false only for a secret line that
        // grew too long.
        bool lineEnded = true;
        // Line: the running command is to be interrupted ("# interrupt", gogui-interrupt).
        bool interrupt = false;
        // Line: a command to run; false for comments.
        bool command = false;
        // Line: longer than maxLine, answered with an error whatever it said.
        bool tooLong = false;
        // A command's text without its '\n'; empty when tooLong.
        std::string text;
    };

    // Without a secret every client is authenticated from the start.
    TcpFraming(std::string secret, std::size_t maxLine);

    // Reads `data` up to the end of the first event and removes what it read; nullopt once all
    // of it is read without an event (an unfinished line is kept for the next call). After
    // WrongSecret it reads nothing more.
    std::optional<Event> next(std::string_view& data);

    bool authenticated() const noexcept { return authenticated_; }
    bool failed() const noexcept { return failed_; }
    // The longest line kept now: the secret line's bound until authenticated, then maxLine.
    std::size_t lineLimit() const noexcept;
    // Bytes of the unfinished line held (at most lineLimit()).
    std::size_t buffered() const noexcept { return line_.size(); }

private:
    Event endLine();
    Event wrongSecret(bool lineEnded);

    std::string secret_;
    std::size_t maxLine_;
    bool authenticated_;
    bool failed_ = false;
    std::string line_;
    bool tooLong_ = false;
};

} // namespace hex
