"""The solver's labels: the walk back from a game's end (with a scripted engine), and the whole
command on real 5x5 games against the proven opening table (needs the built ohmhex, as the
end-to-end test)."""
import json
import os
import subprocess

import pytest

import label_proofs
from ohmhex_training import proof_labels
from test_data import GAME

BINARY = os.environ.get("OHMHEX_BINARY")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class ScriptedEngine:
    """Answers `solve-state` from a list, last ply first; every other command succeeds."""

    def __init__(self, winners):
        self.winners = list(winners)
        self.solved = []

    def send(self, command):
        if command.startswith("solve-state"):
            self.solved.append(command)
            return self.winners.pop(0)
        return ""


def test_walk_labels_back_to_the_misses_and_keeps_what_was_proven():
    record = dict(GAME, moves=["a1", "b1", "a2", "b2"], searched=["a1", "b1", "a2", "b2"],
                  scores=[0, 0, 0, 0], proven=[0, 0, 0, 1])
    # Plies 3, 2, 1, 0: ply 3 agrees with its proof, ply 2 unknown, then two unknowns end it.
    engine = ScriptedEngine(["white", "unknown", "unknown", "unknown"])
    labelled = proof_labels.label_record(record, engine, 0.5, 2)
    assert labelled["proven"] == [0, 0, 0, 1]
    assert len(engine.solved) == 3 and engine.solved[0] == "solve-state w 0.5"
    engine = ScriptedEngine(["white", "black", "unknown", "black"])
    labelled = proof_labels.label_record(record, engine, 0.5, 2)
    assert labelled["proven"] == [1, 0, 1, 1]  # ply 1: White to move and Black wins
    assert labelled["proof_labels"] == {"seconds": 0.5, "misses": 2, "labelled": 2}
    assert record["proven"] == [0, 0, 0, 1]  # the input is not changed


def test_contradictions_are_errors():
    record = dict(GAME, proven=[0, 0, 1])
    with pytest.raises(proof_labels.EngineError, match="was proven"):
        proof_labels.label_record(record, ScriptedEngine(["white"]), 1, 2)
    # Ply 1 lost for White, ply 0 lost for Black: Black's move a1 would have won.
    with pytest.raises(proof_labels.EngineError, match="proven lost"):
        proof_labels.label_record(record, ScriptedEngine(["black", "black", "white"]), 1, 2)


def opening_table(size):
    """Black's winning first moves on the empty size x size board, from data/openings.txt."""
    with open(os.path.join(REPO, "data", "openings.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith(f"OPEN {size}x{size} WIN("):
                return set(line.split(":", 1)[1].split())
    raise AssertionError(f"no {size}x{size} table")


@pytest.mark.skipif(not BINARY, reason="OHMHEX_BINARY is not set (ctest sets it)")
def test_labels_of_real_games_agree_with_the_opening_table_and_resume(tmp_path):
    games = tmp_path / "games.jsonl"
    subprocess.run([BINARY, "selfplay", "--out", str(games), "--games", "6", "--sizes", "5",
                    "--nodes", "100", "--random-plies", "2", "--seed", "9"],
                   check=True, timeout=120, capture_output=True)
    out = tmp_path / "labelled.jsonl"
    arguments = ["--data", str(games), "--out", str(out), "--engine", BINARY, "--seconds", "2"]
    assert label_proofs.main(arguments + ["--shard", "0/2"]) == 0
    assert len(out.read_text().splitlines()) == 3
    # Cut the last line short: the rerun removes it and labels the rest of the games.
    text = out.read_text()
    out.write_text(text[:-10])
    assert label_proofs.main(arguments) == 0
    labelled = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["game"] for r in labelled) == list(range(6))
    wins = opening_table(5)
    for record in labelled:
        original = next(json.loads(line) for line in games.read_text().splitlines()
                        if json.loads(line)["game"] == record["game"])
        assert all(before in (0, after) for before, after in
                   zip(original["proven"], record["proven"]))
        # On 5x5 the solver proves every position in time; after Black's first stone White
        # to move wins exactly when the table says that stone loses.
        assert 0 not in record["proven"]
        white_wins = record["moves"][0] not in wins
        assert record["proven"][1] == (1 if white_wins else -1)
        assert record["proven"][0] == 1  # the empty 5x5 board is won for Black


def test_bad_arguments(capsys):
    for bad in (["--seconds", "0"], ["--misses", "0"], ["--shard", "2/2"], ["--shard", "x"]):
        with pytest.raises(SystemExit):
            label_proofs.parse_arguments(["--data", "d", "--out", "o"] + bad)


def test_value_accuracy_counts_the_proven_plies_but_the_last(tmp_path, capsys):
    import value_accuracy
    records = tmp_path / "labelled.jsonl"
    # Plies 0 and 1 proven (the search's scores 10 and -20 have the right signs), ply 2 left out.
    records.write_text(json.dumps(dict(GAME, proven=[1, -1, 1])) + "\n")
    net = os.path.join(REPO, "test", "data", "network", "tiny.ohnn")
    assert value_accuracy.main(["--data", str(records), "--net", net]) == 0
    out = capsys.readouterr().out
    assert "2 proven positions (games: 1)" in out
    assert "search score has the winner's sign: 2 (1.000)" in out
    records.write_text(json.dumps(GAME) + "\n")  # only the last ply is proven
    assert value_accuracy.main(["--data", str(records), "--net", net]) == 1
