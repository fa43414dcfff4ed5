#include "protocol/htp_engine.h"

#include <spdlog/spdlog.h>

#include <cctype>
#include <new>

namespace hex::htp {

namespace {

// GTP pre-processing: CR and other control characters go, tabs become spaces, and everything
// from a '#' on is a comment.
std::string cleanLine(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (char ch : line) {
        if (ch == '#')
            break;
        if (ch == '\t')
            out += ' ';
        else if (static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7f)
            out += ch;
    }
    return out;
}

std::vector<std::string> splitWords(std::string_view text) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ')
            ++i;
        if (i > start)
            words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

bool allDigits(std::string_view word) {
    if (word.empty() || word.size() > 18)
        return false;
    for (char ch : word)
        if (!std::isdigit(static_cast<unsigned char>(ch)))
            return false;
    return true;
}

std::string frame(bool success, std::string_view id, std::string_view payload) {
    std::string reply(1, success ? '=' : '?');
    reply += id;
    reply += ' ';
    reply += sanitizePayload(payload);
    reply += "\n\n";
    return reply;
}

} // namespace

std::string sanitizePayload(std::string_view payload) {
    std::string out;
    out.reserve(payload.size());
    for (char ch : payload) {
        if (ch == '\r')
            continue;
        if (ch == '\n') {
            // Never two newlines in a row, and never a leading one after another.
            if (out.empty() || out.back() != '\n')
                out += '\n';
            continue;
        }
        const auto byte = static_cast<unsigned char>(ch);
        out += (byte >= 0x20 && byte < 0x7f) || ch == '\t' ? ch : '?';
    }
    while (!out.empty() && out.back() == '\n')
        out.pop_back();
    return out;
}

void Engine::add(std::string name, Handler handler, std::string help) {
    commands_[std::move(name)] = Command{std::move(handler), std::move(help)};
}

void Engine::addAnalyze(std::string line) { analyze_.push_back(std::move(line)); }

std::vector<std::string> Engine::commandNames() const {
    std::vector<std::string> names;
    for (const auto& [name, command] : commands_)
        names.push_back(name);
    return names;
}

std::string Engine::help(std::string_view name) const {
    const auto it = commands_.find(name);
    return it == commands_.end() ? std::string() : it->second.help;
}

std::optional<std::string> Engine::execute(std::string_view line, std::uint64_t ticket) {
    std::vector<std::string> words = splitWords(cleanLine(line));
    if (words.empty())
        return std::nullopt;
    std::string id;
    if (allDigits(words.front())) {
        id = words.front();
        words.erase(words.begin());
    }
    if (words.empty())
        return frame(false, id, "missing command");
    const std::string name = words.front();
    words.erase(words.begin());

    std::string reply;
    const auto it = commands_.find(name);
    if (it == commands_.end()) {
        reply = frame(false, id, "unknown command " + htp::quoted(name));
    } else {
        running_ = ticket;
        try {
            reply = frame(true, id, it->second.handler(Args(std::move(words))));
        } catch (const Failure& failure) {
            reply = frame(false, id, failure.what());
        } catch (const std::bad_alloc&) {
            reply = frame(false, id, "out of memory");
        } catch (const std::exception& error) {
            spdlog::error("command {} failed: {}", name, error.what());
            reply = frame(false, id, std::string("internal error: ") + error.what());
        }
    }
    if (onTranscript)
        onTranscript(line, reply);
    return reply;
}

} // namespace hex::htp
