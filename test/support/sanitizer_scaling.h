#pragma once

#include <algorithm>

// How tests scale their bounds and their work in the sanitizer builds, which run the same code
// several times slower.
namespace hex::testing {

// How many times the promised bound a test allows in this build for the engine's own work: to
// react to an interrupt, a disconnect or SIGTERM, or to answer a flood of commands.
// ThreadSanitizer makes the engine 5 to 15 times slower, so the TSan build runs these paths to
// look for races with wider bounds, and the Release and ASan builds check the promised ones.
//
// How many random cases a brute-force test draws (trials): the Release run draws them all and
// looks for wrong answers; AddressSanitizer makes the same work several times slower, and it
// looks for memory errors and undefined behaviour, which a quarter of the cases reach on every
// path the tests exercise. So CI's sanitizer stage stays short without losing a check.
#if defined(__SANITIZE_THREAD__)
inline constexpr double kSlowdown = 4.0;
inline constexpr int kTrialDivisor = 1;
#elif defined(__SANITIZE_ADDRESS__)
inline constexpr double kSlowdown = 1.0;
inline constexpr int kTrialDivisor = 4;
#else
inline constexpr double kSlowdown = 1.0;
inline constexpr int kTrialDivisor = 1;
#endif

constexpr int trials(int count) { return std::max(1, count / kTrialDivisor); }

} // namespace hex::testing
