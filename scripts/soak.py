#!/usr/bin/env python3
"""Soak test: OhmHex against itself for many fast games with ohmhex-match.

Mixed board sizes (5-13), half the games with the swap rule and half without, random
'# interrupt' lines during genmove and random undo/replay of moves (ohmhex-match --chaos).
Checks: no crash, no illegal or malformed move, no time loss (every game ends by a connection
or a resignation), and resident memory of the engines flat between the first and the last
hundred games (median growth at most --rss-growth percent). Not part of CI.

Usage: scripts/soak.py --bin BUILD/app [--games 500] [--out DIR] [--jobs 2] [--move-time 0.02]
Exit status 0 when every check passes; the figures are printed for docs/reliability.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_half(args, swap, games, out):
    ohmhex = os.path.join(args.bin, "ohmhex")
    engine = f"{ohmhex} -o tt_mb=16 -o log_level=warn"
    # With the swap rule on, --swappers engines may swap (set-up after each --engine).
    setup = ["--setup", "param_ohmhex allow_swap 1"] if swap == "on" else []
    cmd = [os.path.join(args.bin, "ohmhex-match"),
           "--engine", engine, "--name", "ohmhex-a", *setup,
           "--engine", engine, "--name", "ohmhex-b", *(setup if args.swappers == 2 else []),
           "--size", "5,6,7,8,9,10,11,12,13", "--openings", args.openings,
           "--games", str(games), "--swap", swap, "--move-time", str(args.move_time),
           "--margin", str(args.margin), "--chaos", str(args.chaos), "--seed", str(args.seed),
           "-j", str(args.jobs), "--out", out, "--no-progress"]
    start = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.time() - start
    if proc.returncode != 0:
        sys.exit(f"ohmhex-match failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    with open(os.path.join(out, "results.json")) as f:
        results = json.load(f)
    return results["games"], elapsed


def rss_check(games, window, growth):
    """Median RSS of each engine over the first and last `window` games of one process run."""
    lines = []
    ok = True
    for engine in (0, 1):
        values = [g["rss_kb"][engine] for g in games if g["rss_kb"][engine] > 0]
        if len(values) < 2 * window:
            window_used = max(1, len(values) // 2)
        else:
            window_used = window
        first = statistics.median(values[:window_used])
        last = statistics.median(values[-window_used:])
        change = 100.0 * (last - first) / first
        lines.append(f"engine {engine + 1}: median RSS first {window_used} games {first:.0f} kB, "
                     f"last {window_used} games {last:.0f} kB ({change:+.1f}%)")
        ok = ok and change <= growth
    return ok, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="directory holding ohmhex and ohmhex-match")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--out", default=None)
    parser.add_argument("--jobs", type=int, default=1,
                        help="parallel games; 1 keeps one engine pair for the memory check")
    parser.add_argument("--move-time", type=float, default=0.02)
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--chaos", type=float, default=0.05)
    parser.add_argument("--openings", default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--swappers", type=int, choices=(1, 2), default=2,
                        help="engines allowed to swap in the swap-on half (1: only the first)")
    parser.add_argument("--window", type=int, default=100)
    parser.add_argument("--rss-growth", type=float, default=10.0, help="percent allowed")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="ohmhex-soak-")
    failures = []
    report = []
    all_games = []
    halves = (("off", args.games // 2), ("on", args.games - args.games // 2))
    for swap, games in halves:
        games_out = os.path.join(out, f"swap-{swap}")
        results, elapsed = run_half(args, swap, games, games_out)
        all_games += results
        bad = [g for g in results if g["reason"] not in ("connection", "resign")]
        failures += bad
        swaps = sum(1 for g in results if "swap-pieces" in open(
            os.path.join(games_out, g["sgf"])).read())
        sizes = sorted({g["size"] for g in results})
        plies = sum(g["plies"] for g in results)
        report.append(f"swap {swap}: {len(results)} games in {elapsed:.0f} s, sizes {sizes}, "
                      f"{plies} moves, {swaps} games with a swap, {len(bad)} bad endings")
        ok, lines = rss_check(results, args.window, args.rss_growth)
        report += ["  " + line for line in lines]
        if not ok:
            failures.append({"reason": f"memory grew more than {args.rss_growth}% (swap {swap})"})
    print("\n".join(report))
    print(f"results in {out}")
    if len(all_games) != args.games:
        failures.append({"reason": f"{len(all_games)} games recorded, {args.games} expected"})
    for f in failures[:20]:
        print("FAIL:", f.get("index", ""), f["reason"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
