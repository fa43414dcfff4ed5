#!/usr/bin/env python3
"""Edge conductances: how strongly each program's circuit joins an empty cell to its edges.

Wolve's circuit (and OhmHex's `vc` links, which follow it) joins an empty cell to an own edge
with conductance 2 / (1 + k), k the cells every full connection between them needs (the
intersection of their carriers): 2.0 when no single cell breaks all of them, 0 without a full.
This script compares that conductance, averaged by the cell's distance to the edge (rows 2 to
6), between Wolve (its `vc-between-cells-full` after `vc-build`; also without its VC patterns)
and OhmHex settings (`vc-between COLOR CELL EDGE evaluation`: the connections the resistance
links see). It tells whether a change of OhmHex's H-search brings its edge connections closer
to Wolve's (docs/strength.md, "Edge conductances"). Wolve is a sparring partner built outside
the repository; nothing but this script and the other comparison scripts needs it.

  edge_conductance.py --positions bench/agreement/positions-11x11.txt \\
      --open bench/agreement/ohmhex-solver-3s.txt --first 12 --wolve /path/to/wolve \\
      --engine ohmhex="build/release/app/ohmhex" \\
      --engine wide="build/release/app/ohmhex -o vc_fulls_per_pair=12"

It also lists the first cells whose conductance Wolve's patterns raise by more than 0.3.
"""
import argparse
import collections
import re
import shlex
import sys
import tempfile

from move_agreement import data_lines
from selfplay import Engine

COLUMNS = "abcdefghijklmnopqrs"
CARRIER = re.compile(r"\[([^\]]*)\]")


def conductance(reply):
    """2 / (1 + k) over the full connections of a vc reply (lines '... full ... [ carrier ]')."""
    fulls = [set(CARRIER.search(line).group(1).split())
             for line in reply.split("\n") if " full " in line]
    if not fulls:
        return 0.0
    return 2.0 / (1 + len(set.intersection(*fulls)))


def edge_distance(color, edge, column, row, size):
    if color == "black":
        return row if edge == "north" else size + 1 - row
    return column + 1 if edge == "west" else size - column


def edge_pairs(color, occupied, size):
    """(cell, edge, distance) for each empty cell and own edge of `color`, distances 2 to 6."""
    edges = ("north", "south") if color == "black" else ("west", "east")
    for row in range(1, size + 1):
        for column in range(size):
            cell = f"{COLUMNS[column]}{row}"
            if cell in occupied:
                continue
            for edge in edges:
                distance = edge_distance(color, edge, column, row, size)
                if 2 <= distance <= 6:
                    yield cell, edge, distance


def positions(args):
    lines = data_lines(args.positions)
    if args.open:
        lines = [p for p, w in zip(lines, data_lines(args.open)) if w == "-"]
    return lines[:args.first]


def measure(args, programs):
    """Sum of conductances and counts by (distance, program name)."""
    sums, counts, raised = collections.defaultdict(float), collections.Counter(), []
    for index, line in enumerate(positions(args)):
        moves = line.split()
        for _, engine, _ in programs:
            engine.send(f"boardsize {args.size} {args.size}")
            engine.play_moves(moves)
        occupied = set(moves)
        for color in ("black", "white"):
            for name, engine, kind in programs:
                if kind == "wolve":
                    engine.send(f"vc-build {color}")
            for cell, edge, distance in edge_pairs(color, occupied, args.size):
                values = {}
                for name, engine, kind in programs:
                    query = (f"vc-between-cells-full {color} {cell} {edge}" if kind == "wolve"
                             else f"vc-between {color} {cell} {edge} evaluation")
                    values[name] = conductance(engine.send(query))
                    sums[(distance, name)] += values[name]
                counts[distance] += 1
                gain = values["wolve"] - values["wolve-no-patterns"]
                if gain > 0.3 and len(raised) < args.examples:
                    raised.append((index, color, cell, edge, values))
        print(f"position {index + 1} done", file=sys.stderr, flush=True)
    return sums, counts, raised


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", required=True)
    parser.add_argument("--open", metavar="WINNERS",
                        help="only the positions this answer --solve file leaves open (-)")
    parser.add_argument("--first", type=int, default=12)
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--wolve", required=True)
    parser.add_argument("--engine", action="append", required=True, metavar="NAME=COMMAND")
    parser.add_argument("--examples", type=int, default=10)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="edge_conductance_")
    programs = [("wolve", Engine([args.wolve], cwd=scratch), "wolve"),
                ("wolve-no-patterns", Engine([args.wolve], cwd=scratch), "wolve")]
    programs[1][1].send("param_player_vc use_patterns 0")
    for spec in args.engine:
        name, _, command = spec.partition("=")
        programs.append((name, Engine(shlex.split(command), cwd=scratch), "ohmhex"))
    sums, counts, raised = measure(args, programs)
    print("distance cells " + " ".join(name for name, _, _ in programs))
    for distance in range(2, 7):
        if counts[distance]:
            print(f"{distance} {counts[distance]} " + " ".join(
                f"{sums[(distance, name)] / counts[distance]:.3f}" for name, _, _ in programs))
    for index, color, cell, edge, values in raised:
        shown = " ".join(f"{name} {value:.2f}" for name, value in values.items())
        print(f"position {index + 1}: {color} {cell}-{edge}: {shown}")
    for _, engine, _ in programs:
        engine.close()


if __name__ == "__main__":
    main()
