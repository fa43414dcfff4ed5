import json

import numpy as np
import pytest

from ohmhex_training import data
from ohmhex_training.encoding import encode

# A 2x2 game: Black a1, White b1, Black a2 joins the top row to the bottom row. The first move
# was randomised (the search preferred b2); the last position is proven won.
GAME = {"version": 1, "width": 2, "height": 2, "seed": 5, "game": 0,
        "moves": ["a1", "b1", "a2"], "searched": ["b2", "b1", "a2"],
        "scores": [10, -20, 1000], "proven": [0, 0, 1], "winner": "black",
        "settings": {"evaluator": "resistance", "nodes": 10}}


def write_lines(path, lines, final_newline=True):
    path.write_text("\n".join(lines) + ("\n" if final_newline else ""))
    return str(path)


def test_hand_written_record_gives_the_right_targets():
    samples = data.samples_from_record(GAME)
    assert len(samples) == 3
    s0, s1, s2 = samples
    assert s0.position.to_move == "b" and not s0.position.black and not s0.position.white
    assert s0.policy.tolist() == [0, 0, 0, 1] and s0.value == 1.0
    assert s1.position.to_move == "w" and s1.position.black == {0}
    assert s1.policy.tolist() == [0, 1, 0, 0] and s1.value == -1.0
    assert s2.position.black == {0} and s2.position.white == {1} and s2.value == 1.0
    assert s2.policy.tolist() == [0, 0, 1, 0]
    # White's target b1 = (1, 0) in the canonical (transposed) view is (0, 1): index 2.
    batch = data.make_batch([(encode(s1.position), s1)])
    assert batch.policy[0].tolist() == [0, 0, 1, 0]
    assert batch.value.tolist() == [-1.0]


def test_proven_overrides_the_game_result():
    record = dict(GAME, proven=[-1, 1, 1])
    values = [s.value for s in data.samples_from_record(record)]
    assert values == [-1.0, 1.0, 1.0]
    white_won = dict(GAME, winner="white", proven=[0, 0, 0])
    assert [s.value for s in data.samples_from_record(white_won)] == [-1.0, 1.0, -1.0]


def test_search_weight_mixes_the_search_score_into_the_value():
    unproven = dict(GAME, proven=[0, 0, 0])
    search = data.ValueTarget(search_weight=1.0, score_scale=20.0)
    values = [s.value for s in data.samples_from_record(unproven, search)]
    assert values == pytest.approx([np.tanh(0.5), np.tanh(-1.0), np.tanh(50.0)])
    half = data.ValueTarget(search_weight=0.5, score_scale=20.0)
    values = [s.value for s in data.samples_from_record(unproven, half)]
    # Black won: +1 for Black at plies 0 and 2, -1 for White at ply 1.
    assert values == pytest.approx([(np.tanh(0.5) + 1) / 2, (np.tanh(-1.0) - 1) / 2,
                                    (np.tanh(50.0) + 1) / 2])
    # A proven result still overrides the search's score.
    assert data.samples_from_record(dict(GAME, proven=[-1, 0, 1]), search)[0].value == -1.0


def test_proven_only_leaves_the_unproven_values_out():
    proven_only = data.ValueTarget(proven_only=True)
    samples = data.samples_from_record(dict(GAME, proven=[0, -1, 1]), proven_only)
    assert [s.value_weight for s in samples] == [0.0, 1.0, 1.0]
    assert [s.value for s in samples][1:] == [-1.0, 1.0]
    assert [s.value_weight for s in data.samples_from_record(GAME)] == [1.0, 1.0, 1.0]
    # The weights survive rotation, batching and merging.
    assert samples[0].rotated().value_weight == 0.0
    batch = data.make_batch([(encode(s.position), s) for s in samples[1:]] +
                            [(encode(samples[0].position), samples[0])])
    assert batch.value_weight.tolist() == [1.0, 1.0, 0.0]
    merged = data.merge_duplicates(samples + data.samples_from_record(GAME, proven_only))
    weights = sorted((len(s.position.black) + len(s.position.white), s.value_weight, s.value)
                     for s in merged)
    assert weights == [(0, 0.0, 0.0), (1, 1.0, -1.0), (2, 1.0, 1.0)]


@pytest.mark.parametrize("weight, scale", [(-0.1, 400), (1.5, 400), (0.5, 0), (0.5, -3)])
def test_bad_value_targets_rejected(weight, scale):
    with pytest.raises(ValueError):
        data.ValueTarget(weight, scale)


def test_truncated_last_line_tolerated(tmp_path):
    line = json.dumps(GAME)
    path = write_lines(tmp_path / "g.jsonl", [line, line, line[:40]], final_newline=False)
    samples, games = data.load_samples([path])
    assert games == 2 and len(samples) == 6


def test_bad_line_in_the_middle_is_an_error(tmp_path):
    line = json.dumps(GAME)
    path = write_lines(tmp_path / "g.jsonl", [line, line[:40], line])
    with pytest.raises(data.RecordError, match="g.jsonl:2"):
        data.load_samples([path])


@pytest.mark.parametrize("change", [
    {"version": 2}, {"winner": "draw"}, {"moves": ["a1", "a1", "a2"]},
    {"searched": ["b2", "a1", "a2"]}, {"proven": [0, 0]}, {"moves": ["a1", "c1", "a2"]},
    {"scores": [10, "x", 1000]}])
def test_inconsistent_records_rejected(tmp_path, change):
    path = write_lines(tmp_path / "g.jsonl", [json.dumps(dict(GAME, **change))])
    with pytest.raises(data.RecordError, match="record 1"):
        data.load_samples([path])


def test_rotation_augmentation_is_consistent():
    s = data.samples_from_record(GAME)[1]
    r = s.rotated()
    # a1 -> b2 (index 3), the target b1 (1) -> a2 (2); the value is kept.
    assert r.position.black == {3} and r.policy.tolist() == [0, 0, 1, 0] and r.value == s.value
    rng = np.random.default_rng(0)
    samples = data.samples_from_record(GAME) * 20
    seen = set()
    for batch in data.batches(samples, 8, rng):
        for planes, policy in zip(batch.planes, batch.policy):
            # The target cell is empty in the input, whichever way the sample was turned.
            target = int(policy.argmax())
            w = planes.shape[2] - 2
            assert planes[2, 1 + target // w, 1 + target % w] == 1
            seen.add((planes.numpy().tobytes(), target))
    assert len(seen) == 6  # three positions, each in both orientations


def test_dedupe_averages_targets():
    other = dict(GAME, searched=["a1", "b1", "a2"], winner="white", proven=[0, 0, 0],
                 moves=["a1", "b1", "b2"])
    samples = data.merge_duplicates(data.samples_from_record(GAME) +
                                    data.samples_from_record(other))
    first = [s for s in samples if not s.position.black][0]
    assert first.policy.tolist() == [0.5, 0, 0, 0.5] and first.value == 0.0
    assert len(samples) == 3  # the two games share all three positions


def test_glob_that_matches_nothing_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        data.expand([str(tmp_path / "*.jsonl")])
