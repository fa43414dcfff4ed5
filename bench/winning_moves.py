#!/usr/bin/env python3
"""Every winning move of the side to move in each position of a file, by OhmHex's solver: the
known answers of test/data/won-11x11-winning-moves.txt, which test/search/known_positions_test.cpp
checks the search against.

  winning_moves.py --positions bench/agreement/positions-11x11-won.txt \\
      --engine build/release/app/ohmhex [--setup "HTP"]... [--seconds 30] [--size 11] > FILE

Each output line: the moves (from the empty board, Black first), ' | ', the side to move's
winning moves (`solve-winning`), or '?' when the solver did not prove them all in --seconds.
"""
import argparse
import datetime
import shlex
import sys
import tempfile

from move_agreement import data_lines, start_engine


def winning_moves(engine, moves, seconds):
    engine.send("clear_board")
    to_move = engine.play_moves(moves)
    try:
        return engine.send(f"solve-winning {to_move} {seconds:g}")
    except RuntimeError:  # the limit came first
        return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", required=True)
    parser.add_argument("--engine", required=True, help="command line, split like a shell's")
    parser.add_argument("--setup", action="append", default=[], help="HTP command sent once")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--size", type=int, default=11)
    args = parser.parse_args()
    print(f"# bench/winning_moves.py --positions {args.positions} --engine "
          f"{shlex.quote(args.engine)} --seconds {args.seconds:g}, {datetime.date.today()}")
    with tempfile.TemporaryDirectory(prefix="winning_moves-") as scratch:
        engine = start_engine(args, scratch)
        for line in data_lines(args.positions):
            print(f"{line} | {winning_moves(engine, line.split(), args.seconds)}", flush=True)
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
