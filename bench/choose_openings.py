#!/usr/bin/env python3
"""Chooses a balanced opening set for bench/gauntlet.py by OhmHex's own search.

  choose_openings.py --size 11 [--depth 2] [--count 20] [--binary B] > bench/openings/11x11.txt

Every Black first stone, one per pair of cells that the 180-degree rotation maps onto each other
(the same position), is searched from White's side to --depth plies, without a clock
(reg_genmove white, one fresh engine per stone, so no table carries over): deterministic, and
every stone at the same depth, since the score swings with the depth's parity (the side that
moves last looks better). Its value is the best exact score of
White's root moves (search_scores), from Black's view. The --count stones with the smallest absolute
value, none proven, are printed in cell order as an opening file for ohmhex-match, each with its
value and the search's depth as a comment, under a header saying how the set was made.
"""
import argparse
import datetime
import os
import subprocess
import sys

from selfplay import Engine, cell_names

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_BINARY = os.path.join(REPO, "build", "release", "app", "ohmhex")


def rotated(cell, size):
    """The cell's image under the 180-degree rotation, which maps Hex positions onto equals."""
    column, row = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
    return chr(ord("a") + size - 1 - column) + str(size - row)


def value_for_black(binary, size, depth, cell):
    """The search's score of White's best answer to Black's stone, negated; None if proven."""
    engine = Engine(binary, {"player": "search", "max_time": 0, "max_depth": depth,
                                    "log_level": "warn"})
    try:
        engine.send(f"boardsize {size} {size}")
        engine.send(f"play black {cell}")
        engine.send("reg_genmove white")
        words = engine.send("search_scores white").split()
    finally:
        engine.close()
    # search_scores labels (engine/search_display.cpp): "W5"/"L3" for a proven win or loss in
    # so many plies, "<" before an upper bound, thousands as "12k".
    scores = words[1::2]
    if any(s.lstrip("<").startswith(("W", "L")) for s in scores):
        return None
    # Moves refuted by a null window have only an upper bound; the best exact score is the
    # position's value.
    return -max(exact_value(s) for s in scores if not s.startswith("<"))


def exact_value(label):
    """An exact search_scores label as a number ("12k" is 12000, towards zero)."""
    return int(label[:-1]) * 1000 if label.endswith("k") else int(label)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, required=True)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--binary", default=DEFAULT_BINARY)
    args = parser.parse_args()
    cells = cell_names(args.size)
    order = {cell: i for i, cell in enumerate(cells)}
    stones = [c for c in cells if order[c] <= order[rotated(c, args.size)]]
    values = {}
    for cell in stones:
        values[cell] = value_for_black(args.binary, args.size, args.depth, cell)
        print(f"{cell}: {values[cell]}", file=sys.stderr, flush=True)
    open_values = {c: v for c, v in values.items() if v is not None}
    if len(open_values) < args.count:
        sys.exit(f"only {len(open_values)} unproven first stones, fewer than --count")
    chosen = sorted(open_values, key=lambda c: (abs(open_values[c]), order[c]))[:args.count]
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    worst = max(abs(open_values[c]) for c in chosen)
    print(f"# Balanced openings for bench/gauntlet.py on {args.size}x{args.size}: one Black stone, "
          "then White moves.")
    print(f"# Made by bench/choose_openings.py --size {args.size} --depth {args.depth} "
          f"--count {args.count} on {datetime.date.today()} (OhmHex {commit}).")
    print(f"# Each of the {len(stones)} first stones up to the 180-degree rotation was searched "
          f"{args.depth} plies deep from")
    print("# White's side; these are the ones whose value (Black's view, resistance score) is "
          "nearest even,")
    print(f"# |value| <= {worst}. The value follows each stone.")
    print("# Each is played twice, colours exchanged, so any imbalance left cancels in the total.")
    for cell in sorted(chosen, key=order.get):
        print(f"{cell:<4} # {open_values[cell]:+d}")


if __name__ == "__main__":
    main()
