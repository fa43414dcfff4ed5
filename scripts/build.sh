#!/usr/bin/env bash
# Configures and builds one flavour of OhmHex.
#   scripts/build.sh [release|sanitize] [extra cmake arguments...]
# Build directories: build/release and build/sanitize.
set -euo pipefail
cd "$(dirname "$0")/.."

flavour=${1:-release}
shift || true
case "$flavour" in
release) args=(-DCMAKE_BUILD_TYPE=Release) ;;
sanitize) args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DOHMHEX_SANITIZE=ON -DOHMHEX_BENCHMARKS=OFF) ;;
*) echo "unknown flavour '$flavour' (release or sanitize)" >&2; exit 2 ;;
esac
[ "${CI:-}" = "true" ] && args+=(-DOHMHEX_WERROR=ON)
# Rebuilds after a switch of branch or worktree are much faster through ccache, where it is there.
command -v ccache >/dev/null && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

cmake -S . -B "build/$flavour" -G Ninja "${args[@]}" "$@" >&2
cmake --build "build/$flavour" -j "$(nproc)" >&2
