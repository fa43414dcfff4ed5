#pragma once

#include <cstdlib>
#include <string>

namespace hex::testing {

// Where tests find the repository and the shared data (../shared beside it). Both are compiled
// in by ohmhex_add_test_suite (test/CMakeLists.txt); environment variables of the same names
// override them, for a build tree that has moved.
inline std::string sourceDir() {
    const char* dir = std::getenv("OHMHEX_SOURCE_DIR");
    return dir ? dir : OHMHEX_SOURCE_DIR;
}

inline std::string sharedDir() {
    const char* dir = std::getenv("OHMHEX_SHARED_DIR");
    return dir ? dir : OHMHEX_SHARED_DIR;
}

} // namespace hex::testing
