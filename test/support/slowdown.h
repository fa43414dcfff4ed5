#pragma once

namespace hex::test {

// How many times the promised bound a test allows in this build for the engine's own work: to
// react to an interrupt, a disconnect or SIGTERM, or to answer a flood of commands.
// ThreadSanitizer makes the engine 5 to 15 times slower, so the TSan build runs these paths to
// look for races with wider bounds, and the Release and ASan builds check the promised ones.
#if defined(__SANITIZE_THREAD__)
inline constexpr double kSlowdown = 4.0;
#else
inline constexpr double kSlowdown = 1.0;
#endif

} // namespace hex::test
