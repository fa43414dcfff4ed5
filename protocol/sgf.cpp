#include "protocol/sgf.h"

#include "protocol/args.h"

#include <cctype>

namespace hex::sgf {

namespace {

struct Property {
    std::string name;
    std::vector<std::string> values;
};
using Node = std::vector<Property>;

// A strict reader of SGF syntax that keeps the main line: a node sequence is followed by its
// variations, so the main line is every node met before the first ')'. The rest of the file is
// still read to the end, so a truncated or malformed file is refused as a whole.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::variant<std::vector<Node>, std::string> mainLine() {
        skipSpace();
        if (!consume('('))
            return std::string("not an SGF file (no '(' at the start)");
        std::vector<Node> nodes;
        int depth = 1;
        bool inMainLine = true;
        while (depth > 0) {
            skipSpace();
            if (pos_ >= text_.size())
                return std::string("truncated SGF file");
            const char ch = text_[pos_++];
            if (ch == '(') {
                ++depth;
            } else if (ch == ')') {
                --depth;
                inMainLine = false;
            } else if (ch == ';') {
                Node node;
                if (auto error = readProperties(node))
                    return *error;
                if (inMainLine)
                    nodes.push_back(std::move(node));
            } else {
                return "unexpected character " + htp::quoted(std::string_view(&ch, 1)) +
                       " in SGF file";
            }
        }
        if (nodes.empty())
            return std::string("SGF game has no nodes");
        skipSpace();
        if (pos_ < text_.size())
            return std::string("unexpected text after the SGF game");
        return nodes;
    }

private:
    void skipSpace() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
            ++pos_;
    }
    bool consume(char ch) {
        if (pos_ < text_.size() && text_[pos_] == ch) {
            ++pos_;
            return true;
        }
        return false;
    }

    std::optional<std::string> readProperties(Node& node) {
        for (;;) {
            skipSpace();
            std::string name;
            while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_])))
                name += text_[pos_++];
            if (name.empty())
                return std::nullopt;
            Property property{name, {}};
            skipSpace();
            while (consume('[')) {
                auto value = readValue();
                if (!value)
                    return std::string("truncated SGF file (unclosed value of ") + name + ")";
                property.values.push_back(std::move(*value));
                skipSpace();
            }
            if (property.values.empty())
                return "SGF property " + htp::quoted(name) + " has no value";
            node.push_back(std::move(property));
        }
    }

    std::optional<std::string> readValue() {
        std::string value;
        while (pos_ < text_.size()) {
            const char ch = text_[pos_++];
            if (ch == ']')
                return value;
            if (ch == '\\') {
                if (pos_ >= text_.size())
                    break;
                value += text_[pos_++];
                continue;
            }
            value += ch;
        }
        return std::nullopt;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

const Property* find(const Node& node, std::string_view name) {
    for (const auto& property : node)
        if (property.name == name)
            return &property;
    return nullptr;
}

std::optional<int> smallNumber(std::string_view text) {
    if (text.empty() || text.size() > 3)
        return std::nullopt;
    int value = 0;
    for (char ch : text) {
        if (!std::isdigit(static_cast<unsigned char>(ch)))
            return std::nullopt;
        value = value * 10 + (ch - '0');
    }
    return value;
}

std::optional<std::string> readRoot(const Node& root, Record& record, bool& oldHexGui) {
    if (const Property* gm = find(root, "GM"); gm && gm->values.front() != "11")
        return "not a Hex game (GM[" + htp::quoted(gm->values.front()) + "])";
    if (const Property* ff = find(root, "FF")) {
        const auto version = smallNumber(ff->values.front());
        if (!version || *version < 1 || *version > 4)
            return std::string("unsupported SGF format FF[") + ff->values.front().substr(0, 8) +
                   "]";
    }
    if (const Property* sz = find(root, "SZ")) {
        const std::string& size = sz->values.front();
        const auto colon = size.find(':');
        const auto width = smallNumber(size.substr(0, colon));
        const auto height =
            colon == std::string::npos ? width : smallNumber(size.substr(colon + 1));
        if (!width || !height || !Geometry::validSize(*width, *height))
            return "unsupported board size SZ[" + htp::quoted(size) + "] (1 to 19 each way)";
        record.width = *width;
        record.height = *height;
    }
    // HexGui 0.9 and older wrote swap-pieces for what is a swap-sides move.
    if (const Property* ap = find(root, "AP")) {
        const std::string& app = ap->values.front();
        oldHexGui = app.rfind("HexGui:0.", 0) == 0 && app.size() >= 10 &&
                    std::isdigit(static_cast<unsigned char>(app[9])) &&
                    (app.size() == 10 || !std::isdigit(static_cast<unsigned char>(app[10])));
    }
    return std::nullopt;
}

std::optional<Cell> readCell(const Geometry& g, std::string_view value) {
    if (auto cell = g.parse(value))
        return cell;
    // Little Golem: two letters, column then row.
    if (value.size() == 2 && std::islower(static_cast<unsigned char>(value[0])) &&
        std::islower(static_cast<unsigned char>(value[1]))) {
        const int x = value[0] - 'a';
        const int y = value[1] - 'a';
        if (g.onBoard(x, y))
            return g.cell(x, y);
    }
    return std::nullopt;
}

enum class Special { None, Stop, Skip };

Special special(std::string_view value) {
    if (value == "resign" || value == "forfeit")
        return Special::Stop;
    if (value == "pass" || value.empty())
        return Special::Skip;
    return Special::None;
}

// Reads one node's setup stones and move into the record; the reason on error, and
// `stop` set when the game ends at this node.
std::optional<std::string> readNode(const Node& node, const Geometry& g, bool oldHexGui,
                                    Record& record, bool& stop) {
    for (const auto& [name, color] :
         {std::pair{"AB", Color::Black}, std::pair{"AW", Color::White}}) {
        if (const Property* setup = find(node, name)) {
            for (const auto& value : setup->values) {
                const auto cell = readCell(g, value);
                if (!cell)
                    return "invalid setup cell " + htp::quoted(value);
                record.moves.emplace_back(color, Move::stone(*cell));
            }
        }
    }
    for (const auto& [name, color] : {std::pair{"B", Color::Black}, std::pair{"W", Color::White}}) {
        const Property* move = find(node, name);
        if (!move)
            continue;
        const std::string& value = move->values.front();
        switch (special(value)) {
        case Special::Stop:
            stop = true;
            return std::nullopt;
        case Special::Skip:
            continue;
        case Special::None:
            break;
        }
        if (value == "swap-sides" || value == "swap" || (value == "swap-pieces" && oldHexGui))
            record.moves.emplace_back(color, Move::swapSides());
        else if (value == "swap-pieces")
            record.moves.emplace_back(color, Move::swapPieces());
        else if (const auto cell = readCell(g, value))
            record.moves.emplace_back(color, Move::stone(*cell));
        else
            return "invalid move " + htp::quoted(value);
    }
    return std::nullopt;
}

void appendMove(std::string& out, const Geometry& g, const Game::Entry& entry) {
    out += ';';
    out += entry.color == Color::Black ? "B[" : "W[";
    out += moveName(g, entry.move);
    out += ']';
}

} // namespace

std::variant<Record, std::string> parse(std::string_view text) {
    auto nodes = Reader(text).mainLine();
    if (auto* error = std::get_if<std::string>(&nodes))
        return *error;
    const auto& line = std::get<std::vector<Node>>(nodes);
    Record record;
    bool oldHexGui = false;
    if (auto error = readRoot(line.front(), record, oldHexGui))
        return *error;
    const Geometry& g = Geometry::of(record.width, record.height);
    bool stop = false;
    for (const Node& node : line) {
        if (auto error = readNode(node, g, oldHexGui, record, stop))
            return *error;
        if (stop)
            break;
    }
    return record;
}

std::variant<Game, std::string> replay(const Record& record, std::size_t maxMoves) {
    Game game(record.width, record.height);
    for (std::size_t i = 0; i < record.moves.size() && i < maxMoves; ++i) {
        const auto& [color, move] = record.moves[i];
        if (auto why = game.whyIllegal(color, move))
            return "move " + std::to_string(i + 1) + " (" + moveName(game.geometry(), move) +
                   ") is illegal: " + *why;
        game.play(color, move);
    }
    return game;
}

std::string write(const Game& game, std::string_view application) {
    const Geometry& g = game.geometry();
    std::string out = "(;AP[" + std::string(application) + "]FF[4]GM[11]SZ[";
    out += std::to_string(g.width());
    if (!g.square())
        out += ":" + std::to_string(g.height());
    out += "]";
    for (const auto& entry : game.history())
        appendMove(out, g, entry);
    out += ")\n";
    return out;
}

} // namespace hex::sgf
