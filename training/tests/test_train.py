import json

import numpy as np
import pytest
import torch

import train
from ohmhex_training import data, trainer, weights
from ohmhex_training.model import HexNet
from test_data import GAME
from test_encoding import random_position


def synthetic_samples(count, seed=0):
    rng = np.random.default_rng(seed)
    samples = []
    while len(samples) < count:
        p = random_position(rng, 3, 4, "b" if len(samples) % 2 else "w")
        empty = [i for i in range(12) if not p.occupied(i)]
        if not empty:
            continue
        policy = np.zeros(12, dtype=np.float32)
        policy[empty[0]] = 1
        samples.append(data.Sample(p, policy, 1.0 if len(empty) % 2 else -1.0))
    return samples


def config(**changes):
    c = dict(channels=4, blocks=1, value_width=4, batch_norm=False, epochs=2, batch=8, lr=0.01,
             weight_decay=1e-4, augment=True, dedupe=False, threads=1, seed=3, golden=False,
             init=None, data=[])
    c.update(changes)
    return c


@pytest.mark.parametrize("batch_norm", [False, True])
def test_steps_decrease_the_loss(batch_norm):
    torch.manual_seed(0)
    model = HexNet(8, 1, 8, batch_norm=batch_norm)
    c = config(batch_norm=batch_norm)
    optimiser = trainer.make_optimiser(model, c)
    # Two batches: the positions with White to move have the transposed canonical shape.
    batches = data.batches(synthetic_samples(16), 16, np.random.default_rng(0), augment=False)
    assert len(batches) == 2

    def loss():
        return sum(sum(trainer.loss_terms(model, batch)[:2]) for batch in batches)

    before = loss()
    for _ in range(3):
        optimiser.zero_grad()
        loss().backward()
        optimiser.step()
    assert loss().item() < before.item() - 0.01


def test_value_loss_counts_only_the_samples_with_a_value_target():
    torch.manual_seed(0)
    model = HexNet(4, 1, 4)
    samples = synthetic_samples(8)
    pairs = [(data.encode(s.position), s) for s in samples if s.position.to_move == "b"]
    full = data.make_batch(pairs)
    # The same batch with absurd targets on half the samples, left out by their weights.
    half = [(c, data.Sample(s.position, s.policy, 50.0, 0.0) if i % 2 else s)
            for i, (c, s) in enumerate(pairs)]
    kept = data.make_batch([p for i, p in enumerate(pairs) if i % 2 == 0])
    policy_half, value_half, valued = trainer.loss_terms(model, data.make_batch(half))
    _, value_kept, count = trainer.loss_terms(model, kept)
    assert valued == count == len(kept.value)
    assert value_half.item() == pytest.approx(value_kept.item(), rel=1e-5)
    assert policy_half.item() == pytest.approx(trainer.loss_terms(model, full)[0].item())
    # No value target at all: no value loss, and no division by zero.
    none = data.make_batch([(c, data.Sample(s.position, s.policy, 9.0, 0.0)) for c, s in pairs])
    _, value_none, count_none = trainer.loss_terms(model, none)
    assert value_none.item() == 0.0 and count_none == 0.0


def test_resumed_run_ends_where_an_uninterrupted_one_does(tmp_path):
    samples = synthetic_samples(40)
    trainer.run(str(tmp_path / "a"), config(epochs=3), samples, 0, "d")
    trainer.run(str(tmp_path / "b"), config(epochs=1), samples, 0, "d")
    assert json.loads((tmp_path / "b" / "train.json").read_text())["history"][0]["epoch"] == 1
    trainer.run(str(tmp_path / "b"), config(epochs=3), samples, 0, "d")
    a = (tmp_path / "a" / "net.ohnn").read_bytes()
    assert (tmp_path / "b" / "net.ohnn").read_bytes() == a
    history = json.loads((tmp_path / "b" / "train.json").read_text())["history"]
    assert [h["epoch"] for h in history] == [1, 2, 3]
    with pytest.raises(ValueError, match="another run"):
        trainer.run(str(tmp_path / "b"), config(epochs=3, lr=0.5), samples, 0, "d")


def test_a_run_treats_subnormal_numbers_as_zero(tmp_path):
    if not torch.set_flush_denormal(False):
        pytest.skip("this CPU cannot flush subnormal numbers")
    subnormal = torch.tensor([1e-39])
    assert (subnormal * 1.0).item() > 0
    try:
        trainer.run(str(tmp_path / "f"), config(epochs=1), synthetic_samples(8), 0, "d")
        assert (subnormal * 1.0).item() == 0
    finally:
        torch.set_flush_denormal(False)


def test_held_out_losses_are_those_of_the_final_net(tmp_path):
    samples, held_out = synthetic_samples(40), synthetic_samples(12, seed=5)
    summary = trainer.run(str(tmp_path / "v"), config(epochs=2), samples, 0, "d", held_out)
    last = summary["history"][-1]
    model, _ = weights.read(str(tmp_path / "v" / "net.ohnn"))
    expected = trainer.held_out_losses(model, held_out, config())
    assert last["validation_policy_loss"] == pytest.approx(expected[0], abs=1e-4)
    assert last["validation_value_loss"] == pytest.approx(expected[1], abs=1e-4)
    assert "validation_value_loss" not in trainer.run(
        str(tmp_path / "w"), config(epochs=1), samples, 0, "d")["history"][0]


def test_command_line_trains_exports_and_resumes(tmp_path, capsys):
    records = tmp_path / "games.jsonl"
    records.write_text((json.dumps(GAME) + "\n") * 3)
    out = tmp_path / "run"
    args = ["--data", str(tmp_path / "*.jsonl"), "--out", str(out), "--channels", "4",
            "--blocks", "1", "--value-width", "4", "--epochs", "1", "--golden",
            "--run-id", "test-run"]
    assert train.main(args) == 0
    model, description = weights.read(str(out / "net.ohnn"))
    assert description.startswith("run test-run: 3 games, 9 positions")
    assert (out / "net.golden").exists()
    # Starting from that net, with its shape taken from the file.
    assert train.main(["--data", str(records), "--out", str(tmp_path / "next"), "--init",
                       str(out / "net.ohnn"), "--epochs", "1"]) == 0
    assert weights.read(str(tmp_path / "next" / "net.ohnn"))[0].channels == 4
    # A different architecture into the same directory is refused, and changes nothing.
    before = (out / "net.ohnn").read_bytes()
    assert train.main(args[:-2] + ["--channels", "5"]) == 1
    assert "another run" in capsys.readouterr().err
    assert (out / "net.ohnn").read_bytes() == before
    # So is another value target, either way.
    searched = tmp_path / "searched"
    assert train.main(args[:3] + [str(searched)] + args[4:] + ["--search-weight", "1"]) == 0
    assert train.main(args[:3] + [str(searched)] + args[4:]) == 1
    assert "another run (score_scale" in capsys.readouterr().err
    assert train.main(args + ["--search-weight", "0.5"]) == 1
    assert "another run (score_scale" in capsys.readouterr().err
    assert train.main(["--data", str(tmp_path / "none*.jsonl"), "--out", str(out)]) == 1
    assert train.main(args + ["--validation", str(records)]) == 1
    assert "also training data" in capsys.readouterr().err


def test_command_line_proven_values_only(tmp_path, capsys):
    records = tmp_path / "games.jsonl"
    records.write_text((json.dumps(GAME) + "\n") * 2)  # one proven position per game
    out = tmp_path / "run"
    args = ["--data", str(records), "--out", str(out), "--channels", "4", "--blocks", "1",
            "--value-width", "4", "--epochs", "1", "--proven-values-only"]
    assert train.main(args) == 0
    assert "values from the 2 proven positions only" in weights.read(str(out / "net.ohnn"))[1]
    # The option is part of the run: resuming without it is refused.
    assert train.main(args[:-1]) == 1
    assert "another run (proven_values_only" in capsys.readouterr().err
    # Records without a proven position give the value head nothing to learn.
    unproven = tmp_path / "unproven.jsonl"
    unproven.write_text(json.dumps(dict(GAME, proven=[0, 0, 0])) + "\n")
    assert train.main(["--data", str(unproven), "--out", str(tmp_path / "none"),
                       "--proven-values-only"]) == 1
    assert "no proven positions" in capsys.readouterr().err
