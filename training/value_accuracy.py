#!/usr/bin/env python3
"""How often a net's value names the winner of proven positions, beside the recorded search.

For every ply of the records whose value is proven (label_proofs.py writes them), except each
game's last ply (the proof that ended the game, usually a decided connection), compares the sign
of the net's value with the proof, and the sign of the search's own score in the record (the
classical evaluator's search that played the game) with it. Prints the counts and shares, with
the net's mean squared error against the exact values.
"""

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ohmhex_training import data, weights  # noqa: E402
from ohmhex_training.encoding import encode  # noqa: E402
from ohmhex_training.model import batch_tensors  # noqa: E402


def proven_samples(records):
    """(position, exact value, search score) of the proven plies but the last of each game."""
    out = []
    for record in records:
        samples = data.samples_from_record(record)
        for ply, (sample, proof) in enumerate(zip(samples, record["proven"])):
            if proof != 0 and ply < len(samples) - 1:
                out.append((sample.position, float(proof), float(record["scores"][ply])))
    return out


def net_values(model, positions, chunk=256):
    """The net's values, batched by canonical board shape."""
    values = np.zeros(len(positions))
    by_shape = {}
    for i, position in enumerate(positions):
        canonical = encode(position)
        by_shape.setdefault((canonical.width, canonical.height), []).append((i, canonical))
    model.eval()
    with torch.no_grad():
        for group in by_shape.values():
            for start in range(0, len(group), chunk):
                part = group[start:start + chunk]
                planes, empty = batch_tensors([c for _, c in part])
                _, value = model(planes, empty)
                values[[i for i, _ in part]] = value.numpy()
    return values


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", nargs="+", required=True, metavar="FILE|GLOB",
                   help="labelled self-play records (JSONL)")
    p.add_argument("--net", required=True, help="an .ohnn file")
    args = p.parse_args(argv)
    try:
        records = [r for path in data.expand(args.data) for r in data.read_records(path)]
        model, _ = weights.read(args.net)
    except (OSError, ValueError, data.RecordError) as error:
        print(f"value_accuracy.py: {error}", file=sys.stderr)
        return 1
    samples = proven_samples(records)
    if not samples:
        print("value_accuracy.py: no proven position before a game's last ply", file=sys.stderr)
        return 1
    truth = np.array([v for _, v, _ in samples])
    search = np.array([s for _, _, s in samples])
    net = net_values(model, [pos for pos, _, _ in samples])
    n = len(samples)
    print(f"{n} proven positions (games: {len(records)})")
    right = np.sign(net) == truth
    print(f"net value has the winner's sign: {np.sum(right)} ({np.mean(right):.3f}); "
          f"mean squared error {np.mean((net - truth) ** 2):.3f}")
    print(f"search score has the winner's sign: {np.sum(np.sign(search) == truth)} "
          f"({np.mean(np.sign(search) == truth):.3f})")
    # The same by empty cells, in tens: the positions far from the end are the hard ones.
    empty = np.array([pos.width * pos.height - len(pos.black) - len(pos.white)
                      for pos, _, _ in samples])
    print("empty cells | positions | net right | search right")
    tens = (empty // 10) * 10
    for low in sorted(set(tens), reverse=True):
        part = tens == low
        print(f"{low}-{low + 9} | {np.sum(part)} | {np.mean(right[part]):.3f} | "
              f"{np.mean(np.sign(search[part]) == truth[part]):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
