#pragma once

#include "core/geometry.h"
#include "core/move.h"
#include "core/types.h"

#include <string>
#include <string_view>
#include <vector>

namespace hex::htp {

// The arguments of one command with typed, checked access; every accessor throws htp::Failure
// with a message naming the argument.
class Args {
public:
    explicit Args(std::vector<std::string> words) : words_(std::move(words)) {}

    std::size_t size() const noexcept { return words_.size(); }
    void expectCount(std::size_t n) const;
    void expectBetween(std::size_t lo, std::size_t hi) const;

    const std::string& word(std::size_t i) const;
    long long integer(std::size_t i, long long lo, long long hi) const;
    double real(std::size_t i, double lo, double hi) const;
    // b, w, black or white in any case.
    Color color(std::size_t i) const;
    // An interior cell of the geometry.
    Cell cell(std::size_t i, const Geometry& geometry) const;
    // An interior cell or an edge node: north, south, west or east (in any case).
    Cell node(std::size_t i, const Geometry& geometry) const;
    // All words from i on, joined by single spaces.
    std::string rest(std::size_t i) const;
    // A text from word i on: the word itself, or, when it starts with a double quote, the words
    // up to the one that ends with the closing quote, joined by single spaces, without the
    // quotes (HexGui quotes a file name with a space; `""` is the empty text). `next` is the
    // index of the word after it. An unclosed quote is a Failure.
    struct Text {
        std::string value;
        std::size_t next;
    };
    Text text(std::size_t i) const;

private:
    std::vector<std::string> words_;
};

// Case-insensitive colour parsing shared with the SGF reader and the match tool.
std::optional<Color> parseColor(std::string_view text);
// A word shown back to the user in an error: at most 40 printable characters.
std::string quoted(std::string_view word);

} // namespace hex::htp
