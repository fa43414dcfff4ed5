#!/usr/bin/env python3
"""Where a match's games were lost: the losing move of each game an engine lost on the board.

  losing_moves.py --games DIR --name oh --engine "build/release/app/ohmhex" --out FILE \\
      [--solve 3] [--time 10]

DIR is an ohmhex-match output directory (results.csv and the games' SGF files, without swap).
For every game the engine named --name lost by a connection, the positions after its moves are
walked from the end backward and each is given to OhmHex's solver (`solve-state`, --solve
seconds) for the opponent, who is to move there. The earliest of them proven won for the opponent, with no
unproven one after it, follows the losing move. Then the solver, with --time seconds, is timed
on the position after that move (the opponent to move) and on the one before it (the loser to
move): a position before it proven won for the loser is a won game thrown away, and a short
time after it is a loss the solver sees at once.

One line per game is appended to FILE, which a rerun resumes:
  SGF COLOUR plies PLIES losing_ply PLY move CELL empty N after RESULT SECONDS before RESULT SECONDS
(RESULT: black, white or unknown; PLY "-" when not even the last position was proven.)
Then a summary of FILE: how many games were won before the losing move, and how many losing
moves the solver refutes within 0.1 s.
"""
import csv
import os
import shlex
import subprocess
import time

from analysis_file import analysis_parser, finished_games, read_game, record
from selfplay import Engine

OTHER = {"black": "white", "white": "black"}


class Solver:
    """An OhmHex process that solves positions given by their moves."""

    def __init__(self, command, size):
        self.engine = Engine(shlex.split(command), stderr=subprocess.DEVNULL)
        self.size = size

    def solve(self, moves, to_move, seconds):
        """`moves`: (colour letter, cell) pairs from the SGF, Black first and alternating."""
        self.engine.send(f"boardsize {self.size} {self.size}")
        self.engine.play_moves([cell for _, cell in moves])
        start = time.monotonic()
        answer = self.engine.send(f"solve-state {to_move} {seconds}").strip()
        return (answer if answer in OTHER else "unknown"), time.monotonic() - start

    def close(self):
        self.engine.close()


def losing_ply(solver, moves, loser, seconds):
    """The ply after which the loser's game is proven lost, walking back from the end."""
    mine = loser[0].upper()
    after_mine = [i + 1 for i, (c, _) in enumerate(moves) if c == mine]
    earliest = None
    for ply in reversed(after_mine):
        result, _ = solver.solve(moves[:ply], OTHER[loser], seconds)
        if result != OTHER[loser]:
            break
        earliest = ply
    return earliest


def fresh_solve(args, row, moves, to_move):
    solver = Solver(args.engine, int(row["size"]))
    try:
        return solver.solve(moves, to_move, args.time)
    finally:
        solver.close()


def analyse(args, row, solver):
    loser = "black" if row["black"] == args.name else "white"
    _, moves = read_game(args.games, row["sgf"])
    ply = losing_ply(solver, moves, loser, args.solve)
    if ply is None:
        return f"{row['sgf']} {loser} plies {len(moves)} losing_ply -"
    # Timed by fresh processes: the walk's solver has these positions in its tables.
    after, after_s = fresh_solve(args, row, moves[:ply], OTHER[loser])
    before, before_s = fresh_solve(args, row, moves[:ply - 1], loser)
    empty = int(row["size"]) ** 2 - ply
    return (f"{row['sgf']} {loser} plies {len(moves)} losing_ply {ply} move {moves[ply - 1][1]} "
            f"empty {empty} after {after} {after_s:.2f} before {before} {before_s:.2f}")


def summary(path):
    games = thrown = seen = 0
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 16:
                continue
            games += 1
            loser = fields[1]
            thrown += fields[14] == loser
            seen += fields[11] == OTHER[loser] and float(fields[12]) < 0.1
    print(f"{games} games with a losing move: won before it {thrown}, "
          f"the move refuted by the solver within 0.1 s {seen}")


def main():
    parser = analysis_parser(__doc__)
    parser.add_argument("--name", required=True, help="the engine's name in the match")
    parser.add_argument("--solve", type=float, default=3, help="seconds per walked position")
    parser.add_argument("--time", type=float, default=10, help="seconds for the two timings")
    args = parser.parse_args()
    done = finished_games(args.out)
    with open(os.path.join(args.games, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    lost = [r for r in rows if r["reason"] == "connection" and args.name in (r["black"], r["white"])
            and r[r["winner"]] != args.name and r["sgf"] not in done]
    for row in lost:
        solver = Solver(args.engine, int(row["size"]))
        line = analyse(args, row, solver)
        solver.close()
        record(args.out, line)
    summary(args.out)


if __name__ == "__main__":
    main()
