#!/bin/sh
# Builds the libFuzzer targets with clang, ASan and UBSan, and runs each for a bounded time.
# Usage: scripts/fuzz.sh [SECONDS]   (default 60: htp_fuzz runs 2 x SECONDS on one core, sgf_fuzz
# and tcp_fuzz SECONDS each on the other)
# Environment: BUILD_DIR (default build-fuzz in the repo), JOBS for ninja (default 2).
# Exit status: 0 when no target found anything; otherwise 1, with the crashing input saved as
# $BUILD_DIR/fuzz-findings/<target>/crash-* (replay: $BUILD_DIR/fuzz/<target> FILE).
set -eu
seconds=${1:-60}
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$repo/build-fuzz}
jobs=${JOBS:-2}

# The functions left out of coverage (fuzz/coverage_ignorelist.txt), passed under a name that
# carries the list's hash: editing the list changes the flags, which rebuilds everything.
mkdir -p "$build"
ignorelist=$build/coverage-ignorelist-$(sha1sum <"$repo/fuzz/coverage_ignorelist.txt" | cut -c1-12).txt
cp "$repo/fuzz/coverage_ignorelist.txt" "$ignorelist"
CXX=${CXX:-clang++-14} cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DOHMHEX_FUZZ=ON -DOHMHEX_SANITIZE=ON -DOHMHEX_TESTS=OFF -DOHMHEX_BENCHMARKS=OFF \
    "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -fsanitize-coverage-ignorelist=$ignorelist" >/dev/null
nice ninja -C "$build" -j "$jobs" htp_fuzz sgf_fuzz tcp_fuzz

# Seeds: the corpus kept in fuzz/corpus/ (inputs a run found, minimized with -merge=1), the
# golden HTP transcripts, the inputs of fuzz/regressions/, and SGF games (test files plus a few
# written here).
seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds/htp" "$seeds/sgf" "$seeds/tcp"
for kind in htp sgf tcp; do
    cp "$repo"/fuzz/corpus/$kind/* "$seeds/$kind/"
done
cp "$repo"/test/protocol/transcripts/*.in "$seeds/htp/"
# Inputs that once failed, kept so that every run tries them first.
cp "$repo"/fuzz/regressions/htp/* "$seeds/htp/"
printf '(;FF[4]GM[11]SZ[11]AP[Foo:1.0]PB[alice]PW[bob];B[c3];W[swap-pieces];B[f6](;W[e7]C[main line])(;W[resign]))' >"$seeds/sgf/hexgui.sgf"
printf '(;FF[4]GM[11]SZ[13:11];B[aa];W[swap];B[cc])' >"$seeds/sgf/littlegolem.sgf"
printf '(;AP[HexGui:0.9]FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];B[b2])' >"$seeds/sgf/hexgui09.sgf"
printf '(;FF[4]GM[11]SZ[4]AB[a1][b2]AW[c3];W[d4])' >"$seeds/sgf/setup.sgf"
for file in "$repo"/test/protocol/*.sgf "$repo"/test/data/*.sgf; do
    [ -f "$file" ] && cp "$file" "$seeds/sgf/"
done

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target for `$2` seconds; its report goes to stdout, its log to $build/<target>.log.
run_target() {
    target=$1
    kind=${target%_fuzz}
    corpus=$build/fuzz-corpus/$target
    findings=$build/fuzz-findings/$target
    mkdir -p "$corpus" "$findings"
    echo "== $target: ${2}s"
    result=0
    if ! "$build/fuzz/$target" -max_total_time="$2" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -artifact_prefix="$findings/" -print_final_stats=1 \
        "$corpus" "$seeds/$kind" 2>"$build/$target.log"; then
        echo "!! $target found a problem; see $build/$target.log and $findings/"
        tail -40 "$build/$target.log"
        result=1
    fi
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$build/$target.log" || true
    return $result
}

# Two cores: htp_fuzz, by far the slowest per input, has one to itself for twice the time,
# while the other two share the second core; the stage takes 2 x SECONDS in all.
status=0
run_target htp_fuzz $((2 * seconds)) >"$build/htp_fuzz.report" 2>&1 &
htp=$!
run_target sgf_fuzz "$seconds" || status=1
run_target tcp_fuzz "$seconds" || status=1
wait $htp || status=1
cat "$build/htp_fuzz.report"
exit $status
