#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hex::match {

// A small JSON document model for results.json: enough to write it and to read it back for
// `ohmhex-match merge`.
struct Json {
    using Array = std::vector<Json>;
    using Object = std::map<std::string, Json>;
    std::variant<std::nullptr_t, bool, double, std::string, Array, Object> value;

    bool isObject() const { return std::holds_alternative<Object>(value); }
    const Object& object() const { return std::get<Object>(value); }
    const Array& array() const { return std::get<Array>(value); }
    // Member access that throws std::runtime_error naming the missing key or wrong type.
    const Json& at(const std::string& key) const;
    double number() const;
    const std::string& string() const;
};

// Parses a complete document; throws std::runtime_error with the byte offset on error.
Json parseJson(std::string_view text);
// A JSON string literal, quotes included.
std::string jsonQuote(std::string_view text);
// Compact text, members in key order.
std::string writeJson(const Json& json);

} // namespace hex::match
