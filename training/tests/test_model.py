import numpy as np
import pytest
import torch

from ohmhex_training.encoding import Position, encode
from ohmhex_training.model import HexNet, batch_tensors
from test_encoding import colour_transpose_image, random_position


def forward(model, positions):
    canonicals = [encode(p) for p in positions]
    planes, empty = batch_tensors(canonicals)
    return canonicals, model(planes, empty)


def test_dead_taps_stay_zero_and_act_on_nothing():
    torch.manual_seed(0)
    model = HexNet(4, 1, 4)
    optimiser = torch.optim.Adam(model.parameters(), lr=0.1, weight_decay=1e-3)
    positions = [random_position(np.random.default_rng(i), 5, 5, "b") for i in range(4)]
    _, (logits, value) = forward(model, positions)
    (value.sum() + logits.clamp(min=-50).sum()).backward()
    optimiser.step()
    for layer in model.conv_layers():
        w = layer.conv.weight
        assert torch.all(w[:, :, 0, 0] == 0) and torch.all(w[:, :, 2, 2] == 0)
        assert torch.any(w[:, :, 0, 1] != 0)
    # Whatever the stored dead taps hold, the output is the same.
    model.eval()
    _, (before_logits, before_value) = forward(model, positions)
    with torch.no_grad():
        for layer in model.conv_layers():
            layer.conv.weight[:, :, 0, 0] = 5.0
            layer.conv.weight[:, :, 2, 2] = -5.0
    _, (after_logits, after_value) = forward(model, positions)
    assert torch.equal(before_logits, after_logits) and torch.equal(before_value, after_value)


def test_value_range_and_policy_over_empty_cells():
    torch.manual_seed(1)
    model = HexNet(8, 2, 8).eval()
    rng = np.random.default_rng(3)
    positions = [random_position(rng, 4, 7, "b") for _ in range(6)]
    positions = [p for p in positions if len(p.black) + len(p.white) < 28]
    with torch.no_grad():
        canonicals, (logits, value) = forward(model, positions)
    assert torch.all(value > -1) and torch.all(value < 1)
    policy = torch.softmax(logits, dim=1)
    for c, row in zip(canonicals, policy):
        empty = torch.from_numpy(c.empty)
        assert torch.all(row[~empty] == 0)
        assert torch.all(row[empty] > 0)
        assert float(row.sum()) == pytest.approx(1.0, abs=1e-6)




def test_colour_transpose_symmetry_is_exact():
    torch.manual_seed(2)
    model = HexNet(8, 1, 8, batch_norm=True).eval()
    rng = np.random.default_rng(4)
    for width, height in ((4, 7), (6, 6), (1, 3)):
        for to_move in ("b", "w"):
            p = random_position(rng, width, height, to_move)
            if len(p.black) + len(p.white) == width * height:
                continue
            image = colour_transpose_image(p)
            with torch.no_grad():
                (c1,), (l1, v1) = forward(model, [p])
                (c2,), (l2, v2) = forward(model, [image])
            assert torch.equal(v1, v2)
            # original cell (x, y) of p is cell (y, x) of the image
            p1 = np.zeros(width * height)
            p1[c1.to_original] = torch.softmax(l1[0], 0).numpy()
            p2 = np.zeros(width * height)
            p2[c2.to_original] = torch.softmax(l2[0], 0).numpy()
            for i in range(width * height):
                y, x = divmod(i, width)
                assert p1[i] == p2[x * height + y]


def test_mixed_colours_in_one_batch_of_one_canonical_size():
    model = HexNet(4, 0, 4).eval()
    a = Position(5, 5, frozenset({1}), frozenset(), "w")
    b = Position(5, 5, frozenset(), frozenset(), "b")
    with torch.no_grad():
        _, (logits, value) = forward(model, [a, b])
    assert logits.shape == (2, 25) and value.shape == (2,)
