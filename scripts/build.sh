#!/usr/bin/env bash
# Configures and builds one flavour of OhmHex.
#   scripts/build.sh [release|sanitize|tsan] [extra cmake arguments...]
# Build directories: build/release, build/sanitize and build/tsan.
set -euo pipefail
cd "$(dirname "$0")/.."

flavour=${1:-release}
shift || true
targets=()
# The checking flavours compile each target's sources in batches of 16 (one translation unit per
# batch): the heavy headers (fmt, nlohmann::json, GoogleTest, Asio) are parsed and their templates
# instrumented once per batch instead of once per file. Release stays one unit per file: quick
# rebuilds while working, and it catches a missing include that a unit's earlier files would hide.
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
case "$flavour" in
release) args=(-DCMAKE_BUILD_TYPE=Release) ;;
sanitize)
    # -O1 and line tables only (-g1): reports keep file:line, and CI's cold build is shorter
    # than at -O2 (284 s against 431 s on 2 cores) while the tests take as long (164 s, 158 s).
    args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
        -DOHMHEX_SANITIZE=ON -DOHMHEX_BENCHMARKS=OFF "${unity[@]}")
    ;;
tsan)
    # -O1 and line tables only: 40% less compile time than -O2 -g, and reports keep file:line.
    args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
        -DOHMHEX_TSAN=ON -DOHMHEX_BENCHMARKS=OFF "${unity[@]}")
    # Only the tests of the threaded code and the programs they start (scripts/tsan.sh runs
    # them): everything under ThreadSanitizer would add minutes to CI for single-threaded code.
    targets=(--target protocol_tests engine_tests match_tests search_tests)
    ;;
*) echo "unknown flavour '$flavour' (release, sanitize or tsan)" >&2; exit 2 ;;
esac
[ "${CI:-}" = "true" ] && args+=(-DOHMHEX_WERROR=ON)
# Rebuilds after a switch of branch or worktree are much faster through ccache, where it is there.
command -v ccache >/dev/null && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

cmake -S . -B "build/$flavour" -G Ninja "${args[@]}" "$@" >&2
cmake --build "build/$flavour" -j "$(nproc)" "${targets[@]}" >&2
