#include "eval/bridge_links.h"
#include "eval/cached_evaluator.h"
#include "eval/evaluator.h"
#include "eval/max_flow.h"
#include "eval/mixed_value.h"
#include "eval/network/network_evaluator.h"
#include "eval/policy_guided.h"
#include "eval/resistance.h"
#include "eval/two_distance.h"
#include "eval/vc_links.h"
#include "eval/y_reduction.h"

#include <algorithm>
#include <array>
#include <memory>

namespace hex::eval {

namespace {

struct Entry {
    std::string_view name;
    std::unique_ptr<Evaluator> (*make)(const EvaluatorConfig&);
};

template <typename T>
std::unique_ptr<Evaluator> create(const EvaluatorConfig&) {
    return std::make_unique<T>();
}

constexpr double kZigguratConductance = 4.0;

// The link sources of the resistance evaluator; the first is the default. Each installs its
// hooks on a new evaluator.
struct LinkSource {
    std::string_view name;
    void (*install)(ResistanceEvaluator&, const EvaluatorConfig&);
};

constexpr std::array kLinkSources{
    LinkSource{"vc",
               [](ResistanceEvaluator& evaluator, const EvaluatorConfig& config) {
                   // Each evaluator owns its H-search buffers; the edge-to-edge connections
                   // that the links were made of also decide won and lost positions.
                   auto vc = std::make_shared<VcLinks>(config.vcConductances, config.vcLimits);
                   evaluator.setLinkProvider([vc](const Board& board, Color color, LinkUse use,
                                                  std::vector<Link>& links) {
                       vc->append(board, color, links, use == LinkUse::Node);
                   });
                   evaluator.setConnectionState([vc](const Board& board, Color toMove) {
                       return vc->gameState(board, toMove);
                   });
               }},
    LinkSource{"bridges",
               [](ResistanceEvaluator& evaluator, const EvaluatorConfig&) {
                   evaluator.setLinkProvider(
                       [](const Board& board, Color color, LinkUse, std::vector<Link>& links) {
                           appendBridgeLinks(board, color, links);
                       });
               }},
    LinkSource{"templates",
               [](ResistanceEvaluator& evaluator, const EvaluatorConfig&) {
                   evaluator.setLinkProvider(
                       [](const Board& board, Color color, LinkUse, std::vector<Link>& links) {
                           BridgeConductances conductances;
                           conductances.stoneToEdgeZiggurat = kZigguratConductance;
                           appendBridgeLinks(board, color, links, conductances);
                       });
               }},
    LinkSource{"off", [](ResistanceEvaluator&, const EvaluatorConfig&) {}},
};

std::unique_ptr<Evaluator> createResistance(const EvaluatorConfig& config) {
    for (const LinkSource& source : kLinkSources) {
        if (source.name == config.resistanceLinks) {
            auto evaluator = std::make_unique<ResistanceEvaluator>();
            source.install(*evaluator, config);
            return evaluator;
        }
    }
    return nullptr;
}

// Where the network evaluator's value and its cell values come from (`network_value`,
// `network_policy`): the net, the resistance circuit, or (values only) the circuit corrected by
// the net (eval/mixed_value.h).
constexpr std::array<std::string_view, 3> kNetworkSources{"network", "resistance", "mix"};

std::unique_ptr<Evaluator> createHalf(std::string_view source, const EvaluatorConfig& config) {
    if (source == kNetworkSources[0])
        return std::make_unique<NetworkEvaluator>(config.network, config.networkRotation);
    if (source == kNetworkSources[1])
        return createResistance(config);
    if (source == kNetworkSources[2]) {
        std::unique_ptr<Evaluator> circuit = createResistance(config);
        if (!circuit)
            return nullptr;
        // The net's value depends on the position alone, and a search asks for it again and
        // again (every iteration, the next move's tree): the cache keeps it. The circuit is
        // not cached: its `vc` links derive builds from recent ones, so a cached value would
        // change the search (docs/search.md, "Evaluation cache").
        return std::make_unique<MixedValueEvaluator>(
            std::move(circuit),
            std::make_unique<CachedEvaluator>(
                std::make_unique<NetworkEvaluator>(config.network, config.networkRotation)),
            config.networkMixWeight, config.networkMixMaxSize);
    }
    return nullptr;
}

std::unique_ptr<Evaluator> createNetwork(const EvaluatorConfig& config) {
    if (!config.network || config.networkPolicy == kNetworkSources[2])
        return nullptr; // the mix is a value: its cells would be the circuit's
    if (config.networkValue == kNetworkSources[0] && config.networkPolicy == kNetworkSources[0])
        return createHalf(kNetworkSources[0], config); // one net gives both in one pass
    if (config.networkValue == kNetworkSources[2] && config.networkPolicy == kNetworkSources[1])
        return createHalf(kNetworkSources[2], config); // its cells are the circuit's already
    std::unique_ptr<Evaluator> policy = createHalf(config.networkPolicy, config);
    std::unique_ptr<Evaluator> value = createHalf(config.networkValue, config);
    if (!policy || !value)
        return nullptr;
    return std::make_unique<PolicyGuidedEvaluator>(std::move(policy), std::move(value));
}

// The one list of evaluators.
constexpr std::array kEntries{
    Entry{"resistance", &createResistance},
    Entry{"twodistance", &create<TwoDistanceEvaluator>},
    Entry{"yreduction", &create<YReductionEvaluator>},
    Entry{"maxflow", &create<MaxFlowEvaluator>},
    Entry{"network", &createNetwork},
};

} // namespace

std::vector<std::string_view> evaluatorNames() {
    std::vector<std::string_view> names;
    for (const Entry& entry : kEntries)
        names.push_back(entry.name);
    return names;
}

std::string_view defaultEvaluatorName() { return "network"; }

std::vector<std::string_view> networkValueNames() {
    return {kNetworkSources.begin(), kNetworkSources.end()};
}

std::vector<std::string_view> networkPolicyNames() {
    return {kNetworkSources.begin(), kNetworkSources.begin() + 2};
}

std::vector<std::string_view> resistanceLinkNames() {
    std::vector<std::string_view> names;
    for (const LinkSource& source : kLinkSources)
        names.push_back(source.name);
    return names;
}

std::unique_ptr<Evaluator> makeEvaluator(std::string_view name, const EvaluatorConfig& config) {
    for (const Entry& entry : kEntries)
        if (entry.name == name)
            return entry.make(config);
    return nullptr;
}

std::optional<std::string> whyNoEvaluator(std::string_view name, const EvaluatorConfig& config) {
    if (makeEvaluator(name, config))
        return std::nullopt;
    std::string known;
    for (std::string_view n : evaluatorNames())
        known += (known.empty() ? "" : " ") + std::string(n);
    const auto isSource = [](std::string_view source, const std::vector<std::string_view>& names) {
        return std::find(names.begin(), names.end(), source) != names.end();
    };
    if (name == "network" && config.network && !isSource(config.networkValue, networkValueNames()))
        return "unknown network_value '" + config.networkValue + "'";
    if (name == "network" && config.network)
        return "unknown network_policy '" + config.networkPolicy + "'";
    if (name == "network")
        return std::string("the network evaluator has no network loaded (set network_file)");
    if (name == "resistance")
        return "unknown resistance_links '" + config.resistanceLinks + "'";
    return "unknown evaluator '" + std::string(name) + "'; known: " + known;
}

} // namespace hex::eval
