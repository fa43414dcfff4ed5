#pragma once

#include "connections/vc.h"

namespace hex::eval {

// H-search limits for an evaluation by the `vc` links (options `vc_fulls_per_pair`,
// `vc_semis_per_pair`, `vc_or_semis`). The solver's defaults (12 fulls, 24 semis per pair, OR
// over 4) cost about 60 ms for both colours on an 11x11 middlegame of 30 stones; two fulls and
// four semis per pair, OR over 3, about 7 ms (1.8 ms at 10 stones), which a search at one
// second per move can afford. Below three fulls, six semis and OR over four a lone stone on
// the fourth row is not found connected to its edge (edge template IVa; three fulls per pair
// are enough for that alone). The second-row ladder step (`vc_ladders`) is on: at these limits
// the H-search alone drops the long carriers of a ladder, and the step costs nothing measurable.
inline constexpr VcLimits kVcEvaluationLimits{2, 4, 3, false, true};

} // namespace hex::eval
