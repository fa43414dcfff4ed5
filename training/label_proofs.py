#!/usr/bin/env python3
"""Labels self-play records with the solver's exact values (see ohmhex_training/proof_labels.py).

Reads the records of --data, walks each game back from its end with `solve-state` at --seconds
per position (stopping after --misses unknown positions in a row) and writes the game, its
`proven` list completed, to --out. Rerunning the same command resumes: games already in --out
are skipped, and a last line cut short (a killed run) is removed first. --shard I/N labels only
the games whose index g has g % N == I (as `ohmhex selfplay --shard`), one process per core.
"""

import argparse
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, os.path.join(REPO, "bench"))  # the HTP driver of the bench scripts
from ohmhex_training import data, proof_labels  # noqa: E402
from selfplay import Engine  # noqa: E402


def parse_arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", nargs="+", required=True, metavar="FILE|GLOB",
                   help="self-play record files (JSONL)")
    p.add_argument("--out", required=True, metavar="FILE", help="labelled records (JSONL)")
    p.add_argument("--engine", default=os.path.join(REPO, "build", "release", "app", "ohmhex"),
                   help="the ohmhex binary")
    p.add_argument("--seconds", type=float, default=0.5, help="solver time per position")
    p.add_argument("--misses", type=int, default=2,
                   help="unknown positions in a row that end a game's walk")
    p.add_argument("--shard", default="0/1", metavar="I/N")
    args = p.parse_args(argv)
    if not args.seconds > 0:
        p.error("--seconds wants a positive number")
    if args.misses < 1:
        p.error("--misses wants a positive number")
    try:
        index, count = (int(part) for part in args.shard.split("/"))
    except ValueError:
        p.error(f"--shard {args.shard}: not I/N")
    if not 0 <= index < count:
        p.error(f"--shard {args.shard}: I must be in 0..N-1")
    args.shard = (index, count)
    return args


def game_key(record):
    return (record.get("seed"), record.get("game"), record.get("width"), record.get("height"))


def done_games(path):
    """The keys of the games already in `path`, after removing a last line cut short."""
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return {game_key(json.loads(line)) for line in text.splitlines() if line.strip()}


def main(argv=None):
    args = parse_arguments(argv)
    try:
        files = data.expand(args.data)
        done = done_games(args.out)
        index, count = args.shard
        engine = Engine([args.engine], stderr=subprocess.DEVNULL)
        labelled_games = 0
        with open(args.out, "a", encoding="utf-8") as out:
            for path in files:
                for record in data.read_records(path):
                    if record.get("game", 0) % count != index or game_key(record) in done:
                        continue
                    labelled = proof_labels.label_record(record, engine, args.seconds,
                                                         args.misses)
                    out.write(json.dumps(labelled, separators=(",", ":")) + "\n")
                    out.flush()
                    labelled_games += 1
                    print(f"game {record.get('game')}: {labelled['proof_labels']['labelled']} "
                          f"plies labelled", file=sys.stderr)
        engine.close()
    except (OSError, ValueError, RuntimeError) as error:  # RecordError is a ValueError
        print(f"label_proofs.py: {error}", file=sys.stderr)
        return 1
    print(f"labelled {labelled_games} games into {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
