#!/usr/bin/env python3
"""Calibrates each evaluator's value as a winning chance on OhmHex's own self-play games.

For every evaluator, positions are sampled from the games of a training run (jsonl records with
`moves`, `width`, `height` and `winner`, as `ohmhex selfplay` writes them), the engine is asked
`eval EVALUATOR` there, and one scale s is fitted by maximum likelihood so that

    P(the side to move wins) = 1 / (1 + exp(-value / s))

(no offset: a value of 0 is an even game, and the chance of -v is one minus the chance of v).
Values at or beyond the engine's proven-win magnitude are left out: they mean a proven result.
The fit uses the games of --fit, the report (log loss, and the observed share of wins by
predicted chance) the games of --check, which the fit never saw.

    python3 bench/calibrate_chance.py --engine build/release/app/ohmhex \\
        --fit training/runs/r1/games-iter0.jsonl --check training/runs/r1/held-out.jsonl

prints, per evaluator, `even` and `scale` for eval/win_chance.cpp and the check. `eval network`
answers with the engine's `network_value`: the default engine gives the mix's calibration
("mix" in the table), `--engine "ohmhex -o network_value=network" --evaluator network` the net's
own ("network").
"""
import argparse
import json
import math
import shlex
import sys

from selfplay import Engine

PROVEN = 998000  # kMaxEval (core/score.h): a finished game; heuristic values stay inside
EVALUATORS = ["resistance", "twodistance", "yreduction", "maxflow", "network"]


def games(path):
    with open(path) as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def samples(engine_command, path, evaluators, every, skip):
    """(evaluator, value, won) for sampled positions of every game: won is 1 when the side to
    move there won the game."""
    out = []
    engine = Engine(shlex.split(engine_command))
    try:
        for game in games(path):
            engine.send(f"boardsize {game['width']} {game['height']}")
            for ply, move in enumerate(game["moves"]):
                if ply >= skip and (ply - skip) % every == 0:
                    to_move = "black" if ply % 2 == 0 else "white"
                    won = 1 if game["winner"] == to_move else 0
                    for name in evaluators:
                        value = int(engine.send(f"eval {name}"))
                        if abs(value) < PROVEN:
                            out.append((name, value, won))
                engine.send(f"play {'b' if ply % 2 == 0 else 'w'} {move}")
    finally:
        engine.close()
    return out


def sigmoid(x):
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def fit_logistic(points):
    """(even, scale, z) maximising the likelihood of won ~ sigmoid((value - even) / scale):
    Newton's method on won ~ sigmoid(a * x + b) with x the value over its spread (for
    conditioning); z is the slope over its standard error. Where the values say nothing about
    the winner (z below 2) the result is (0, 100 x the spread): a chance within about half a
    percent of even, rather than a degenerate fit."""
    spread = math.sqrt(sum(v * v for v, _ in points) / len(points)) or 1.0
    a, b = 1.0, 0.0
    det = hbb = 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for v, w in points:
            x = v / spread
            p = sigmoid(a * x + b)
            ga += (w - p) * x
            gb += w - p
            q = p * (1 - p)
            haa += q * x * x
            hab += q * x
            hbb += q
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    z = a / math.sqrt(hbb / det) if det > 0 and hbb > 0 else 0.0
    if z < 2:
        return 0.0, 100 * spread, z
    return -b / a * spread, spread / a, z


def chance(value, even, scale):
    return sigmoid((value - even) / scale)


def log_loss(points, even, scale):
    total = 0.0
    for v, w in points:
        p = min(max(chance(v, even, scale), 1e-12), 1 - 1e-12)
        total -= math.log(p) if w else math.log(1 - p)
    return total / len(points)


def calibration(points, even, scale, bins=5):
    """Per bin of predicted chance: (low, high, positions, mean predicted, observed win share)."""
    rows = []
    for k in range(bins):
        low, high = k / bins, (k + 1) / bins
        inside = [(p, w) for p, w in ((chance(v, even, scale), w) for v, w in points)
                  if low <= p < high or (k == bins - 1 and p == 1)]
        if inside:
            rows.append((low, high, len(inside), sum(p for p, _ in inside) / len(inside),
                         sum(w for _, w in inside) / len(inside)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="ohmhex command line")
    parser.add_argument("--fit", required=True, help="games to fit on (jsonl)")
    parser.add_argument("--check", required=True, help="games to check on (jsonl)")
    parser.add_argument("--evaluator", action="append", help="default: all five")
    parser.add_argument("--every", type=int, default=3, help="sample every N plies (3)")
    parser.add_argument("--skip", type=int, default=2,
                        help="leave out the first N plies (2: the runs' random opening plies)")
    args = parser.parse_args()
    evaluators = args.evaluator or EVALUATORS
    fit = samples(args.engine, args.fit, evaluators, args.every, args.skip)
    check = samples(args.engine, args.check, evaluators, args.every, args.skip)
    for name in evaluators:
        fit_points = [(v, w) for n, v, w in fit if n == name]
        check_points = [(v, w) for n, v, w in check if n == name]
        if not fit_points or not check_points:
            print(f"{name}: no undecided positions", file=sys.stderr)
            continue
        even, scale, z = fit_logistic(fit_points)
        share = sum(w for _, w in check_points) / len(check_points)
        base = -(share * math.log(share) + (1 - share) * math.log(1 - share))
        print(f"{name}: even {even:.1f} scale {scale:.1f} (slope z = {z:.1f}) from "
              f"{len(fit_points)} positions; "
              f"check on {len(check_points)}: log loss {log_loss(check_points, even, scale):.4f} "
              f"(knowing only the share of wins: {base:.4f})")
        for low, high, count, predicted, observed in calibration(check_points, even, scale):
            print(f"    chance {low:.1f}-{high:.1f}: {count:5d} positions, predicted "
                  f"{predicted:.3f}, won {observed:.3f}")


if __name__ == "__main__":
    main()
