#pragma once

#include "connections/edge_templates.h"
#include "core/geometry.h"

#include <gtest/gtest.h>

namespace hex::testing {

// The template's first placement along Black's south edge of `g` (a test failure if it does
// not fit there).
inline EdgePlacement southPlacement(const Geometry& g, const EdgeTemplate& t) {
    for (const EdgePlacement& p : placeEdgeTemplates(g, Color::Black, {&t, 1}))
        if (p.edge == g.south())
            return p;
    ADD_FAILURE() << "no south placement of " << formatEdgeTemplate(t);
    return {};
}

} // namespace hex::testing
