#pragma once

#include <string_view>
#include <vector>

namespace hex::eval {

// How a vc link's conductance falls with k, the cells that every full carrier of its
// connection needs: PowerOfTwo divides by the power of two at or above k + 1 (dyadic, like
// every other conductance of the circuit), Linear by k + 1 (Wolve's circuit).
enum class CarrierDivisor { PowerOfTwo, Linear };

// The names of the `vc_carrier_divisor` option, in CarrierDivisor's order.
inline std::vector<std::string_view> carrierDivisorNames() { return {"pow2", "linear"}; }

// Conductances of the links VcLinks makes, before the division by the carrier.
struct VcConductances {
    double emptyToEmpty = 1.0; // as the circuit's own adjacency of two empty cells
    double ownToEmpty = 2.0;   // as a stone's or an edge's adjacency to an empty cell
    // Two own groups (stones or an edge) that a full connection joins. A group with a template
    // to its edge is nearly as connected as one on it, so this is far above an adjacency. 0
    // (Wolve's choice) makes no link: the current then flows through the empty cells that both
    // groups reach.
    double ownToOwn = 16.0;
    CarrierDivisor divisor = CarrierDivisor::PowerOfTwo;

    bool operator==(const VcConductances&) const = default;
};

} // namespace hex::eval
