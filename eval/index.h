#pragma once

#include <cstddef>

namespace hex::eval {

// A cell or node number as a vector index: the evaluators' arrays are indexed by ints that are
// never negative where they index.
constexpr std::size_t at(int i) { return static_cast<std::size_t>(i); }

} // namespace hex::eval
