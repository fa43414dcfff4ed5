"""The committed C++ golden-test fixtures are what make_fixture.py writes."""

import os

import numpy as np
import pytest
import torch

import make_fixture
from ohmhex_training import golden, weights
from ohmhex_training.model import batch_tensors
from ohmhex_training.encoding import encode

COMMITTED = make_fixture.DEFAULT_DIR


@pytest.mark.parametrize("name", sorted(make_fixture.FIXTURES))
def test_regenerated_fixture_is_identical(tmp_path, name):
    make_fixture.write_fixture(name, str(tmp_path))
    with open(os.path.join(COMMITTED, f"{name}.ohnn"), "rb") as f:
        committed = f.read()
    assert (tmp_path / f"{name}.ohnn").read_bytes() == committed
    fresh = golden.read(str(tmp_path / f"{name}.golden"))
    stored = golden.read(os.path.join(COMMITTED, f"{name}.golden"))
    assert len(fresh) == len(stored)
    for (p1, v1, pol1), (p2, v2, pol2) in zip(fresh, stored):
        assert p1 == p2
        assert v1 == pytest.approx(v2, abs=1e-9)
        np.testing.assert_allclose(pol1, pol2, atol=1e-9)


@pytest.mark.parametrize("name", sorted(make_fixture.FIXTURES))
def test_committed_golden_matches_a_fresh_float32_forward_pass(name):
    model, _ = weights.read(os.path.join(COMMITTED, f"{name}.ohnn"))
    model.eval()
    entries = golden.read(os.path.join(COMMITTED, f"{name}.golden"))
    assert len(entries) >= 20
    for position, value, policy in entries:
        canonical = encode(position)
        planes, empty = batch_tensors([canonical])
        with torch.no_grad():
            logits, v = model(planes, empty)
        p = np.zeros(position.width * position.height)
        p[canonical.to_original] = torch.softmax(logits[0], 0).numpy()
        assert float(v[0]) == pytest.approx(value, abs=1e-5)
        np.testing.assert_allclose(p, policy, atol=1e-5)


def test_folding_keeps_the_function():
    channels, blocks, width, batch_norm, seed = make_fixture.FIXTURES["tiny_bn"]
    assert batch_norm
    unfolded = make_fixture.random_model(channels, blocks, width, batch_norm, seed)
    folded, _ = weights.parse_model(weights.to_bytes(unfolded, "x"))
    unfolded, folded = unfolded.double().eval(), folded.double().eval()
    for position in golden.standard_positions():
        planes, empty = batch_tensors([encode(position)], dtype=torch.float64)
        with torch.no_grad():
            a_logits, a_value = unfolded(planes, empty)
            b_logits, b_value = folded(planes, empty)
        assert float(a_value[0]) == pytest.approx(float(b_value[0]), abs=1e-5)
        finite = torch.isfinite(a_logits)
        torch.testing.assert_close(a_logits[finite], b_logits[finite], atol=1e-4, rtol=0)
