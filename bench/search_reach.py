#!/usr/bin/env python3
"""How deep OhmHex's search gets in a fixed time per move, position by position.

For each position of a move_agreement positions file (one line of moves, Black first), starts the
engine, plays the moves, asks `genmove` with `max_time` SECONDS and reads its log (stderr): the
deepest iteration with static leaves and the deepest with quiescent leaves that finished
(docs/search.md, "Two passes per depth"). The solver beside the search is switched off, so that
the search has one core and the figure is the search's own. Prints, per depth, how many positions
reached it, and writes one line per position (moves, static depth, quiescent depth) to --out.

    python3 bench/search_reach.py --engine build/release/app/ohmhex \\
        --positions bench/agreement/positions-11x11-open.txt --time 1 --out reach.txt
"""

import argparse
import collections
import re
import sys

from selfplay import Engine

ITERATION = re.compile(r"\] depth (\d+)( with quiescence)? score")


def reach(engine, moves, size, seconds):
    """The deepest static and quiescent iterations finished on one position (a fresh process,
    so that no table from the other positions helps)."""
    process = Engine(engine, {"solver_beside": 0, "max_time": seconds})
    process.send(f"boardsize {size} {size}")
    process.send(f"genmove {process.play_moves(moves)}")
    static = quiescent = 0
    for line in process.close().splitlines():
        found = ITERATION.search(line)
        if not found:
            continue
        depth = int(found.group(1))
        if found.group(2):
            quiescent = max(quiescent, depth)
        else:
            static = max(static, depth)
    return static, quiescent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="command line, split on spaces")
    parser.add_argument("--positions", required=True)
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    rows = [line.split() for line in open(args.positions)
            if line.strip() and not line.startswith("#")]
    static_counts = collections.Counter()
    quiescent_counts = collections.Counter()
    with open(args.out, "w") as out:
        for moves in rows:
            static, quiescent = reach(args.engine.split(), moves, args.size, args.time)
            static_counts[static] += 1
            quiescent_counts[quiescent] += 1
            out.write(f"{' '.join(moves)}\t{static}\t{quiescent}\n")
            out.flush()
    print(f"{len(rows)} positions at {args.time} s per move")
    print("static leaves, deepest finished:", dict(sorted(static_counts.items())))
    print("quiescent leaves, deepest finished:", dict(sorted(quiescent_counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
