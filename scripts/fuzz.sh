#!/bin/sh
# Builds the libFuzzer targets with clang, ASan and UBSan, and runs each for a bounded time.
# Usage: scripts/fuzz.sh [SECONDS]   (default 60; one core runs sgf_fuzz for SECONDS / 2, the
# other tcp_fuzz for SECONDS / 2, and each then runs an htp_fuzz worker until the two workers,
# which share their corpus, ran HTP_RUNS inputs between them, each for at most 3 x SECONDS: about
# 2 x SECONDS in all on a quiet machine)
# Environment: BUILD_DIR (default build-fuzz in the repo), JOBS for ninja (default 2), HTP_RUNS
# (default 1100000).
# Exit status: 0 when no target found anything; otherwise 1, with the crashing input saved as
# $BUILD_DIR/fuzz-findings/<target>/crash-* (replay: $BUILD_DIR/fuzz/<target> FILE).
set -eu
seconds=${1:-60}
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$repo/build-fuzz}
jobs=${JOBS:-2}
htp_runs=${HTP_RUNS:-1100000}

# The functions left out of coverage (fuzz/coverage_ignorelist.txt), passed under a name that
# carries the list's hash: editing the list changes the flags, which rebuilds everything.
mkdir -p "$build"
ignorelist=$build/coverage-ignorelist-$(sha1sum <"$repo/fuzz/coverage_ignorelist.txt" | cut -c1-12).txt
cp "$repo/fuzz/coverage_ignorelist.txt" "$ignorelist"
CXX=${CXX:-clang++-14} cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DOHMHEX_FUZZ=ON -DOHMHEX_SANITIZE=ON -DOHMHEX_TESTS=OFF -DOHMHEX_BENCHMARKS=OFF \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
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
# One target for `$2` seconds, as worker `$3` if given (workers of a target share its corpus:
# libFuzzer reloads it every second), and for at most `$4` inputs if given; its report goes to
# stdout, its log to $build/<target>[-<worker>].log.
run_target() {
    target=$1
    kind=${target%_fuzz}
    log=$build/$target${3:+-$3}.log
    corpus=$build/fuzz-corpus/$target
    findings=$build/fuzz-findings/$target
    mkdir -p "$corpus" "$findings"
    echo "== $target${3:+ worker $3}: ${4:+$4 inputs, at most }${2}s"
    result=0
    if ! "$build/fuzz/$target" -max_total_time="$2" ${4:+-runs="$4"} -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -artifact_prefix="$findings/" -print_final_stats=1 \
        "$corpus" "$seeds/$kind" 2>"$log"; then
        echo "!! $target found a problem; see $log and $findings/"
        tail -40 "$log"
        result=1
    fi
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$log" || true
    return $result
}

# Executions of every worker of $1, from their logs.
executions() {
    cat "$build/$1"-*.log | sed -n 's/^stat::number_of_executed_units: *//p' |
        awk '{ total += $1 } END { print total + 0 }'
}

# Two cores. In CI (a quiet machine, at 60) sgf_fuzz ran 1.63M inputs in 36 s and tcp_fuzz 1.85M
# in 48 s, htp_fuzz 976k on two workers in 156 core-seconds, but only 524k when the machine was
# shared: so each of the first two gets SECONDS / 2, and htp_fuzz a worker on each core for half
# of HTP_RUNS, which a quiet machine runs in about 1.5 x SECONDS and a loaded one within the cap.
first=$((seconds / 2))
second=$((seconds / 2))
# One core: target `$1` for `$2` seconds, then htp_fuzz worker `$3` for its share of the runs.
core() {
    found=0
    run_target "$1" "$2" || found=1
    run_target htp_fuzz $((3 * seconds)) "$3" $((htp_runs / 2)) || found=1
    return $found
}
rm -f "$build"/htp_fuzz-*.log
core sgf_fuzz "$first" 1 >"$build/core1.report" 2>&1 &
core1=$!
core tcp_fuzz "$second" 2 >"$build/core2.report" 2>&1 &
core2=$!
status=0
wait $core1 || status=1
wait $core2 || status=1
cat "$build/core1.report" "$build/core2.report"
echo "== htp_fuzz: $(executions htp_fuzz) inputs in all (both workers)"
exit $status
