#!/usr/bin/env bash
# One command from a fresh Debian machine to the whole test suite: installs what is missing,
# checks formatting, builds and runs every test in Release, then again under AddressSanitizer
# and UndefinedBehaviorSanitizer, the threaded tests under ThreadSanitizer, then runs the fuzz
# targets for a bounded time.
#   OHMHEX_FUZZ_SECONDS=N   fuzzing takes about 2 x N seconds on two cores, 3.5 x N at most
#                           (default 60; 0 skips it; see scripts/fuzz.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
stage() { echo "== $* ($(($(date +%s) - start)) s)" >&2; }

stage "dependencies"
scripts/install-deps.sh

stage "format check"
scripts/format.sh --check

stage "release build"
scripts/build.sh release
stage "release tests"
ctest --test-dir build/release --output-on-failure -j "$(nproc)"

stage "sanitizer build"
scripts/build.sh sanitize
stage "sanitizer tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build/sanitize --output-on-failure -j "$(nproc)" --timeout 900

stage "thread sanitizer build and tests"
scripts/tsan.sh

if [ -x scripts/fuzz.sh ] && [ "${OHMHEX_FUZZ_SECONDS:-60}" != "0" ]; then
    stage "fuzzing"
    scripts/fuzz.sh "${OHMHEX_FUZZ_SECONDS:-60}"
fi
stage "all tests passed"
