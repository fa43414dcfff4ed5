"""The golden file, version 1 (docs/network.md, "Golden file"): a net's value and policy over
a list of positions, computed by the PyTorch forward pass in float64 (so the file holds the
exact function of the exported float32 weights up to float64 rounding; the C++ side computes
in float32 and is compared to 1e-4)."""

import copy

import numpy as np
import torch

from .encoding import Position, cell_name, encode, parse_cell
from .model import batch_tensors


def evaluate(model, position):
    """(value, policy over the original board's cells) in float64, the model in eval mode."""
    net = copy.deepcopy(model).double().eval()
    canonical = encode(position)
    planes, empty = batch_tensors([canonical], dtype=torch.float64)
    with torch.no_grad():
        logits, value = net(planes, empty)
    probabilities = torch.softmax(logits[0], dim=0).numpy()
    policy = np.zeros(position.width * position.height)
    policy[canonical.to_original] = probabilities
    return float(value[0]), policy


def stone_names(position, stones):
    return " ".join(cell_name(i % position.width, i // position.width) for i in sorted(stones))


def block(model, position):
    value, policy = evaluate(model, position)
    lines = [f"position {position.width} {position.height} {position.to_move}",
             f"black {stone_names(position, position.black)}".rstrip(),
             f"white {stone_names(position, position.white)}".rstrip(),
             f"value {value:.10g}",
             "policy " + " ".join(f"{p:.10g}" for p in policy)]
    return "\n".join(lines) + "\n"


def text(model, positions, header=""):
    parts = [f"# {line}\n" for line in header.splitlines()]
    parts.append("# values and policies from PyTorch's forward pass in float64\n")
    for position in positions:
        parts.append("\n" + block(model, position))
    return "".join(parts)


def write(model, positions, path, header=""):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text(model, positions, header))


def read(path):
    """[(position, value, policy)] from a golden file (for tests)."""
    entries = []
    current = None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, _, rest = line.partition(" ")
            words = rest.split()
            if key == "position":
                current = {"size": (int(words[0]), int(words[1])), "to_move": words[2]}
            elif key in ("black", "white"):
                current[key] = words
            elif key == "value":
                current["value"] = float(words[0])
            elif key == "policy":
                entries.append(_entry(current, [float(w) for w in words]))
            else:
                raise ValueError(f"{path}: unknown line '{line}'")
    return entries


def _entry(fields, policy):
    width, height = fields["size"]

    def indices(names):
        return frozenset(y * width + x for x, y in (parse_cell(n, width, height) for n in names))

    position = Position(width, height, indices(fields["black"]), indices(fields["white"]),
                        fields["to_move"])
    return position, fields["value"], np.array(policy)


def standard_positions(seed=1):
    """The fixture's positions: several sizes (square, non-square, 1x1), both colours to move,
    empty boards and boards with stones (random but legal, reproducible from the seed)."""
    rng = np.random.default_rng(seed)
    positions = []
    for width, height in ((1, 1), (2, 3), (4, 7), (7, 4), (5, 5), (11, 11), (13, 9)):
        cells = width * height
        for to_move in ("b", "w"):
            positions.append(Position(width, height, frozenset(), frozenset(), to_move))
        for stones in sorted({min(cells - 1, s) for s in (1, cells // 3, cells // 2)}):
            if stones == 0:
                continue
            order = rng.permutation(cells)
            black = frozenset(int(i) for i in order[:(stones + 1) // 2])
            white = frozenset(int(i) for i in order[(stones + 1) // 2:stones])
            to_move = "b" if len(black) == len(white) else "w"
            positions.append(Position(width, height, black, white, to_move))
        if cells > 1:  # White to move on an otherwise plain board (one black stone)
            positions.append(Position(width, height, frozenset({cells // 2}), frozenset(), "w"))
    return positions
