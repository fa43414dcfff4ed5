#pragma once

#include "connections/game_state.h"
#include "core/board.h"
#include "core/score.h"
#include "eval/vc_conductances.h"
#include "eval/vc_limits.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hex::eval {

namespace network {
class Network;
}

// A static evaluation of a position. Implementations are deterministic (bit-identical results
// for the same sequence of positions evaluated; most for the same position whatever came
// before, but the vc links derive a build from recent ones, eval/vc_links.h), keep their scratch
// buffers inside and are used by one thread at a time (one instance per search thread).
class Evaluator {
public:
    virtual ~Evaluator() = default;

    virtual std::string_view name() const = 0;

    // The value for the side to move, strictly inside (-kMaxEval, kMaxEval) unless the position
    // is already won, which scores +-kMaxEval for the winner.
    virtual Score evaluate(const Board& board, Color toMove) = 0;

    // The same value, and in cellValues (size geometry().cellCount()) the importance of each
    // empty cell as a move (larger is more important; never negative); occupied cells get 0.
    virtual Score evaluateWithCells(const Board& board, Color toMove,
                                    std::span<int> cellValues) = 0;

    // The cell values alone, for a caller that needs no value now (a search ordering a node's
    // moves): an evaluator whose value has a dear part the cells do not need (the mix's net)
    // leaves it out.
    virtual void evaluateCells(const Board& board, Color toMove, std::span<int> cellValues) {
        evaluateWithCells(board, toMove, cellValues);
    }

    // What the evaluator's own connection knowledge (the `vc` links' H-search) proves about
    // `board` with `toMove` to play, when its last evaluation built both colours' connections
    // on this very position: a winner, or the cells toMove must play in (the intersection of
    // the opponent's edge-to-edge semi carriers) with their reason. nullopt when it has no such
    // knowledge of this position. Sound like every H-search result, so a search may prune by
    // it and prove with it; weaker than the solver's H-search (smaller per-pair limits), so a
    // must-play set from it may be larger.
    virtual std::optional<GameState> connectionState(const Board& /*board*/,
                                                     Color /*toMove*/) const {
        return std::nullopt;
    }
};

// Run-time choices of the evaluators that have any; each field is an engine option.
struct EvaluatorConfig {
    // Virtual-connection links of the resistance evaluator (`resistance_links`), one of
    // resistanceLinkNames(): "bridges" (bridges and edge template II), "templates" (the same
    // plus template IIIa), "vc" (every full virtual connection H-search finds, eval/vc_links.h)
    // or "off".
    std::string resistanceLinks = "vc";
    // The learned evaluator's net (`network_file`, loaded by the engine; shared read-only by
    // every evaluator made with it); without one, makeEvaluator("network") gives nullptr.
    std::shared_ptr<const network::Network> network{};
    // Whether it averages the position with its 180-degree rotation (`network_rotation`).
    bool networkRotation = false;
    // What scores the network evaluator's positions (`network_value`), one of
    // networkValueNames(): "network" (its value head), "resistance" (the resistance evaluator
    // with resistanceLinks; the net then gives only the cell values, eval/policy_guided.h) or
    // "mix" (the resistance evaluator's score corrected by the net's, eval/mixed_value.h). The
    // mix with the circuit's cell values by default: the one combination that has beaten the
    // resistance evaluator (docs/network.md, "The shipped net").
    std::string networkValue = "mix";
    // With networkValue "mix": the net's weight beside the circuit (`network_mix_weight`).
    double networkMixWeight = 1.0;
    // With networkValue "mix": the largest side of a board on which the net corrects the
    // circuit (`network_mix_max_size`); larger boards get the circuit alone. The built-in net
    // learned 9x9 positions: it wins there, plays even on 11x11 and lost on 13x13 when it was
    // slow (docs/strength.md, "The network evaluator as the default"); fast, it was level with
    // the circuit there (18 against 16 of 40; "Must-play at every node, and three quiescence
    // moves"), which is no reason to switch.
    int networkMixMaxSize = 11;
    // What gives its cell values, which order the moves and set the width (`network_policy`),
    // one of networkPolicyNames(): "network" (its policy head) or "resistance" (the resistance
    // evaluator's cell values; the net then only scores).
    std::string networkPolicy = "resistance";
    // The conductances of the "vc" links (`vc_own_to_own`, `vc_carrier_divisor`).
    VcConductances vcConductances{};
    // The H-search limits of the "vc" links (`vc_fulls_per_pair`, `vc_semis_per_pair`,
    // `vc_or_semis`).
    VcLimits vcLimits = kVcEvaluationLimits;

    bool operator==(const EvaluatorConfig&) const = default;
};

// The registry: the only place that knows the concrete evaluators.
std::vector<std::string_view> evaluatorNames();
// The engine's evaluator unless told otherwise: "network", the resistance circuit corrected by
// the built-in net up to networkMixMaxSize (docs/network.md, "The shipped net"), which plays
// stronger than the circuit alone (docs/strength.md, "The network evaluator as the default").
// `ohmhex bench` keeps "resistance" (search/bench.h).
std::string_view defaultEvaluatorName();
// The link sources of the resistance evaluator; the first is EvaluatorConfig's default.
std::vector<std::string_view> resistanceLinkNames();
// The value sources of the network evaluator (EvaluatorConfig's default: networkValue).
std::vector<std::string_view> networkValueNames();
// Its cell-value sources, the value sources but "mix" (the default: networkPolicy).
std::vector<std::string_view> networkPolicyNames();
// nullptr for an unknown name, for resistance an unknown resistanceLinks, for network no network
// or an unknown networkValue or networkPolicy.
std::unique_ptr<Evaluator> makeEvaluator(std::string_view name, const EvaluatorConfig& config = {});
// Why makeEvaluator(name, config) gives nullptr (a message for the user), or nullopt if it
// does not.
std::optional<std::string> whyNoEvaluator(std::string_view name, const EvaluatorConfig& config);

} // namespace hex::eval
