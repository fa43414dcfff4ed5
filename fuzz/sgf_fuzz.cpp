// sgf::parse on arbitrary text; whatever parses and replays must survive a write and re-read
// unchanged (same size and moves). A mismatch aborts, so libFuzzer reports it.
#include "protocol/sgf.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

void fail(const char* why, std::string_view text) {
    std::fprintf(stderr, "SGF round trip: %s\n%.*s\n", why, static_cast<int>(text.size()),
                 text.data());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto record = hex::sgf::parse(text);
    if (!std::holds_alternative<hex::sgf::Record>(record))
        return 0;
    const auto game = hex::sgf::replay(std::get<hex::sgf::Record>(record), 100'000);
    if (!std::holds_alternative<hex::Game>(game))
        return 0;
    const hex::Game& first = std::get<hex::Game>(game);
    const std::string written = hex::sgf::write(first, "fuzz");
    const auto reread = hex::sgf::parse(written);
    if (!std::holds_alternative<hex::sgf::Record>(reread))
        fail("the written game does not parse", written);
    const auto again = hex::sgf::replay(std::get<hex::sgf::Record>(reread), 100'000);
    if (!std::holds_alternative<hex::Game>(again))
        fail("the written game does not replay", written);
    const hex::Game& second = std::get<hex::Game>(again);
    if (first.geometry().width() != second.geometry().width() ||
        first.geometry().height() != second.geometry().height() ||
        first.history().size() != second.history().size())
        fail("size or move count changed", written);
    for (std::size_t i = 0; i < first.history().size(); ++i) {
        const auto& a = first.history()[i];
        const auto& b = second.history()[i];
        if (a.color != b.color || !(a.move == b.move))
            fail("a move changed", written);
    }
    if (hex::sgf::write(second, "fuzz") != written)
        fail("writing is not stable", written);
    return 0;
}
