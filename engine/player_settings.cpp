#include "engine/player_settings.h"

#include "eval/vc_conductances.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

namespace {

TimeManager::Clock searchClock(const Options& options, const GameClock& clock, Color color) {
    TimeManager::Clock c;
    if (const double perMove = options.getReal("max_time"); perMove > 0)
        c.perMoveLimit = perMove;
    if (const auto left = clock.remaining(color)) {
        c.timeLeft = left->seconds;
        c.movesInPeriod = left->stones;
    } else if (clock.mainTime > 0) {
        c.timeLeft = clock.mainTime;
    } else if (clock.byoYomiTime > 0) {
        c.timeLeft = clock.byoYomiTime;
        c.movesInPeriod = clock.byoYomiStones;
    }
    return c;
}

// The option's values are carrierDivisorNames(), in CarrierDivisor's order; the option
// refuses any other.
eval::CarrierDivisor carrierDivisor(const std::string& name) {
    const std::vector<std::string_view> names = eval::carrierDivisorNames();
    const auto it = std::find(names.begin(), names.end(), name);
    return static_cast<eval::CarrierDivisor>(it - names.begin());
}

} // namespace

VcLimits vcLinkLimits(const Options& options) {
    VcLimits limits;
    limits.maxFullPerPair = static_cast<int>(options.getInt("vc_fulls_per_pair"));
    limits.maxSemiPerPair = static_cast<int>(options.getInt("vc_semis_per_pair"));
    limits.maxOrSemis = static_cast<int>(options.getInt("vc_or_semis"));
    limits.ladders = options.getBool("vc_ladders");
    limits.edgeWindows = options.getBool("vc_edge_windows");
    limits.coverOr = options.getBool("vc_cover_or");
    return limits;
}

eval::EvaluatorConfig evaluatorConfig(const Options& options,
                                      std::shared_ptr<const eval::network::Network> network) {
    eval::EvaluatorConfig config;
    config.resistanceLinks = options.getString("resistance_links");
    config.vcConductances.ownToOwn = options.getReal("vc_own_to_own");
    config.vcConductances.divisor = carrierDivisor(options.getString("vc_carrier_divisor"));
    config.vcLimits = vcLinkLimits(options);
    config.network = std::move(network);
    config.networkRotation = options.getBool("network_rotation");
    config.networkValue = options.getString("network_value");
    config.networkPolicy = options.getString("network_policy");
    config.networkMixWeight = options.getReal("network_mix_weight");
    config.networkMixMaxSize = static_cast<int>(options.getInt("network_mix_max_size"));
    return config;
}

PlayerSettings playerSettings(const Options& options,
                              std::shared_ptr<const eval::network::Network> network,
                              const GameClock& clock, Color color) {
    PlayerSettings s;
    s.evaluator = options.getString("evaluator");
    s.evaluatorConfig = evaluatorConfig(options, std::move(network));
    s.tableMb = static_cast<std::size_t>(options.getInt("tt_mb"));
    s.limits.width = static_cast<int>(options.getInt("width"));
    s.limits.rootWidth = static_cast<int>(options.getInt("root_width"));
    s.limits.evenDepthMoves = options.getBool("even_depths");
    s.limits.quiescenceMoves = static_cast<int>(options.getInt("quiescence_moves"));
    s.limits.quiescencePlies = static_cast<int>(options.getInt("quiescence_plies"));
    s.limits.maxDepth = static_cast<int>(options.getInt("max_depth"));
    s.limits.maxNodes = static_cast<std::uint64_t>(options.getInt("max_nodes"));
    s.limits.rootConnectionsMaxEmpty =
        static_cast<int>(options.getInt("root_connections_max_empty"));
    s.limits.connectionsMaxEmpty = static_cast<int>(options.getInt("connections_max_empty"));
    s.limits.pruneInferiorAtRoot = options.getBool("root_inferior");
    s.limits.evaluatorConnections = options.getBool("node_connections");
    s.solverMaxEmpty = static_cast<int>(options.getInt("solver_max_empty"));
    s.solverCheckShare = options.getReal("solver_check");
    s.solverRest = options.getBool("solver_rest");
    s.solverBeside = options.getBool("solver_beside");
    s.clock = searchClock(options, clock, color);
    return s;
}

} // namespace hex
