#include "core/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hex {

namespace {

std::optional<std::int64_t> parseInt(std::string_view text) {
    std::int64_t value = 0;
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty())
        return std::nullopt;
    return value;
}

std::optional<double> parseReal(std::string_view text) {
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    const std::string copy(text);
    std::size_t used = 0;
    try {
        const double value = std::stod(copy, &used);
        if (used != copy.size() || !std::isfinite(value))
            return std::nullopt;
        return value;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::string formatNumber(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string typeLabel(const Options::Spec& spec) {
    switch (spec.type) {
    case Options::Type::Bool:
        return "bool";
    case Options::Type::Int:
        return "int " + formatNumber(spec.min) + ".." + formatNumber(spec.max);
    case Options::Type::Real:
        return "real " + formatNumber(spec.min) + ".." + formatNumber(spec.max);
    case Options::Type::String:
        return "string";
    case Options::Type::List:
        return fmt::format("one of {}", fmt::join(spec.choices, "|"));
    }
    return "?";
}

std::optional<std::string> checkValue(const Options::Spec& spec, std::string_view value) {
    const std::string name = spec.name;
    switch (spec.type) {
    case Options::Type::Bool:
        if (value == "0" || value == "1")
            return std::nullopt;
        return name + " is a bool: 0 or 1";
    case Options::Type::Int: {
        const auto parsed = parseInt(value);
        if (parsed && static_cast<double>(*parsed) >= spec.min &&
            static_cast<double>(*parsed) <= spec.max)
            return std::nullopt;
        return name + " is an integer in " + formatNumber(spec.min) + ".." + formatNumber(spec.max);
    }
    case Options::Type::Real: {
        const auto parsed = parseReal(value);
        if (parsed && *parsed >= spec.min && *parsed <= spec.max)
            return std::nullopt;
        return name + " is a number in " + formatNumber(spec.min) + ".." + formatNumber(spec.max);
    }
    case Options::Type::String:
        // One line of printable text: the value is echoed in the parameter dialog.
        for (char ch : value)
            if (static_cast<unsigned char>(ch) < 0x20)
                return name + " must be printable text";
        return std::nullopt;
    case Options::Type::List:
        for (const auto& choice : spec.choices)
            if (choice == value)
                return std::nullopt;
        return fmt::format("{} is one of: {}", name, fmt::join(spec.choices, ", "));
    }
    return name + " has an unknown type";
}

} // namespace

Options::Spec Options::boolean(std::string name, bool value, std::string help) {
    return {std::move(name), Type::Bool, value ? "1" : "0", 0, 0, {}, std::move(help)};
}

Options::Spec Options::integer(std::string name, std::int64_t value, std::int64_t min,
                               std::int64_t max, std::string help) {
    Spec spec;
    spec.name = std::move(name);
    spec.type = Type::Int;
    spec.defaultValue = std::to_string(value);
    spec.min = static_cast<double>(min);
    spec.max = static_cast<double>(max);
    spec.help = std::move(help);
    return spec;
}

Options::Spec Options::real(std::string name, double value, double min, double max,
                            std::string help) {
    return {std::move(name), Type::Real, formatNumber(value), min, max, {}, std::move(help)};
}

Options::Spec Options::text(std::string name, std::string value, std::string help) {
    return {std::move(name), Type::String, std::move(value), 0, 0, {}, std::move(help)};
}

Options::Spec Options::list(std::string name, std::string value, std::vector<std::string> choices,
                            std::string help) {
    return {std::move(name),    Type::List,     std::move(value), 0, 0,
            std::move(choices), std::move(help)};
}

Options::Spec Options::scoped(Scope scope, Spec spec) {
    spec.scope = scope;
    return spec;
}

void Options::declare(Spec spec) {
    assert(!has(spec.name));
    assert(!checkValue(spec, spec.defaultValue));
    std::string value = spec.defaultValue;
    entries_.push_back({std::make_shared<const Spec>(std::move(spec)), std::move(value)});
}

const Options::Entry* Options::find(std::string_view name) const noexcept {
    for (const auto& entry : entries_)
        if (entry.spec->name == name)
            return &entry;
    return nullptr;
}

const Options::Entry& Options::require(std::string_view name) const {
    const Entry* entry = find(name);
    if (!entry)
        throw std::logic_error("undeclared option " + std::string(name));
    return *entry;
}

std::optional<std::string> Options::whyInvalid(std::string_view name,
                                               std::string_view value) const {
    const Entry* entry = find(name);
    if (!entry) {
        std::vector<std::string> names;
        for (const auto& e : entries_)
            names.push_back(e.spec->name);
        return fmt::format("unknown parameter '{}'; known: {}", name.substr(0, 64),
                           fmt::join(names, " "));
    }
    return checkValue(*entry->spec, value);
}

std::optional<std::string> Options::set(std::string_view name, std::string_view value) {
    if (auto why = whyInvalid(name, value))
        return why;
    for (auto& entry : entries_)
        if (entry.spec->name == name)
            entry.value = std::string(value);
    return std::nullopt;
}

std::optional<std::string> Options::capMaximum(std::string_view name, double max) {
    const Entry& entry = require(name);
    assert(entry.spec->type == Type::Int || entry.spec->type == Type::Real);
    Spec capped = *entry.spec;
    capped.max = std::min(capped.max, max);
    if (auto why = checkValue(capped, entry.value))
        return fmt::format("{} is {}, above its cap: {}", entry.spec->name, entry.value, *why);
    for (auto& e : entries_)
        if (e.spec->name == name)
            e.spec = std::make_shared<const Spec>(std::move(capped));
    return std::nullopt;
}

bool Options::getBool(std::string_view name) const { return require(name).value == "1"; }

std::int64_t Options::getInt(std::string_view name) const {
    return parseInt(require(name).value).value_or(0);
}

double Options::getReal(std::string_view name) const {
    return parseReal(require(name).value).value_or(0.0);
}

const std::string& Options::getString(std::string_view name) const { return require(name).value; }

std::string Options::dialogText() const {
    std::vector<std::string> lines;
    for (const auto& entry : entries_) {
        if (entry.spec->scope == Scope::Start)
            continue; // param_ohmhex cannot change them: a dialog field would only fail
        std::string type = "[string]";
        if (entry.spec->type == Type::Bool)
            type = "[bool]";
        else if (entry.spec->type == Type::List)
            type = fmt::format("[list/{}]", fmt::join(entry.spec->choices, "/"));
        lines.push_back(fmt::format("{} {} {}", type, entry.spec->name, entry.value));
    }
    return fmt::format("{}", fmt::join(lines, "\n"));
}

std::string Options::helpText() const {
    std::string text;
    for (const auto& entry : entries_) {
        text += "  " + entry.spec->name + " (" + typeLabel(*entry.spec) + ", default " +
                (entry.spec->defaultValue.empty() ? "empty" : entry.spec->defaultValue) +
                ")\n      " + entry.spec->help + "\n";
    }
    return text;
}

} // namespace hex
