#!/usr/bin/env python3
"""Circuit comparison: OhmHex's resistance evaluation against Wolve's, move by move.

For each position, every legal move is played and the child is scored by both programs'
circuits alone, from the mover's point of view: OhmHex's `eval resistance`, and Wolve's
`eval-resist` after `vc-build` (Benzene's resistance on its virtual connections, the value its
depth-1 search compares). The report gives, per position, the rank correlation (Spearman) of the
two scores over the children and each side's best moves, then the mean correlation and how often
the two best moves coincide. It tells whether a difference of move choice comes from the
circuit or from what is around it (Wolve's must-play region, its inferior cells), and whether a
change brings OhmHex's circuit closer to Wolve's (docs/strength.md, "Where the gap to
Wolve's evaluation lies"). Wolve is a sparring partner built outside the repository; nothing
but this script needs it.

  circuit_compare.py --positions bench/agreement/positions-11x11.txt --first 20 \\
      --wolve /path/to/wolve --engine "build/release/app/ohmhex [-o option=value]..."

Children that either side scores as decided (a connection win) are left out of the ranks.
"""
import argparse
import math
import shlex
import subprocess
import sys
import tempfile

from selfplay import Engine

COLUMNS = "abcdefghijklmnopqrs"


def set_up(engine, size, moves):
    engine.send(f"boardsize {size} {size}")
    return engine.play_moves(moves)


def wolve_value(wolve, mover, move):
    """Wolve's circuit value of the child after `move`, for the mover (None if undefined)."""
    wolve.send(f"play {mover} {move}")
    wolve.send("vc-build black")
    wolve.send("vc-build white")
    reply = wolve.send("eval-resist black").split()  # "res R rew W reb B", Black's view
    wolve.send("undo")
    try:
        value = float(reply[reply.index("res") + 1])
    except (ValueError, IndexError):
        return None
    if math.isnan(value) or math.isinf(value):
        return None
    return value if mover == "black" else -value


def ohmhex_value(ohmhex, mover, move):
    """OhmHex's resistance value of the child, for the mover (None if decided)."""
    ohmhex.send(f"play {mover} {move}")
    score = int(ohmhex.send("eval resistance"))  # for the side to move: the opponent
    ohmhex.send("undo")
    return None if abs(score) >= 900000 else -score / 1000.0


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: -values[i])
    out = [0.0] * len(values)
    for rank, index in enumerate(order):
        out[index] = float(rank)
    return out


def spearman(a, b):
    n = len(a)
    if n < 3:
        return float("nan")
    ra, rb = ranks(a), ranks(b)
    d2 = sum((x - y) ** 2 for x, y in zip(ra, rb))
    return 1.0 - 6.0 * d2 / (n * (n * n - 1))


def compare(args, moves, wolve, ohmhex):
    size = args.size
    occupied = set(moves)
    mover = set_up(wolve, size, moves)
    set_up(ohmhex, size, moves)
    rows = []
    for y in range(1, size + 1):
        for x in range(size):
            move = f"{COLUMNS[x]}{y}"
            if move in occupied:
                continue
            w = wolve_value(wolve, mover, move)
            o = ohmhex_value(ohmhex, mover, move)
            if w is not None and o is not None:
                rows.append((move, w, o))
    rho = spearman([r[1] for r in rows], [r[2] for r in rows])
    best_w = sorted(rows, key=lambda r: -r[1])[: args.top]
    best_o = sorted(rows, key=lambda r: -r[2])[: args.top]
    return rho, best_w, best_o


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", required=True, help="move_agreement.py positions file")
    parser.add_argument("--first", type=int, default=20, help="positions compared (from the top)")
    parser.add_argument("--skip", type=int, default=0, help="positions skipped first")
    parser.add_argument("--wolve", required=True, help="Wolve's binary")
    parser.add_argument("--engine", required=True, help="OhmHex's command line")
    parser.add_argument("--size", type=int, default=11)
    parser.add_argument("--top", type=int, default=3, help="best moves shown per side")
    args = parser.parse_args()
    with open(args.positions) as f:
        positions = [line.split() for line in f if line.strip() and not line.startswith("#")]
    chosen = positions[args.skip: args.skip + args.first]
    correlations, same_best = [], 0
    # Wolve writes its log file into its working directory: a scratch one, not the caller's.
    scratch = tempfile.TemporaryDirectory(prefix="circuit_compare-")
    for number, moves in enumerate(chosen, start=args.skip):
        wolve = Engine([args.wolve], stderr=subprocess.DEVNULL, cwd=scratch.name)
        ohmhex = Engine(shlex.split(args.engine), stderr=subprocess.DEVNULL)
        try:
            rho, best_w, best_o = compare(args, moves, wolve, ohmhex)
        except RuntimeError as error:  # Wolve dies in some positions
            print(f"{number}: skipped ({error})")
            continue
        finally:
            wolve.close()
            ohmhex.close()
        if not best_w or not best_o:
            print(f"{number}: every child is decided for one of the two")
            continue
        correlations.append(rho)
        same_best += bool(best_w and best_o and best_w[0][0] == best_o[0][0])
        show = lambda best, i: " ".join(f"{r[0]} {r[i]:+.3f}" for r in best)
        print(f"{number}: rho {rho:+.2f}  wolve {show(best_w, 1)}  ohmhex {show(best_o, 2)}")
        sys.stdout.flush()
    finite = [r for r in correlations if not math.isnan(r)]
    if finite:
        print(f"{len(finite)} positions: mean rho {sum(finite) / len(finite):+.3f}, "
              f"same best move in {same_best}")


if __name__ == "__main__":
    main()
