#!/usr/bin/env bash
# Builds the ThreadSanitizer tree (build/tsan) and runs the tests of the threaded code under it:
# the TCP server (sessions, limits, the stress test of clients changing logging options while
# others search and disconnect, `ohmhex --listen`), the command queue between the stdin reader and
# the engine (the real binary's transcripts), logging, file commands, the tournament's parallel
# games, the solver beside a timed search, and pondering. Any report from any process, test or
# program a test starts, fails the stage.
#   scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/build.sh tsan

# GoogleTest suites (and the transcripts' ctest names) that start threads or threaded programs.
suites=(CommandQueue TcpSession TcpStress TcpLimits Listen FileRules BinaryTranscript
    Logging Tournament MatchCli MatchResume SolverCommands SolverBeside Pondering)

fail() {
    echo "scripts/tsan.sh: $*" >&2
    exit 1
}

# TSan keeps its shadow memory at fixed addresses and stops with "unexpected memory mapping"
# where the kernel randomises mmap addresses with more bits than it expects (vm.mmap_rnd_bits);
# without address randomisation it always starts. Every program a test starts inherits this.
no_aslr=(setarch "$(uname -m)" -R)
"${no_aslr[@]}" true || fail "cannot turn address randomisation off (setarch -R), so TSan may not start"

probe=build/tsan/test/engine/engine_tests
[[ $(ldd "$probe") == *libtsan* ]] || fail "$probe is not built with ThreadSanitizer"
if ! probe_errors=$("${no_aslr[@]}" "$probe" --gtest_list_tests 2>&1 >/dev/null); then
    fail "ThreadSanitizer programs do not start here: $probe_errors"
fi

tests=$("${no_aslr[@]}" ctest --test-dir build/tsan -N)
pattern=""
for suite in "${suites[@]}"; do
    grep -qE "Test +#[0-9]+: $suite\\." <<<"$tests" ||
        fail "no test of suite $suite is left: update the list in scripts/tsan.sh"
    pattern+="${pattern:+|}$suite"
done

# Reports go to files, so that races in programs whose stderr a test discards (engines in a
# tournament) are seen too.
reports=$PWD/build/tsan/reports
rm -rf "$reports"
mkdir -p "$reports"
status=0
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$reports/tsan" "${no_aslr[@]}" \
    ctest --test-dir build/tsan --output-on-failure -j "$(nproc)" --timeout 300 --no-tests=error \
    -R "^($pattern)\\." || status=$?
if [ -n "$(ls -A "$reports")" ]; then
    cat "$reports"/* >&2
    fail "ThreadSanitizer reported the problems above"
fi
exit "$status"
