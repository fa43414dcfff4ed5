#pragma once

#include "core/options.h"
#include "engine/clock.h"
#include "search/search_player.h"

namespace hex {

// The evaluators' run-time choices from the options and the loaded network (what the search and
// `eval` use).
eval::EvaluatorConfig evaluatorConfig(const Options& options,
                                      std::shared_ptr<const eval::network::Network> network);

// The H-search limits of the `vc` links (the vc_* options), part of evaluatorConfig.
VcLimits vcLinkLimits(const Options& options);

// The one translation of the options and the clock into the settings of `color`'s next move
// decision. Without time_left for `color`, a time_settings clock counts as full (its main time,
// or one byo-yomi period).
PlayerSettings playerSettings(const Options& options,
                              std::shared_ptr<const eval::network::Network> network,
                              const GameClock& clock, Color color);

} // namespace hex
