#pragma once

#include <functional>

namespace hex {

// The one stop-function type: polled by long computations (search, solver, genmove); true means
// "stop now and answer with what you have". It runs on the computing thread and may read state
// that other threads write (the HTP interrupt).
using StopFn = std::function<bool()>;

} // namespace hex
