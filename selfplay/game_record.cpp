#include "selfplay/game_record.h"

#include "core/geometry.h"

namespace hex::selfplay {

namespace {

// What the records' settings leave out: the budget (it has its own keys), and the options that
// do not change the games (logging, the TCP server's).
bool affectsPlay(const Options::Entry& option) {
    return option.spec->scope == Options::Scope::Client && option.spec->name != "max_nodes" &&
           option.spec->name != "max_time" && option.spec->name != "evaluator";
}

} // namespace

nlohmann::ordered_json recordSettings(const SelfPlayConfig& config) {
    nlohmann::ordered_json settings;
    settings["evaluator"] = config.options.getString("evaluator");
    if (config.seconds > 0)
        settings["time"] = config.seconds;
    else
        settings["nodes"] = config.nodes;
    settings["random_plies"] = config.randomPlies;
    settings["solver_empty"] = config.solverEmpty;
    settings["solver_nodes"] = config.solverNodes;
    settings["sizes"] = config.sizes;
    nlohmann::ordered_json changed = nlohmann::ordered_json::object();
    for (const Options::Entry& option : config.options.entries())
        if (affectsPlay(option) && option.value != option.spec->defaultValue)
            changed[option.spec->name] = option.value;
    settings["options"] = std::move(changed);
    return settings;
}

std::string recordLine(const GameRecord& record, const nlohmann::ordered_json& settings) {
    const Geometry& geometry = Geometry::of(record.size, record.size);
    const auto names = [&geometry](const std::vector<Cell>& cells) {
        std::vector<std::string> out;
        for (Cell c : cells)
            out.push_back(geometry.name(c));
        return out;
    };
    nlohmann::ordered_json line;
    line["version"] = GameRecord::kVersion;
    line["width"] = record.size;
    line["height"] = record.size;
    line["seed"] = record.seed;
    line["game"] = record.game;
    line["moves"] = names(record.moves);
    line["searched"] = names(record.searched);
    line["scores"] = record.scores;
    line["proven"] = record.proven;
    line["winner"] = std::string(colorName(record.winner));
    line["settings"] = settings;
    return line.dump() + "\n";
}

} // namespace hex::selfplay
