#pragma once

#include <cstdlib>
#include <string>

namespace hex::testing {

// Where tests find the repository. It is compiled in by ohmhex_add_test_suite
// (test/CMakeLists.txt); the environment variable of the same name overrides it, for a build
// tree that has moved.
inline std::string sourceDir() {
    const char* dir = std::getenv("OHMHEX_SOURCE_DIR");
    return dir ? dir : OHMHEX_SOURCE_DIR;
}

} // namespace hex::testing
