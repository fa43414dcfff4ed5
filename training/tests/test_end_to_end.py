"""The whole loop in a few seconds: the engine's self-play writes 5x5 games, train.py trains a
tiny net on them for one epoch and exports it, and the engine loads that net and evaluates with
it, agreeing with PyTorch. Needs the built ohmhex: ctest passes its path in OHMHEX_BINARY."""
import json
import os
import subprocess
import sys

import pytest

from ohmhex_training import golden, weights
from ohmhex_training.encoding import Position, parse_cell

BINARY = os.environ.get("OHMHEX_BINARY")
TRAINING = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Outside ctest (pytest run by hand) there is no built binary to drive.
pytestmark = pytest.mark.skipif(not BINARY, reason="OHMHEX_BINARY is not set (ctest sets it)")


def htp(commands, *options):
    """The payloads of the engine's replies to `commands`, each checked to be a success."""
    lines = "".join(command + "\n" for command in commands)
    done = subprocess.run([BINARY, *options], input=lines, capture_output=True, text=True,
                          timeout=60, check=True)
    replies = [block for block in done.stdout.split("\n\n") if block]
    assert len(replies) == len(commands), done.stdout
    for reply in replies:
        assert reply.startswith("= "), reply
    return [reply[2:] for reply in replies]


def test_selfplay_train_export_load_evaluate(tmp_path):
    games = tmp_path / "games.jsonl"
    subprocess.run([BINARY, "selfplay", "--out", str(games), "--games", "4", "--sizes", "5",
                    "--nodes", "200", "--random-plies", "3", "--seed", "5"],
                   check=True, timeout=120, capture_output=True)
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert len(records) == 4 and all(r["width"] == 5 for r in records)

    out = tmp_path / "train"
    subprocess.run([sys.executable, os.path.join(TRAINING, "train.py"), "--data", str(games),
                    "--out", str(out), "--channels", "4", "--blocks", "1", "--value-width",
                    "4", "--epochs", "1", "--batch", "8", "--run-id", "end-to-end"],
                   check=True, timeout=120, capture_output=True)
    net = out / "net.ohnn"
    model, description = weights.read(str(net))
    assert "end-to-end" in description

    # A position of the games, White to move: the engine's value is round(10000 * value).
    moves = records[0]["moves"][:3]
    def indices(names):
        return frozenset(y * 5 + x for x, y in (parse_cell(m, 5, 5) for m in names))

    position = Position(5, 5, indices(moves[0::2]), indices(moves[1::2]), "w")
    value, _ = golden.evaluate(model, position)
    colours = ["b", "w", "b"]
    replies = htp(["boardsize 5 5"] + [f"play {c} {m}" for c, m in zip(colours, moves)] +
                  ["eval", "genmove w"],
                  "-o", "evaluator=network", "-o", "network_value=network",
                  "-o", f"network_file={net}")
    assert abs(int(replies[-2]) - round(10000 * value)) <= 1
    assert replies[-1].strip() not in moves  # a legal move: an empty cell
