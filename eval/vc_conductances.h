#pragma once

#include <string_view>
#include <vector>

namespace hex::eval {

// How a vc link's conductance falls with k, the cells that every full carrier of its
// connection needs: PowerOfTwo divides by the power of two at or above k + 1 (dyadic, like
// every other conductance of the circuit), Linear by k + 1 (Wolve's circuit, the default).
enum class CarrierDivisor { PowerOfTwo, Linear };

// The names of the `vc_carrier_divisor` option, in CarrierDivisor's order.
inline std::vector<std::string_view> carrierDivisorNames() { return {"pow2", "linear"}; }

// Conductances of the links VcLinks makes, before the division by the carrier.
struct VcConductances {
    double emptyToEmpty = 1.0; // as the circuit's own adjacency of two empty cells
    double ownToEmpty = 2.0;   // as a stone's or an edge's adjacency to an empty cell
    // Two own groups (stones or an edge) that a full connection joins. 0 (Wolve's choice, the
    // default) makes no link: the current then flows through the empty cells both groups reach,
    // which their own links to those cells make good conductors. A positive value (16 was the
    // default until 2026-11-25) counts a group with a template to its edge as nearly on it; it
    // chose the move of a stronger player less often and scored less against Wolve
    // (docs/strength.md, "Move agreement").
    double ownToOwn = 0.0;
    CarrierDivisor divisor = CarrierDivisor::Linear;

    bool operator==(const VcConductances&) const = default;
};

} // namespace hex::eval
