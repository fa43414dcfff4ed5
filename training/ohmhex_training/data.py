"""Self-play records (docs/network.md, "Self-play records (version 1)") -> training samples.

One sample per ply i of a game: the position before move i, the policy target (the search's
best move searched[i], as a distribution over the original board's cells) and the value target
for the side to move at ply i. That value mixes the game's result (+1 if the side to move won,
-1 if it lost) with the search's own score, tanh(scores[i] / score_scale), by search_weight
(0: the result alone); a proven result (proven[i] != 0) overrides both. The search's score
is the target that distils a search into the net: a value that predicts what a depth-d search
would say, far less noisy than the result of one game. The net's canonical view is applied
later, per batch (batches()).
"""

import glob
import json
import math
import sys
from dataclasses import dataclass

import numpy as np
import torch

from .encoding import Position, encode, parse_cell
from .model import batch_tensors

RECORD_VERSION = 1


@dataclass(frozen=True)
class Sample:
    position: Position
    policy: np.ndarray  # float32 over the original cells y * width + x, sums to 1
    value: float  # for the side to move, in [-1, 1]
    value_weight: float = 1.0  # 0: the value loss leaves this sample out

    def rotated(self):
        """The 180-degree rotation: cell i becomes cell W*H-1-i, the value is unchanged."""
        return Sample(self.position.rotated(), self.policy[::-1].copy(), self.value,
                      self.value_weight)


class RecordError(ValueError):
    """A record line that is not a valid version-1 self-play record."""


def expand(patterns):
    """The files named by a list of paths and glob patterns, sorted, each once; a pattern that
    matches nothing is an error (a typo must not train on less data silently)."""
    files = set()
    for pattern in patterns:
        matches = glob.glob(pattern)
        if not matches:
            raise FileNotFoundError(f"no file matches '{pattern}'")
        files.update(matches)
    return sorted(files)


def read_records(path):
    """The records of one JSONL file, as dicts. A last line without its newline that is not
    valid JSON is a write cut short (a killed self-play run) and is skipped with a warning;
    any other bad line raises RecordError naming the file and line."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as error:
            if number == len(lines):  # the last line, with no newline after it
                print(f"{path}:{number}: skipping a truncated last line", file=sys.stderr)
                continue
            raise RecordError(f"{path}:{number}: not JSON ({error})") from None
    return records


@dataclass(frozen=True)
class ValueTarget:
    """How a ply's value target is made: search_weight * tanh(score / score_scale) +
    (1 - search_weight) * result. With proven_only, only the proven plies have a value target
    (the others train the policy alone): a game's result is a noisy guess at a position's value,
    a proof is its value."""
    search_weight: float = 0.0
    score_scale: float = 400.0
    proven_only: bool = False

    def __post_init__(self):
        if not 0.0 <= self.search_weight <= 1.0:
            raise ValueError(f"search weight {self.search_weight} is not in [0, 1]")
        if not self.score_scale > 0:
            raise ValueError(f"score scale {self.score_scale} is not positive")

    def of(self, result, score):
        search = math.tanh(score / self.score_scale)
        return self.search_weight * search + (1.0 - self.search_weight) * result


def samples_from_record(record, value_target=ValueTarget()):
    """The training samples of one game record (dict); RecordError if it is inconsistent."""
    if record.get("version") != RECORD_VERSION:
        raise RecordError(f"record version {record.get('version')!r}; expected {RECORD_VERSION}")
    width, height = int(record["width"]), int(record["height"])
    moves, searched = record["moves"], record["searched"]
    proven = record["proven"]
    if not (len(moves) == len(searched) == len(proven) == len(record["scores"])):
        raise RecordError("moves, searched, scores and proven differ in length")
    winner = record["winner"]
    if winner not in ("black", "white"):
        raise RecordError(f"winner {winner!r} is neither 'black' nor 'white'")

    def index(name):
        x, y = parse_cell(name, width, height)
        return y * width + x

    stones = {"b": set(), "w": set()}
    samples = []
    scores = record["scores"]
    for ply, (move, best, result) in enumerate(zip(moves, searched, proven)):
        mover = "b" if ply % 2 == 0 else "w"
        position = Position(width, height, frozenset(stones["b"]), frozenset(stones["w"]), mover)
        target, played = index(best), index(move)
        for cell, what in ((target, "searched"), (played, "moves")):
            if position.occupied(cell):
                raise RecordError(f"{what}[{ply}] = {record[what][ply]} is occupied")
        if result not in (-1, 0, 1):
            raise RecordError(f"proven[{ply}] = {result!r} is not -1, 0 or 1")
        won = (winner == "black") == (mover == "b")
        if not isinstance(scores[ply], (int, float)):
            raise RecordError(f"scores[{ply}] = {scores[ply]!r} is not a number")
        value = (float(result) if result != 0
                 else value_target.of(1.0 if won else -1.0, float(scores[ply])))
        policy = np.zeros(width * height, dtype=np.float32)
        policy[target] = 1.0
        weight = 0.0 if value_target.proven_only and result == 0 else 1.0
        samples.append(Sample(position, policy, value, weight))
        stones[mover].add(played)
    return samples


def load_samples(paths, dedupe=False, value_target=ValueTarget()):
    """(samples, games) from record files, value targets made by `value_target`; with dedupe,
    identical positions become one sample whose targets are the mean of theirs."""
    samples, games = [], 0
    for path in paths:
        for number, record in enumerate(read_records(path), start=1):
            try:
                samples += samples_from_record(record, value_target)
            except (RecordError, KeyError, TypeError, ValueError) as error:
                raise RecordError(f"{path}: record {number}: {error}") from None
            games += 1
    return (merge_duplicates(samples) if dedupe else samples), games


def merge_duplicates(samples):
    groups = {}
    for s in samples:
        key = (s.position.width, s.position.height, s.position.black, s.position.white,
               s.position.to_move)
        groups.setdefault(key, []).append(s)
    merged = []
    for group in groups.values():
        policy = np.mean([s.policy for s in group], axis=0).astype(np.float32)
        valued = [s.value for s in group if s.value_weight > 0]
        merged.append(Sample(group[0].position, policy, float(np.mean(valued)) if valued else 0.0,
                             1.0 if valued else 0.0))
    return merged


@dataclass
class Batch:
    planes: torch.Tensor  # [N, 4, H+2, W+2] of one canonical size
    empty: torch.Tensor  # bool [N, H*W]
    policy: torch.Tensor  # [N, H*W] in canonical cell order
    value: torch.Tensor  # [N]
    value_weight: torch.Tensor  # [N]: 1 where the sample has a value target, else 0


def batches(samples, batch_size, rng, augment=True):
    """The samples as batches of one canonical board size each, in an order drawn from rng;
    with augment each sample is rotated by 180 degrees with probability 1/2."""
    by_shape = {}
    rotate = rng.random(len(samples)) < 0.5 if augment else np.zeros(len(samples), dtype=bool)
    for sample, turn in zip(samples, rotate):
        s = sample.rotated() if turn else sample
        canonical = encode(s.position)
        by_shape.setdefault((canonical.width, canonical.height), []).append((canonical, s))
    out = []
    for shape in sorted(by_shape):
        group = by_shape[shape]
        order = rng.permutation(len(group))
        for start in range(0, len(group), batch_size):
            out.append(make_batch([group[i] for i in order[start:start + batch_size]]))
    return [out[i] for i in rng.permutation(len(out))]


def make_batch(pairs):
    planes, empty = batch_tensors([c for c, _ in pairs])
    return Batch(planes, empty,
                 torch.from_numpy(np.stack([s.policy[c.to_original] for c, s in pairs])),
                 torch.tensor([s.value for _, s in pairs], dtype=torch.float32),
                 torch.tensor([s.value_weight for _, s in pairs], dtype=torch.float32))
