#!/usr/bin/env python3
"""Solves the openings of a board size with any HTP engine's solve command, one fresh process per
opening, and prints each opening's result and wall time: the side-by-side yardstick of the
solver issue (OhmHex's `solve-state` against Benzene's DFPN, each opening in the same run).

  solve_openings.py --engine /path/to/mohex --setup "param_dfpn threads 1" \\
      --setup "param_dfpn timelimit {time}" --solve "dfpn-solve-state white" \\
      --size 8 --time 120 --jobs 2 --out benzene-8x8.csv
  solve_openings.py --engine build/release/app/ohmhex --solve "solve-state white {time}" \\
      --size 8 --time 120 --jobs 2 --out ohmhex-8x8.csv

Each process gets `boardsize N N`, the --setup commands (`{time}` stands for --time), `play
black CELL`, then the --solve command, whose answer names the winner (`black` or `white`, as
`solve-state` and Benzene's `dfpn-solve-state` answer); any other answer (`unknown`, `empty`)
or no answer within --time plus --grace seconds is `unknown` (the process is then killed).
The openings are every row of the first half of the columns, one of each pair of cells the
180-degree rotation maps onto each other (columns a to d of 8x8), or the --only cells. The engines run in a
scratch directory (Benzene's programs write a log file where they run). With --jobs above 1 the
openings run side by side, one per core at most for honest times. --out writes
`opening,result,seconds` rows; a rerun with the same --out skips the openings it holds a verdict
for, and solves again those left unknown with clearly less than --time.

--replies CELL proves one opening through White's answers instead: each position `CELL REPLY`
(every other cell of the board) is solved for Black, who wins the opening when he wins after
every reply, and loses it as soon as one reply wins for White. Give the solve command for
Black then (`solve-state black {time}`). The rows are `CELL REPLY`, rerun as above, and no
reply is started once one wins for White. Why: an opening too long for one process (8x8 a7
stayed unknown after 90 minutes) is split into positions that two cores can share and that
several sessions can finish, each keeping its verdicts in the CSV. The verdict holds as a
proof: Black's win after each of White's answers is a win of the opening.
"""
import argparse
import csv
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from selfplay import Engine, EngineDied


def openings(size):
    """Every row of the first ceil(size / 2) columns: one cell of each pair the 180-degree
    rotation maps onto each other (on odd sizes both cells of the middle column's pairs, and
    its centre)."""
    columns = (size + 1) // 2
    return [cell_name(x, y) for x in range(columns) for y in range(size)]


def cell_name(x, y):
    """The HTP name of the cell in column x, row y (from 0): a1 is (0, 0)."""
    return chr(ord("a") + x) + str(y + 1)


def replies(size, cell):
    """Every position after the opening `cell` and one White answer, as move lists."""
    cells = [cell_name(x, y) for y in range(size) for x in range(size)]
    return [f"{cell} {reply}" for reply in cells if reply != cell]


def opening_verdict(rows, positions):
    """The opening's result from the rows of its reply positions (Black to move after each; a
    position without a row is unknown): LOSS when one reply wins for White, WIN when Black wins
    after every reply, else unknown. Rows of other positions in the same CSV do not count."""
    results = [rows[p]["result"] if p in rows else "unknown" for p in positions]
    if "LOSS" in results:
        return "LOSS"
    return "WIN" if results and all(r == "WIN" for r in results) else "unknown"


def result_of(answer):
    """WIN when Black (who played the opening) wins, LOSS when White does, else unknown."""
    words = answer.split()
    winner = words[0].lower() if words else ""
    return {"black": "WIN", "b": "WIN", "white": "LOSS", "w": "LOSS"}.get(winner, "unknown")


def solve_one(argv, size, moves, setups, solve, limit, workdir):
    """(result, wall seconds) of one position (the moves from the empty board, Black first) in
    a fresh engine process."""
    engine = Engine(argv, stderr=subprocess.DEVNULL, cwd=workdir)
    timer = threading.Timer(limit, engine.proc.kill)
    try:
        engine.send(f"boardsize {size} {size}")
        for command in setups:
            engine.send(command)
        for i, move in enumerate(moves.split()):
            engine.send(f"play {'black' if i % 2 == 0 else 'white'} {move}")
        start = time.monotonic()
        timer.start()
        try:
            answer = engine.send(solve)
        except EngineDied:
            return "unknown", time.monotonic() - start
        return result_of(answer), time.monotonic() - start
    finally:
        timer.cancel()
        if engine.proc.poll() is None:
            engine.proc.kill()
        engine.proc.wait()


def retry(row, seconds):
    """Whether a row left unknown had clearly less time than this run gives."""
    return row["result"] == "unknown" and float(row["seconds"]) < 0.95 * seconds


def finished(path):
    if not path or not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {row["opening"]: row for row in csv.DictReader(f)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine's command line")
    parser.add_argument("--setup", action="append", default=[], help="HTP sent after boardsize")
    parser.add_argument("--solve", required=True, help="the solve command, e.g. "
                        "'dfpn-solve-state white' or 'solve-state white {time}'")
    parser.add_argument("--size", type=int, required=True)
    parser.add_argument("--time", type=float, default=120.0, help="seconds per opening")
    parser.add_argument("--grace", type=float, default=15.0,
                        help="seconds past --time before the process is killed")
    parser.add_argument("--only", action="append", default=[], help="this opening only")
    parser.add_argument("--replies", metavar="CELL",
                        help="prove this opening through every White reply (see above)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="CSV of the results; a rerun skips what it holds")
    args = parser.parse_args()
    if not 1 <= args.size <= 19 or args.jobs < 1 or args.time <= 0:
        parser.error("--size 1-19, --jobs at least 1 and --time above 0")

    def fill(text):
        return text.replace("{time}", f"{args.time:g}")

    argv = shlex.split(args.engine)
    setups = [fill(s) for s in args.setup]
    solve = fill(args.solve)
    cells = replies(args.size, args.replies) if args.replies else args.only or openings(args.size)
    done = finished(args.out)
    todo = [c for c in cells if c not in done or retry(done[c], args.time)]
    lock = threading.Lock()
    rows = dict(done)
    workdir = tempfile.mkdtemp(prefix="solve-openings-")

    def run(cell):
        with lock:  # the other jobs add rows meanwhile
            decided = args.replies and opening_verdict(rows, cells) == "LOSS"
        if decided:
            return  # a reply already wins for White: the opening is decided
        result, seconds = solve_one(argv, args.size, cell, setups, solve,
                                    args.time + args.grace, workdir)
        with lock:
            rows[cell] = {"opening": cell, "result": result, "seconds": f"{seconds:.1f}"}
            print(f"{cell:4} {result:8} {seconds:8.1f} s", flush=True)
            if args.out:
                new = not os.path.exists(args.out)
                with open(args.out, "a", newline="") as f:
                    writer = csv.DictWriter(f, fieldnames=["opening", "result", "seconds"])
                    if new:
                        writer.writeheader()
                    writer.writerow(rows[cell])

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, todo))
    proven = [r for c, r in rows.items() if c in cells and r["result"] != "unknown"]
    total = sum(float(r["seconds"]) for r in proven)
    print(f"{len(proven)} of {len(cells)} proven, {total:.1f} s for the proven ones",
          file=sys.stderr)
    if args.replies:
        print(f"opening {args.replies} by its replies: {opening_verdict(rows, cells)}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
