#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

// The one registry of engine parameters. Each option is declared exactly once (see
// engine/engine_options.cpp) with its type, default, range and help; everything else (the
// param_ohmhex dialog, -o key=value, --config files, --help) is generated from it.
// Values are stored as validated text; typed getters parse it. Not thread-safe: options are
// read and written on the command thread only.
class Options {
public:
    enum class Type { Bool, Int, Real, String, List };

    struct Spec {
        std::string name;
        Type type = Type::String;
        std::string defaultValue;
        double min = 0;                   // Int and Real only
        double max = 0;                   // Int and Real only
        std::vector<std::string> choices; // List only
        std::string help;
    };

    struct Entry {
        Spec spec;
        std::string value;
    };

    // Named constructors, so that the options table reads as one line of facts per option.
    static Spec boolean(std::string name, bool value, std::string help);
    static Spec integer(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                        std::string help);
    static Spec real(std::string name, double value, double min, double max, std::string help);
    static Spec text(std::string name, std::string value, std::string help);
    static Spec list(std::string name, std::string value, std::vector<std::string> choices,
                     std::string help);

    // Declares an option; the default must itself be valid. Declaring a name twice is a bug.
    void declare(Spec spec);

    // Sets a value after validating it. Returns the reason on failure (unknown name: listing the
    // known ones; bad value: stating the valid range) and then changes nothing.
    std::optional<std::string> set(std::string_view name, std::string_view value);
    // Why `value` is not valid for `name`, or nullopt.
    std::optional<std::string> whyInvalid(std::string_view name, std::string_view value) const;

    bool has(std::string_view name) const noexcept { return find(name) != nullptr; }
    bool getBool(std::string_view name) const;
    std::int64_t getInt(std::string_view name) const;
    double getReal(std::string_view name) const;
    const std::string& getString(std::string_view name) const; // also List

    // All options in declaration order.
    const std::vector<Entry>& entries() const noexcept { return entries_; }

    // The reply to a bare `param_ohmhex`: one "[type] key value" line per option (HexGui's
    // parameter dialog format; numbers are shown as [string] fields).
    std::string dialogText() const;
    // A human-readable listing with types, ranges, defaults and help (for --help).
    std::string helpText() const;

private:
    const Entry* find(std::string_view name) const noexcept;
    const Entry& require(std::string_view name) const;

    std::vector<Entry> entries_;
};

} // namespace hex
