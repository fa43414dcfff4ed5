#pragma once

#include <cstdint>
#include <memory>
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
    // Who may change an option while ohmhex runs; the command line and --config set them all.
    enum class Scope {
        Client,  // each client's own (a TCP connection has its own copy): param_ohmhex sets it
        Process, // shared by the whole process (logging): the local controller on stdin may
                 // set it, a TCP client may not
        Start,   // read once when ohmhex starts (the TCP server's limits): param_ohmhex never
    };

    struct Spec {
        std::string name;
        Type type = Type::String;
        std::string defaultValue;
        double min = 0;                   // Int and Real only
        double max = 0;                   // Int and Real only
        std::vector<std::string> choices; // List only
        std::string help;
        Scope scope = Scope::Client;
    };

    // The spec is shared, never changed in place: copying Options (every engine, so every TCP
    // client and every fuzz input, starts from a copy of the declared ones) copies the values
    // only, not the names and help texts.
    struct Entry {
        std::shared_ptr<const Spec> spec;
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

    // The spec with another scope: Options::scoped(Scope::Start, Options::integer(...)).
    static Spec scoped(Scope scope, Spec spec);

    // Declares an option; the default must itself be valid. Declaring a name twice is a bug.
    void declare(Spec spec);

    // Sets a value after validating it. Returns the reason on failure (unknown name: listing the
    // known ones; bad value: stating the valid range) and then changes nothing.
    std::optional<std::string> set(std::string_view name, std::string_view value);
    // Why `value` is not valid for `name`, or nullopt.
    std::optional<std::string> whyInvalid(std::string_view name, std::string_view value) const;

    // Lowers an Int or Real option's maximum (a TCP client's caps), so that set refuses more and
    // says so in its reason. Returns the reason, and changes nothing, if the current value is
    // above the new maximum.
    std::optional<std::string> capMaximum(std::string_view name, double max);

    bool has(std::string_view name) const noexcept { return find(name) != nullptr; }
    // The option's scope; the name must be declared.
    Scope scope(std::string_view name) const { return require(name).spec->scope; }
    bool getBool(std::string_view name) const;
    std::int64_t getInt(std::string_view name) const;
    double getReal(std::string_view name) const;
    const std::string& getString(std::string_view name) const; // also List

    // All options in declaration order.
    const std::vector<Entry>& entries() const noexcept { return entries_; }

    // The reply to a bare `param_ohmhex`: one "[type] key value" line per option that
    // param_ohmhex may change, so no Start option (HexGui's parameter dialog format; numbers are
    // shown as [string] fields).
    std::string dialogText() const;
    // A human-readable listing with types, ranges, defaults and help (for --help).
    std::string helpText() const;

private:
    const Entry* find(std::string_view name) const noexcept;
    const Entry& require(std::string_view name) const;

    std::vector<Entry> entries_;
};

} // namespace hex
