#!/usr/bin/env python3
"""Trains the network on self-play records and exports OUT/net.ohnn.

Rerunning the same command continues from OUT/checkpoint.pt (after the last finished epoch);
a finished run only re-exports. See training/README.md.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ohmhex_training import data, trainer, weights  # noqa: E402

DEFAULT_SHAPE = {"channels": 32, "blocks": 3, "value_width": 32}


def parse_arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", nargs="+", required=True, metavar="FILE|GLOB",
                   help="self-play record files (JSONL), paths or glob patterns")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="checkpoint, net.ohnn, train.json")
    p.add_argument("--init", metavar="NET",
                   help="start from an .ohnn file or a checkpoint.pt (default: random)")
    p.add_argument("--channels", type=int, help="trunk channels C (default 32, or --init's)")
    p.add_argument("--blocks", type=int, help="residual blocks B (default 3, or --init's)")
    p.add_argument("--value-width", type=int, help="value head width V (default 32, or --init's)")
    p.add_argument("--batch-norm", action="store_true",
                   help="train with batch normalisation (folded at export)")
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-4, help="L2 coefficient")
    p.add_argument("--no-augment", action="store_true", help="no 180-degree rotations")
    p.add_argument("--dedupe", action="store_true",
                   help="merge identical positions (targets averaged)")
    p.add_argument("--search-weight", type=float, default=0.0, metavar="W",
                   help="value target: W * tanh(search score / --score-scale) + (1 - W) * "
                        "game result (default 0: the result alone; 1 distils the search)")
    p.add_argument("--score-scale", type=float, default=data.ValueTarget.score_scale,
                   help="search scores are divided by this before tanh (default %(default)g)")
    p.add_argument("--proven-values-only", action="store_true",
                   help="the value head learns from proven positions only (the others train "
                        "the policy): see label_proofs.py")
    p.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--golden", action="store_true", help="also write OUT/net.golden")
    p.add_argument("--validation", nargs="+", default=[], metavar="FILE|GLOB",
                   help="held-out self-play records: their losses are reported every epoch")
    p.add_argument("--run-id", default=None,
                   help="names the run in the net's description (default: OUT)")
    args = p.parse_args(argv)
    for name in ("epochs", "batch", "threads"):
        if getattr(args, name) < 1:
            p.error(f"--{name} wants a positive number")
    return args


def shape_of(args):
    """C, B, V: the arguments', else --init's (an .ohnn file), else the defaults."""
    shape = {}
    init_shape = {}
    if args.init and args.init.endswith(".ohnn"):
        with open(args.init, "rb") as f:
            c, b, v, _, _ = weights.parse(f.read())
        init_shape = {"channels": c, "blocks": b, "value_width": v}
    for key, default in DEFAULT_SHAPE.items():
        given = getattr(args, key)
        shape[key] = given if given is not None else init_shape.get(key, default)
    return shape


def main(argv=None):
    args = parse_arguments(argv)
    try:
        files = data.expand(args.data)
        target = data.ValueTarget(args.search_weight, args.score_scale,
                                  args.proven_values_only)
        samples, games = data.load_samples(files, dedupe=args.dedupe, value_target=target)
        if not samples:
            raise ValueError("the records hold no positions")
        valued = sum(1 for s in samples if s.value_weight > 0)
        if not valued:
            raise ValueError("the records hold no proven positions")
        held_out = data.expand(args.validation) if args.validation else []
        if set(map(os.path.abspath, held_out)) & set(map(os.path.abspath, files)):
            raise ValueError("a --validation file is also training data")
        validation = data.load_samples(held_out, value_target=target)[0] if held_out else []
        config = dict(shape_of(args), batch_norm=args.batch_norm, epochs=args.epochs,
                      batch=args.batch, lr=args.lr, weight_decay=args.weight_decay,
                      augment=not args.no_augment, dedupe=args.dedupe, threads=args.threads,
                      seed=args.seed, golden=args.golden,
                      init=os.path.abspath(args.init) if args.init else None,
                      data=[os.path.abspath(f) for f in files],
                      validation=[os.path.abspath(f) for f in held_out])
        if args.search_weight > 0:
            # Only then: a result-only run keeps the configuration it had before these options
            # existed, so that its checkpoint still resumes.
            config.update(search_weight=args.search_weight, score_scale=args.score_scale)
        if args.proven_values_only:
            config.update(proven_values_only=True)  # likewise only when set
        description = (f"run {args.run_id or os.path.abspath(args.out)}: {games} games, "
                       f"{len(samples)} positions from {len(files)} files; C={config['channels']}"
                       f" B={config['blocks']} V={config['value_width']}, {args.epochs} epochs,"
                       f" lr {args.lr}, seed {args.seed}")
        if args.search_weight > 0:
            description += (f"; value target {args.search_weight} x tanh(score /"
                            f" {args.score_scale:g}) + {1 - args.search_weight:g} x result")
        if args.proven_values_only:
            description += f"; values from the {valued} proven positions only"
        trainer.run(args.out, config, samples, games, description, validation)
    except (OSError, ValueError) as error:
        print(f"train.py: {error}", file=sys.stderr)
        return 1
    print(f"wrote {os.path.join(args.out, 'net.ohnn')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
