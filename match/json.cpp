#include "match/json.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace hex::match {

namespace {

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    Json document() {
        Json json = value(0);
        skipSpace();
        if (pos_ != text_.size())
            fail("trailing characters");
        return json;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("JSON: " + what + " at byte " + std::to_string(pos_));
    }
    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\t' || text_[pos_] == '\r'))
            ++pos_;
    }
    bool take(char ch) {
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == ch) {
            ++pos_;
            return true;
        }
        return false;
    }
    void expect(char ch) {
        if (!take(ch))
            fail(std::string("expected '") + ch + "'");
    }
    bool word(std::string_view w) {
        if (text_.substr(pos_, w.size()) != w)
            return false;
        pos_ += w.size();
        return true;
    }

    Json value(int depth) {
        if (depth > 64)
            fail("nested too deeply");
        skipSpace();
        if (pos_ >= text_.size())
            fail("unexpected end");
        const char ch = text_[pos_];
        if (ch == '{')
            return object(depth);
        if (ch == '[')
            return array(depth);
        if (ch == '"')
            return Json{string()};
        if (word("true"))
            return Json{true};
        if (word("false"))
            return Json{false};
        if (word("null"))
            return Json{nullptr};
        return Json{number()};
    }

    Json object(int depth) {
        Json::Object members;
        expect('{');
        if (take('}'))
            return Json{std::move(members)};
        do {
            skipSpace();
            std::string key = string();
            expect(':');
            members[std::move(key)] = value(depth + 1);
        } while (take(','));
        expect('}');
        return Json{std::move(members)};
    }

    Json array(int depth) {
        Json::Array items;
        expect('[');
        if (take(']'))
            return Json{std::move(items)};
        do
            items.push_back(value(depth + 1));
        while (take(','));
        expect(']');
        return Json{std::move(items)};
    }

    std::string string() {
        if (pos_ >= text_.size() || text_[pos_] != '"')
            fail("expected a string");
        ++pos_;
        std::string out;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            char ch = text_[pos_++];
            if (static_cast<unsigned char>(ch) < 0x20)
                fail("control character in a string");
            if (ch == '\\') {
                if (pos_ >= text_.size())
                    fail("unexpected end");
                const char e = text_[pos_++];
                if (e == 'n')
                    ch = '\n';
                else if (e == 't')
                    ch = '\t';
                else if (e == 'r')
                    ch = '\r';
                else if (e == 'b')
                    ch = '\b';
                else if (e == 'f')
                    ch = '\f';
                else if (e == 'u') {
                    if (pos_ + 4 > text_.size())
                        fail("bad \\u escape");
                    const unsigned long code =
                        std::stoul(std::string(text_.substr(pos_, 4)), nullptr, 16);
                    pos_ += 4;
                    ch = code < 128 ? static_cast<char>(code) : '?';
                } else if (e == '"' || e == '\\' || e == '/')
                    ch = e;
                else
                    fail("bad escape");
            }
            out += ch;
        }
        if (pos_ >= text_.size())
            fail("unterminated string");
        ++pos_;
        return out;
    }

    double number() {
        const std::size_t start = pos_;
        while (pos_ < text_.size() &&
               std::string_view("+-0123456789.eE").find(text_[pos_]) != std::string_view::npos)
            ++pos_;
        if (start == pos_)
            fail("unexpected character");
        try {
            return std::stod(std::string(text_.substr(start, pos_ - start)));
        } catch (const std::exception&) {
            fail("bad number");
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

} // namespace

const Json& Json::at(const std::string& key) const {
    if (!isObject())
        throw std::runtime_error("JSON: expected an object holding '" + key + "'");
    const auto it = object().find(key);
    if (it == object().end())
        throw std::runtime_error("JSON: missing '" + key + "'");
    return it->second;
}

double Json::number() const {
    if (const double* d = std::get_if<double>(&value))
        return *d;
    throw std::runtime_error("JSON: expected a number");
}

const std::string& Json::string() const {
    if (const std::string* s = std::get_if<std::string>(&value))
        return *s;
    throw std::runtime_error("JSON: expected a string");
}

Json parseJson(std::string_view text) { return Parser(text).document(); }

std::string jsonQuote(std::string_view text) {
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (ch == '\n') {
            out += "\\n";
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(ch));
            out += buffer;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

std::string writeJson(const Json& json) {
    struct Writer {
        std::string operator()(std::nullptr_t) const { return "null"; }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(double d) const {
            if (!std::isfinite(d))
                return "null";
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.10g", d);
            return buffer;
        }
        std::string operator()(const std::string& s) const { return jsonQuote(s); }
        std::string operator()(const Json::Array& a) const {
            std::string out = "[";
            for (std::size_t i = 0; i < a.size(); ++i)
                out += (i ? "," : "") + writeJson(a[i]);
            return out + "]";
        }
        std::string operator()(const Json::Object& o) const {
            std::string out = "{";
            for (const auto& [key, member] : o)
                out += (out.size() > 1 ? "," : "") + jsonQuote(key) + ":" + writeJson(member);
            return out + "}";
        }
    };
    return std::visit(Writer{}, json.value);
}

} // namespace hex::match
