#include "match/openings.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <sstream>

namespace hex::match {

namespace {

std::vector<std::string> words(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> out;
    std::string word;
    while (in >> word)
        out.push_back(word);
    return out;
}

// Picks k of the items, evenly spread, keeping their order.
std::vector<std::string> spread(const std::vector<std::string>& items, std::size_t k) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < k; ++i)
        out.push_back(items[i * items.size() / k]);
    return out;
}

} // namespace

std::vector<Opening> everyFirstMove(int size) {
    const Geometry& g = Geometry::of(size, size);
    std::vector<Opening> out;
    for (Cell c = 0; c < g.cellCount(); ++c)
        out.push_back({g.name(c)});
    return out;
}

std::variant<std::vector<Opening>, std::string> parseOpeningFile(std::string_view text) {
    std::vector<Opening> out;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) {
        Opening opening = words(line.substr(0, line.find('#')));
        if (!opening.empty())
            out.push_back(std::move(opening));
    }
    if (out.empty())
        return std::string("no opening in the file (one opening per line, e.g. 'a3 c2')");
    return out;
}

std::variant<std::vector<Opening>, std::string> balancedFirstMoves(std::string_view tables,
                                                                   int size) {
    const std::string prefix = "OPEN " + std::to_string(size) + "x" + std::to_string(size) + " ";
    std::vector<std::string> wins;
    std::vector<std::string> losses;
    bool found = false;
    std::istringstream in{std::string(tables)};
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(prefix, 0) != 0)
            continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        found = true;
        const std::string kind = line.substr(prefix.size(), 3);
        (kind == "WIN" ? wins : losses) = words(line.substr(colon + 1));
    }
    if (!found)
        return "the tables have no first-move results for " + std::to_string(size) + "x" +
               std::to_string(size);
    const std::size_t k = std::min(wins.size(), losses.size());
    if (k == 0)
        return "no balanced set on " + std::to_string(size) + "x" + std::to_string(size) +
               ": every first move wins, or every one loses";
    std::vector<Opening> out;
    const auto w = spread(wins, k);
    const auto l = spread(losses, k);
    for (std::size_t i = 0; i < k; ++i) {
        out.push_back({w[i]});
        out.push_back({l[i]});
    }
    return out;
}

std::string whyBadOpening(const Opening& opening, int size) {
    Game game(size, size);
    Color color = Color::Black;
    for (const auto& name : opening) {
        const auto cell = game.geometry().parse(name);
        if (!cell)
            return "'" + name + "' is not a cell of a " + std::to_string(size) + "x" +
                   std::to_string(size) + " board";
        if (auto why = game.whyIllegal(color, Move::stone(*cell)))
            return "'" + name + "': " + *why;
        game.play(color, Move::stone(*cell));
        color = opponent(color);
    }
    if (game.board().winner())
        return "the game is already over after '" + openingText(opening) + "'";
    return "";
}

std::string openingText(const Opening& opening) {
    return fmt::format("{}", fmt::join(opening, " "));
}

} // namespace hex::match
