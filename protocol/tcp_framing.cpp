#include "protocol/tcp_framing.h"

#include "protocol/stdio_session.h"

#include <utility>

namespace hex {

namespace {

// Compares every byte whatever the first difference, so the time a wrong guess takes says nothing
// about how much of it was right.
bool sameSecret(std::string_view given, std::string_view secret) {
    unsigned difference = given.size() == secret.size() ? 0 : 1;
    for (std::size_t i = 0; i < given.size(); ++i)
        difference |= static_cast<unsigned char>(given[i]) ^
                      static_cast<unsigned char>(secret[i % secret.size()]);
    return difference == 0;
}

TcpFraming::Event eventOf(TcpFraming::Kind kind) {
    TcpFraming::Event event;
    event.kind = kind;
    return event;
}

} // namespace

TcpFraming::TcpFraming(std::string secret, std::size_t maxLine)
    : secret_(std::move(secret)), maxLine_(maxLine), authenticated_(secret_.empty()) {}

// Before authentication a line can only be the secret, with some blanks around it: a waiting
// connection holds little memory whatever it sends.
std::size_t TcpFraming::lineLimit() const noexcept {
    return authenticated_ ? maxLine_ : secret_.size() + kSecretLineSlack;
}

std::optional<TcpFraming::Event> TcpFraming::next(std::string_view& data) {
    if (failed_ || data.empty())
        return std::nullopt;
    const std::size_t newline = data.find('\n');
    const std::string_view part = data.substr(0, newline);
    const std::size_t room = lineLimit() - line_.size();
    if (part.size() > room && !authenticated_) {
        data.remove_prefix(room + 1); // the first byte beyond the limit fails
        return wrongSecret(false);    // longer than any secret line
    }
    line_.append(part.substr(0, room));
    // Beyond the limit the rest is discarded, but read to the newline.
    tooLong_ = tooLong_ || part.size() > room;
    if (newline == std::string_view::npos) {
        data = {};
        return std::nullopt;
    }
    data.remove_prefix(newline + 1);
    return endLine();
}

TcpFraming::Event TcpFraming::endLine() {
    const bool tooLong = std::exchange(tooLong_, false);
    std::string line = std::move(line_);
    line_.clear();
    if (!authenticated_) {
        if (!sameSecret(trimmedLine(line), secret_))
            return wrongSecret(true);
        authenticated_ = true;
        return eventOf(Kind::Authenticated);
    }
    Event event = eventOf(Kind::Line);
    event.interrupt = !tooLong && isInterruptLine(line);
    event.command = tooLong || trimmedLine(line).rfind('#', 0) != 0;
    event.tooLong = tooLong;
    if (event.command && !tooLong)
        event.text = std::move(line);
    return event;
}

TcpFraming::Event TcpFraming::wrongSecret(bool lineEnded) {
    failed_ = true;
    line_.clear();
    Event event = eventOf(Kind::WrongSecret);
    event.lineEnded = lineEnded;
    return event;
}

} // namespace hex
