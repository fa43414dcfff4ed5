#!/usr/bin/env python3
"""How many moves OhmHex's solver considers in a position, against another engine's solver.

A proof-number search's tree grows with the number of moves it must refute at the nodes where
the side to move loses, so the size of a node's move list (the must-play region minus the
inferior cells) is the first thing to compare between two solvers. This script makes random
positions (an opening cell plus random stones of both colours, the side to move by the count),
asks both engines for the moves their solvers keep, and says which cells only one of them keeps
and what the other one calls them.

OhmHex's list is its solver's: `inferior-cells COLOUR` gives the fill-in (dead and captured
cells) and the inferior moves (vulnerable, dominated); the fill-in's stones are played on the
board and `mustplay COLOUR` then asks for the must-play region of the filled board, as the
solver's node analysis builds its connections after the fill-in. The other engine is asked
`vc-build COLOUR`, HexGui's hint command: Benzene's programs (`mohex`, `wolve`) answer with their
inferior cells (`fb`/`fw` fill-in, `iv` vulnerable, `is` strongly reversible, `ii` inferior,
each with the cells in brackets that kill, reverse or dominate it) and `x` on every other cell
outside the moves their DFPN solver considers. Positions decided for either engine (an empty
list) are counted apart and left out of the comparison.

    python3 bench/move_list_compare.py --engine build/release/app/ohmhex \\
        --other /path/to/mohex --size 8 --opening d1 --positions 100 --seed 7

or on the positions of a proof (every 1,000th node OhmHex's proof-number search expanded):

    build/release/bench/solver_bench 8 --fresh --only d1 --sample d1.txt --sample-every 1000
    python3 bench/move_list_compare.py --engine build/release/app/ohmhex \\
        --other /path/to/mohex --sampled d1.txt --positions 400

Needs an engine that answers `vc-build` in that format (built outside the repository); the
output is a line a position and a summary.
"""

import argparse
import collections
import random
import re
import subprocess
import sys
import tempfile

from selfplay import Engine

FILL_IN_CODES = {"fdb": "b", "fcb": "b", "fcw": "w"}  # dead cells may be filled with either


def cell_names(size):
    return [f"{chr(ord('a') + x)}{y + 1}" for y in range(size) for x in range(size)]


def labels(reply):
    """HexGui's 'inferior' reply: pairs of a cell and its label."""
    words = reply.split()
    return dict(zip(words[0::2], words[1::2]))


def kind(label):
    return re.sub(r"\[.*", "", label)


def set_up(engine, size, stones):
    """`stones`: (colour, cell) pairs, "b" or "w"."""
    engine.send(f"boardsize {size} {size}")
    engine.send("clear_board")
    for colour, cell in stones:
        engine.send(f"play {colour} {cell}")


def alternating(moves):
    return [("bw"[i % 2], move) for i, move in enumerate(moves)]


def read_sampled(path):
    """solver_bench --sample's lines: "8 b d1 c4 w e5 black"."""
    for line in open(path):
        words = line.split()
        if not words:
            continue
        size, colour, stones = int(words[0]), None, []
        for word in words[1:-1]:
            if word in ("b", "w"):
                colour = word
            else:
                stones.append((colour, word))
        yield size, stones, words[-1]


def ohmhex_list(engine, size, stones, colour, empty):
    """The moves OhmHex's solver keeps, and its label for each cell it leaves out."""
    set_up(engine, size, stones)
    inferior = labels(engine.send(f"inferior-cells {colour}"))
    for cell, label in inferior.items():
        if label in FILL_IN_CODES:
            engine.send(f"play {FILL_IN_CODES[label]} {cell}")
    must_play = set(engine.send(f"mustplay {colour}").split())
    keep = {c for c in empty if c in must_play and c not in inferior}
    left_out = {c: kind(inferior.get(c, "x")) for c in empty if c not in keep}
    return keep, left_out


def other_list(engine, size, stones, colour, empty):
    set_up(engine, size, stones)
    answer = labels(engine.send(f"vc-build {colour}"))
    keep = {c for c in empty if c not in answer}
    left_out = {c: kind(answer[c]) for c in empty if c in answer}
    return keep, left_out


def random_positions(args):
    """An opening cell and random stones of both colours, alternating, without end."""
    cells = cell_names(args.size)
    rng = random.Random(args.seed)
    while True:
        others = [c for c in cells if c != args.opening]
        rng.shuffle(others)
        moves = [args.opening] + others[: rng.randint(args.fewest, args.most)]
        yield args.size, alternating(moves), "black" if len(moves) % 2 == 0 else "white"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the ohmhex binary")
    parser.add_argument("--other", required=True, help="an engine answering vc-build (mohex)")
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--opening", default="d1")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fewest", type=int, default=3, help="random stones after the opening")
    parser.add_argument("--most", type=int, default=13)
    parser.add_argument("--sampled", help="positions written by solver_bench --sample instead")
    args = parser.parse_args()

    ohmhex = Engine(args.engine, stderr=subprocess.DEVNULL)
    log_dir = tempfile.mkdtemp(prefix="move-list-compare-")  # Benzene writes its log there
    other = Engine(args.other.split(), stderr=subprocess.DEVNULL, cwd=log_dir)
    totals = collections.Counter()
    only_ohmhex = collections.Counter()  # by the other engine's label
    only_other = collections.Counter()  # by OhmHex's label
    positions = read_sampled(args.sampled) if args.sampled else random_positions(args)
    for size, stones, colour in positions:
        if totals["compared"] >= args.positions:
            break
        taken = {cell for _, cell in stones}
        empty = [c for c in cell_names(size) if c not in taken]
        ours, our_labels = ohmhex_list(ohmhex, size, stones, colour, empty)
        theirs, their_labels = other_list(other, size, stones, colour, empty)
        if not ours or not theirs:
            totals["decided by both" if not ours and not theirs
                   else "decided by OhmHex only" if not ours else "decided by the other only"] += 1
            continue
        totals["compared"] += 1
        totals["OhmHex's moves"] += len(ours)
        totals["the other's moves"] += len(theirs)
        for c in ours - theirs:
            only_ohmhex[their_labels[c]] += 1
        for c in theirs - ours:
            only_other[our_labels[c]] += 1
        position = " ".join(f"{c}:{cell}" for c, cell in stones)
        print(f"{position} {colour}: OhmHex {len(ours)}, other {len(theirs)}; only OhmHex: "
              + " ".join(f"{c}({their_labels[c]})" for c in sorted(ours - theirs))
              + "; only the other: "
              + " ".join(f"{c}({our_labels[c]})" for c in sorted(theirs - ours)), flush=True)
    n = totals["compared"]
    if n == 0:
        print("no position to compare: every one was decided, or the sample file is empty",
              file=sys.stderr)
        return 1
    print(f"\n{n} positions compared; decided and left out: "
          + ", ".join(f"{k} {v}" for k, v in totals.items() if k.startswith("decided")))
    ours_mean = totals["OhmHex's moves"] / n
    theirs_mean = totals["the other's moves"] / n
    print(f"moves per position: OhmHex {ours_mean:.2f}, the other {theirs_mean:.2f}")
    print("cells only OhmHex keeps, by the other's label: "
          + ", ".join(f"{k} {v}" for k, v in only_ohmhex.most_common()))
    print("cells only the other keeps, by OhmHex's label: "
          + ", ".join(f"{k} {v}" for k, v in only_other.most_common()))
    for engine in (ohmhex, other):
        engine.send("quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
