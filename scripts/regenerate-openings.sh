#!/usr/bin/env bash
# Regenerates data/openings.txt, the proven first-move tables of the small square boards, with
# OhmHex's own solver (bench/solver_bench). Every opening must be proven; an unknown one fails.
#   scripts/regenerate-openings.sh [MAX_SIZE]     (default 7; 7x7 takes about a minute on 2 cores)
# The tables of larger sizes already in the file are kept (8x8: docs/solver.md).
# Needs a Release build (scripts/build.sh release). The solver's tests check that it still
# agrees with the committed file (SolverOpenings.* in test/solver/openings_test.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-7}
bench=build/release/bench/solver_bench
[ -x "$bench" ] || { echo "build first: scripts/build.sh release" >&2; exit 1; }
out=data/openings.txt
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

{
    cat <<HEADER
# First-player opening results on small square Hex boards, no swap rule.
# Black moves first and joins row 1 to row n; White joins column a to the last column; a1 is the
# top-left (acute) corner; letter = column, number = row.
# Each line: OPEN <n>x<n> WIN|LOSS(<count>): cells where Black's first stone there wins|loses with
# perfect play. Every table is 180-degree symmetric.
# Made by scripts/regenerate-openings.sh $max with OhmHex's own solver (bench/solver_bench).
# Parse with: ^OPEN (\d+)x\d+ (WIN|LOSS)\(\d+\): (.*)$
HEADER
    for n in $(seq 1 "$max"); do
        "$bench" "$n" --threads "$(nproc)" 2>/dev/null >"$tmp"
        if ! grep -q "unknown 0$" "$tmp"; then
            echo "solver_bench left a ${n}x${n} opening unknown" >&2
            exit 1
        fi
        # "OPEN 3x3 WIN: c1 a2" -> "OPEN 3x3 WIN(2): a2 c1", cells sorted by column, then row.
        grep '^OPEN ' "$tmp" | while read -r open size kind cells; do
            sorted=$(printf '%s\n' $cells | sort -k1.1,1.1 -k1.2n | tr '\n' ' ' | sed 's/ $//')
            count=$(printf '%s' "$sorted" | wc -w)
            echo "OPEN $size ${kind%:}($count): $sorted"
        done
    done
    # Larger sizes the file already has stay as they are, with their comment: their proofs
    # take hours, beyond this script (data/openings.txt says how each was made).
    if [ -f "$out" ]; then
        awk -v max="$max" '
            /^# [0-9]+x[0-9]+:/ || /^OPEN / { keep = ($2 + 0 > max) }
            !/^#/ && !/^OPEN / { keep = 0 }
            keep' "$out"
    fi
} >"$out.new"
mv "$out.new" "$out"
echo "wrote $out" >&2
