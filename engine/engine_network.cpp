// The Engine's learned-evaluator net: network_file loads it, the evaluators share it.
#include "engine/engine.h"

#include "eval/network/built_in.h"
#include "eval/network/network.h"

namespace hex {

namespace {

std::shared_ptr<const eval::network::Network> loadNetwork(const Engine::FileReader& reader,
                                                          const std::string& path) {
    if (path.empty())
        return eval::network::builtInNetwork();
    try {
        const std::string bytes = reader(path, eval::network::maxWeightsFileBytes());
        return std::make_shared<const eval::network::Network>(eval::network::parseWeights(bytes));
    } catch (const std::exception& error) {
        throw std::runtime_error("cannot load network_file '" + path + "': " + error.what());
    }
}

} // namespace

std::optional<std::string> Engine::setNetworkFile(const std::string& path) {
    std::shared_ptr<const eval::network::Network> loaded;
    try {
        loaded = loadNetwork(fileReader_, path);
    } catch (const std::exception& error) {
        return error.what();
    }
    if (auto why = options_.set("network_file", path))
        return why;
    network_ = std::move(loaded);
    networkPath_ = path;
    return std::nullopt;
}

std::optional<std::string> Engine::loadOptionFiles() {
    const std::string path = options_.getString("network_file");
    if (path == networkPath_)
        return std::nullopt;
    try {
        network_ = loadNetwork(fileReader_, path);
        networkPath_ = path;
        return std::nullopt;
    } catch (const std::exception& error) {
        // A bad file never stops the engine: it plays on with the built-in net, which every
        // evaluator (network among them) can use.
        network_ = eval::network::builtInNetwork();
        networkPath_.clear();
        options_.set("network_file", "");
        std::string why = error.what();
        why += "; network_file is the built-in net";
        return why;
    }
}

} // namespace hex
