#!/usr/bin/env python3
"""Expert iteration driver: self-play, training and gating, iteration after iteration.

Iteration k: (a) `ohmhex selfplay` in --shards parallel processes with the best net so far
(the classical resistance evaluator until a net is accepted); (b) train.py on the games of the
last --window iterations, starting from the best net; (c) ohmhex-match between the candidate
and the best, which the candidate replaces if it scores above --threshold. RUN/run.json
records each phase's games, positions, losses, CPU seconds and match score. Rerunning the same
command resumes; --iterations may be raised to go on. See training/README.md.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ohmhex_training import iteration  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--run", required=True, metavar="DIR", help="the run directory")
    p.add_argument("--iterations", type=int, default=10)
    p.add_argument("--ohmhex", default=os.path.join(REPO, "build", "release", "app", "ohmhex"))
    p.add_argument("--ohmhex-match",
                   default=os.path.join(REPO, "build", "release", "app", "ohmhex-match"))
    p.add_argument("--python", default=sys.executable, help="interpreter for train.py")
    g = p.add_argument_group("self-play")
    g.add_argument("--games", type=int, default=200, help="games per iteration")
    g.add_argument("--sizes", default="5,7", help="board sizes, comma-separated")
    g.add_argument("--nodes", type=int, default=500, help="search nodes per move")
    g.add_argument("--shards", type=int, default=2,
                   help="parallel self-play processes (also ohmhex-match -j)")
    g.add_argument("-o", dest="options", action="append", default=[], metavar="KEY=VALUE",
                   help="extra engine option for self-play (repeatable)")
    g = p.add_argument_group("training")
    g.add_argument("--window", type=int, default=3,
                   help="train on the games of the last N iterations")
    g.add_argument("--channels", type=int, default=32)
    g.add_argument("--blocks", type=int, default=3)
    g.add_argument("--value-width", type=int, default=32)
    g.add_argument("--batch-norm", action="store_true")
    g.add_argument("--epochs", type=int, default=5)
    g.add_argument("--batch", type=int, default=64)
    g.add_argument("--lr", type=float, default=1e-3)
    g.add_argument("--threads", type=int, default=1, help="torch threads")
    g = p.add_argument_group("gating")
    g.add_argument("--gate-games", type=int, default=20)
    g.add_argument("--gate-sizes", default="7")
    g.add_argument("--gate-nodes", type=int, default=500)
    g.add_argument("--gate-openings", default="all")
    g.add_argument("--threshold", type=float, default=0.55,
                   help="accept a candidate scoring above this share")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    for name in ("games", "nodes", "shards", "window", "epochs", "batch", "threads",
                 "gate_games", "gate_nodes"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} wants a positive number")
    if not 0 <= args.threshold < 1:
        p.error("--threshold wants a share in [0, 1)")
    return args


def main(argv=None):
    args = parse_arguments(argv)
    config = {key: value for key, value in vars(args).items() if key != "run"}
    for tool in (args.ohmhex, args.ohmhex_match):
        if not os.access(tool, os.X_OK):
            print(f"iterate.py: {tool} is not an executable (build first, or give its path)",
                  file=sys.stderr)
            return 1
    config["ohmhex"], config["ohmhex_match"] = (os.path.abspath(args.ohmhex),
                                                os.path.abspath(args.ohmhex_match))
    try:
        iteration.Run(args.run, config).go()
    except (iteration.RunError, OSError, ValueError) as error:
        print(f"iterate.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
