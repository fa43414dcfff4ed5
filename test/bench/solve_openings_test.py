#!/usr/bin/env python3
"""bench/solve_openings.py --replies against the proven 4x4 table: every opening proven through
White's replies gets the table's result, and a rerun on the same CSV solves nothing again.

  solve_openings_test.py OHMHEX_BINARY SOURCE_DIR
"""
import os
import re
import subprocess
import sys
import tempfile


def table(source, size):
    """{cell: 'WIN' | 'LOSS'} of data/openings.txt for size x size."""
    results = {}
    with open(os.path.join(source, "data", "openings.txt")) as f:
        for line in f:
            m = re.match(r"^OPEN (\d+)x\d+ (WIN|LOSS)\(\d+\): (.*)$", line.strip())
            if m and int(m.group(1)) == size:
                for cell in m.group(3).split():
                    results[cell] = m.group(2)
    return results


def by_replies(script, binary, cell, out):
    """The opening's verdict and the lines of solved replies printed by one run."""
    run = subprocess.run(
        [sys.executable, script, "--engine", binary, "--solve", "solve-state black {time}",
         "--size", "4", "--time", "10", "--replies", cell, "--out", out],
        capture_output=True, text=True, check=True)
    verdict = re.search(r"by its replies: (\w+)", run.stderr)
    assert verdict, run.stderr
    return verdict.group(1), [line for line in run.stdout.splitlines() if line.strip()]


def main():
    binary, source = sys.argv[1], sys.argv[2]
    script = os.path.join(source, "bench", "solve_openings.py")
    expected = table(source, 4)
    assert len(expected) == 16, expected
    failures = []
    failed_cells = set()
    with tempfile.TemporaryDirectory() as scratch:
        for cell, result in sorted(expected.items()):
            out = os.path.join(scratch, f"{cell}.csv")
            verdict, solved = by_replies(script, binary, cell, out)
            if verdict != result:
                failures.append(f"{cell}: {verdict}, the table says {result}")
            # A win needs every reply refuted; a loss stops at the first winning reply.
            if result == "WIN" and len(solved) != 15:
                failures.append(f"{cell}: {len(solved)} replies solved for a win, not 15")
            again, resolved = by_replies(script, binary, cell, out)
            if again != verdict or resolved:
                failures.append(f"{cell}: the rerun said {again} after solving {resolved}")
            if failures and failures[-1].startswith(f"{cell}:"):
                failed_cells.add(cell)
    for failure in failures:
        print(failure)
    print(f"{16 - len(failed_cells)} passed, {len(failed_cells)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
