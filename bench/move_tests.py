#!/usr/bin/env python3
"""Move tests in GTP regression format: positions with the moves that are known to be right.

A test file is a list of HTP commands; a command followed by a line `#? [PATTERN]` is a test,
passed when the engine's answer matches PATTERN (a regular expression, the whole answer, as in
`[d1|d2|f1]`); a trailing `*` marks a test the file's authors expected to fail. Every other line
starting with '#' is a comment. This is the format of the public Benzene project's
`regression/*.tst` files (its endgame, midgame and opening move tests are what the strength
issue first quoted: OhmHex 19 of 59, Wolve 48); none of them is in this repository: give the
files from a copy outside it. Relative paths in the commands (`loadsgf sgf/...`) are read from
the test file's directory, where each engine runs.

  move_tests.py --engine "build/release/app/ohmhex" --setup "param_ohmhex max_time 5" \\
      [--out results.txt] TEST.tst...

One engine process per file, as the format's own runner does. The engine's answer is compared
case-insensitively. Prints one line per test (`FILE:ID PASS|FAIL answer expected`) and a
summary; --out keeps the same lines. An engine that dies fails the file's remaining tests.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

from selfplay import Engine, EngineDied

EXPECTED = re.compile(r"^#\?\s*\[(.*)\](\*?)\s*$")
NUMBERED = re.compile(r"^(\d+)\s+(.*)$")


def parse_tests(path):
    """The file's steps in order: (id, command, pattern or None, expected_fail)."""
    steps = []
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f]
    for i, line in enumerate(lines):
        text = line.strip()
        if text == "" or text.startswith("#"):
            continue
        numbered = NUMBERED.match(text)
        test_id, command = (numbered.group(1), numbered.group(2)) if numbered else (None, text)
        following = lines[i + 1].strip() if i + 1 < len(lines) else ""
        expected = EXPECTED.match(following)
        if expected:
            steps.append((test_id or str(i + 1), command, expected.group(1),
                          expected.group(2) == "*"))
        else:
            steps.append((test_id, command, None, False))
    return steps


def matches(answer, pattern):
    return re.fullmatch(pattern, answer.strip(), re.IGNORECASE) is not None


def run_file(path, argv, setups):
    """Runs one file; yields (id, passed, answer, pattern, expected_fail) for each test."""
    engine = Engine(argv, stderr=subprocess.DEVNULL, cwd=os.path.dirname(os.path.abspath(path)))
    dead = False
    try:
        for setup in setups:
            engine.send(setup)
        for test_id, command, pattern, expected_fail in parse_tests(path):
            answer = ""
            if not dead:
                try:
                    answer = engine.send(command)
                except EngineDied:
                    dead = True
                except RuntimeError as e:
                    answer = f"? {e}"
            if pattern is not None:
                yield test_id, matches(answer, pattern), answer, pattern, expected_fail
    finally:
        if not dead:
            engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="engine command line")
    parser.add_argument("--setup", action="append", default=[], help="HTP command sent first")
    parser.add_argument("--out", help="also write the per-test lines here")
    parser.add_argument("tests", nargs="+", help="test files (.tst)")
    args = parser.parse_args()
    argv = shlex.split(args.engine)
    lines = []
    total = passed = 0
    for path in args.tests:
        file_total = file_passed = 0
        for test_id, ok, answer, pattern, expected_fail in run_file(path, argv, args.setup):
            name = f"{os.path.basename(path)}:{test_id}"
            note = " (expected to fail)" if expected_fail else ""
            line = f"{name} {'PASS' if ok else 'FAIL'} {answer or '-'} [{pattern}]{note}"
            print(line, flush=True)
            lines.append(line)
            file_total += 1
            file_passed += ok
        summary = f"{os.path.basename(path)}: {file_passed} of {file_total} passed"
        print(summary, flush=True)
        lines.append(summary)
        total += file_total
        passed += file_passed
    summary = f"total: {passed} of {total} passed"
    print(summary)
    lines.append(summary)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
