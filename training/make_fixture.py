#!/usr/bin/env python3
"""Writes the C++ golden test's fixtures (test/data/network/), deterministically.

tiny.ohnn / tiny.golden: C=8, B=1, V=8, no batch norm.
tiny_bn.ohnn / tiny_bn.golden: C=8, B=2, V=8, with batch-norm layers whose statistics are
random, folded into the convolutions at export (tests the folding).

The weights are untrained: drawn from numpy's PCG64 generator with a fixed seed (stable across
numpy and torch versions), so rerunning this script reproduces the .ohnn files byte for byte;
training/tests/test_fixture.py checks that.
"""

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ohmhex_training import golden, weights  # noqa: E402
from ohmhex_training.model import HexNet  # noqa: E402

FIXTURES = {
    # name: (channels, blocks, value width, batch norm, seed)
    "tiny": (8, 1, 8, False, 1),
    "tiny_bn": (8, 2, 8, True, 2),
}
DEFAULT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "data",
                           "network")


def random_model(channels, blocks, value_width, batch_norm, seed):
    """Weights uniform in +-sqrt(6 / fan-in) (He), biases and norms' shifts in +-0.5, so the
    outputs vary visibly from cell to cell and position to position (the last value layer
    smaller, to keep the value off tanh's flat ends); batch-norm statistics and
    scales random so that folding changes every number."""
    rng = np.random.default_rng(seed)
    model = HexNet(channels, blocks, value_width, batch_norm=batch_norm)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if param.dim() > 1:
                taps = 7 if param.dim() == 4 and param.shape[2] == 3 else 1
                bound = np.sqrt(6.0 / (param.shape[1] * taps))
            else:
                bound = 0.5
            if name.endswith("norm.weight"):
                values = rng.uniform(0.5, 1.5, param.shape)
            else:
                values = rng.uniform(-bound, bound, param.shape)
            if name.startswith("value_fc2"):
                values *= 0.2  # keeps tanh off its flat ends, where it would hide errors
            param.copy_(torch.from_numpy(values.astype(np.float32)))
        for layer in model.conv_layers():
            layer.conv.weight.mul_(layer.conv.mask)
            if layer.norm is not None:
                n = layer.norm.num_features
                layer.norm.running_mean.copy_(
                    torch.from_numpy(rng.normal(0.0, 0.5, n).astype(np.float32)))
                layer.norm.running_var.copy_(
                    torch.from_numpy(rng.uniform(0.5, 2.0, n).astype(np.float32)))
    return model.eval()


def write_fixture(name, directory):
    channels, blocks, value_width, batch_norm, seed = FIXTURES[name]
    model = random_model(channels, blocks, value_width, batch_norm, seed)
    description = (f"training/make_fixture.py {name}: C={channels} B={blocks} V={value_width}"
                   f"{' batch norm folded' if batch_norm else ''}, random weights seed {seed},"
                   " untrained")
    ohnn = os.path.join(directory, f"{name}.ohnn")
    weights.export(model, ohnn, description)
    # The golden values come from the exported (float32, folded) weights, as the C++ side
    # reads them.
    exported, _ = weights.read(ohnn)
    golden.write(exported, golden.standard_positions(), os.path.join(directory, f"{name}.golden"),
                 header=description)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_DIR, help="directory (default test/data/network)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name in FIXTURES:
        write_fixture(name, args.out)


if __name__ == "__main__":
    main()
