#include "protocol/args.h"

#include "protocol/htp_engine.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace hex::htp {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& ch : out)
        if (ch >= 'A' && ch <= 'Z')
            ch = static_cast<char>(ch - 'A' + 'a');
    return out;
}

std::string ordinal(std::size_t i) { return "argument " + std::to_string(i + 1); }

} // namespace

std::optional<Color> parseColor(std::string_view text) {
    const std::string word = lower(text);
    if (word == "b" || word == "black")
        return Color::Black;
    if (word == "w" || word == "white")
        return Color::White;
    return std::nullopt;
}

std::string quoted(std::string_view word) {
    std::string out = "'";
    for (char ch : word.substr(0, 40))
        out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
    if (word.size() > 40)
        out += "...";
    return out + "'";
}

void Args::expectCount(std::size_t n) const {
    if (words_.size() != n)
        throw Failure("expected " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") +
                      ", got " + std::to_string(words_.size()));
}

void Args::expectBetween(std::size_t lo, std::size_t hi) const {
    if (words_.size() < lo || words_.size() > hi)
        throw Failure("expected " + std::to_string(lo) + " to " + std::to_string(hi) +
                      " arguments, got " + std::to_string(words_.size()));
}

const std::string& Args::word(std::size_t i) const {
    if (i >= words_.size())
        throw Failure("missing " + ordinal(i));
    return words_[i];
}

long long Args::integer(std::size_t i, long long lo, long long hi) const {
    const std::string& text = word(i);
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || value < lo || value > hi)
        throw Failure(ordinal(i) + " must be an integer in " + std::to_string(lo) + ".." +
                      std::to_string(hi) + ", got " + quoted(text));
    return value;
}

double Args::real(std::size_t i, double lo, double hi) const {
    const std::string& text = word(i);
    double value = 0;
    std::size_t used = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !std::isfinite(value) || value < lo || value > hi)
        throw Failure(ordinal(i) + " must be a number in " + std::to_string(lo) + ".." +
                      std::to_string(hi) + ", got " + quoted(text));
    return value;
}

Color Args::color(std::size_t i) const {
    const auto color = parseColor(word(i));
    if (!color)
        throw Failure("invalid color " + quoted(word(i)) + " (b, w, black or white)");
    return *color;
}

Cell Args::cell(std::size_t i, const Geometry& geometry) const {
    const auto cell = geometry.parse(word(i));
    if (!cell)
        throw Failure("invalid cell " + quoted(word(i)) + " on " +
                      std::to_string(geometry.width()) + "x" + std::to_string(geometry.height()));
    return *cell;
}

Cell Args::node(std::size_t i, const Geometry& geometry) const {
    const std::string name = lower(word(i));
    for (Cell edge : {geometry.north(), geometry.south(), geometry.west(), geometry.east()})
        if (name == geometry.name(edge))
            return edge;
    if (const auto cell = geometry.parse(word(i)))
        return *cell;
    throw Failure("invalid cell or edge " + quoted(word(i)) + " on " +
                  std::to_string(geometry.width()) + "x" + std::to_string(geometry.height()) +
                  " (edges: north, south, west, east)");
}

std::string Args::rest(std::size_t i) const {
    const auto from = words_.begin() + static_cast<std::ptrdiff_t>(std::min(i, words_.size()));
    return fmt::format("{}", fmt::join(from, words_.end(), " "));
}

Args::Text Args::text(std::size_t i) const {
    const std::string& first = word(i);
    if (first.empty() || first.front() != '"')
        return {first, i + 1};
    std::string value = first.substr(1);
    for (std::size_t j = i;; ++j) {
        if (j > i)
            value += ' ' + words_[j];
        if (!value.empty() && value.back() == '"') {
            value.pop_back();
            return {value, j + 1};
        }
        if (j + 1 >= words_.size())
            throw Failure("unterminated quoted text " + quoted(rest(i)));
    }
}

} // namespace hex::htp
