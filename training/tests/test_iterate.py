"""iterate.py against stand-ins for ohmhex selfplay and ohmhex-match (small Python scripts
that write files of the real formats), so the driver's bookkeeping is tested in seconds."""

import json
import os
import stat
import sys

import iterate

FAKE_OHMHEX = r'''
import json, os, random, sys
args = sys.argv[1:]
with open(os.environ["FAKE_CALLS"], "a") as f:
    f.write(" ".join(args) + "\n")
assert args[0] == "selfplay"
def value(flag):
    return args[args.index(flag) + 1]
options = [args[i + 1] for i, a in enumerate(args) if a == "-o"]
if os.environ.get("FAKE_FAIL") in options:
    sys.exit(3)
out, games, seed = value("--out"), int(value("--games")), int(value("--seed"))
index, count = map(int, value("--shard").split("/"))
size = int(value("--sizes").split(",")[0])
done = set()
if os.path.exists(out):
    done = {json.loads(line)["game"] for line in open(out)}
with open(out, "a") as f:
    for game in range(index, games, count):
        if game in done:
            continue
        rng = random.Random(seed * 1000 + game)
        cells = [f"{chr(97 + x)}{y + 1}" for y in range(size) for x in range(size)]
        rng.shuffle(cells)
        moves = cells[:size * size - 1]
        record = {"version": 1, "width": size, "height": size, "seed": seed, "game": game,
                  "moves": moves, "searched": moves, "scores": [0] * len(moves),
                  "proven": [0] * len(moves), "winner": rng.choice(["black", "white"]),
                  "settings": {"options": options}}
        f.write(json.dumps(record) + "\n")
'''

FAKE_MATCH = r'''
import json, os, sys
args = sys.argv[1:]
with open(os.environ["FAKE_CALLS"], "a") as f:
    f.write("match " + " ".join(args) + "\n")
out, games = args[args.index("--out") + 1], int(args[args.index("--games") + 1])
wins = round(float(os.environ["FAKE_SCORE"]) * games)
os.makedirs(out, exist_ok=True)
reason = os.environ.get("FAKE_REASON", "connection")
records = [{"index": i, "black": "candidate" if i % 2 == 0 else "best",
            "white": "best" if i % 2 == 0 else "candidate", "reason": reason,
            "winner": ("black" if i % 2 == 0 else "white") if i < wins else
                      ("white" if i % 2 == 0 else "black")} for i in range(games)]
json.dump({"tournament": {}, "games": records}, open(os.path.join(out, "results.json"), "w"))
'''


def fake_tool(path, text):
    path.write_text(f"#!{sys.executable}\n{text}")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def arguments(tmp_path, iterations):
    return ["--run", str(tmp_path / "run"), "--iterations", str(iterations),
            "--ohmhex", fake_tool(tmp_path / "ohmhex", FAKE_OHMHEX),
            "--ohmhex-match", fake_tool(tmp_path / "ohmhex-match", FAKE_MATCH),
            "--games", "6", "--sizes", "3", "--shards", "2", "--channels", "4", "--blocks", "1",
            "--value-width", "4", "--epochs", "1", "--gate-games", "10"]


def calls(tmp_path):
    return (tmp_path / "calls").read_text().splitlines()


def test_iterations_accept_resume_and_record(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_CALLS", str(tmp_path / "calls"))
    monkeypatch.setenv("FAKE_SCORE", "0.6")
    assert iterate.main(arguments(tmp_path, 1)) == 0
    state = json.loads((tmp_path / "run" / "run.json").read_text())
    first = state["iterations"][0]
    assert first["selfplay"]["games"] == 6 and first["selfplay"]["positions"] == 6 * 8
    assert first["selfplay"]["evaluator"] == "resistance"
    assert first["train"]["positions"] == 48 and first["train"]["init"] is None
    assert first["gate"]["score"] == 0.6 and first["gate"]["accepted"]
    assert first["gate"]["opponent"] == "resistance"
    assert state["best"] == "iter-0/train/net.ohnn"
    assert all(first[p]["cpu_seconds"] >= 0 for p in ("selfplay", "train", "gate"))
    # The two shards run at the same time, so either may be recorded first.
    selfplay = [c for c in calls(tmp_path) if c.startswith("selfplay")]
    assert len(selfplay) == 2 and all("evaluator=resistance" in c for c in selfplay)
    assert sorted(c.split("--shard ")[1].split()[0] for c in selfplay) == ["0/2", "1/2"]

    # Iteration 1 plays with the accepted net. Its self-play fails once (a crash, a kill):
    # the run stops with an error and a rerun continues with iteration 1, not from scratch.
    monkeypatch.setenv("FAKE_FAIL", "evaluator=network")
    assert iterate.main(arguments(tmp_path, 2)) == 1
    monkeypatch.delenv("FAKE_FAIL")
    monkeypatch.setenv("FAKE_SCORE", "0.5")  # not above 0.55: rejected
    before = len(calls(tmp_path))
    assert iterate.main(arguments(tmp_path, 2)) == 0
    new = calls(tmp_path)[before:]
    assert len([c for c in new if c.startswith("selfplay")]) == 2
    assert all("network_file=" + str(tmp_path / "run" / "iter-0" / "train" / "net.ohnn") in c
               for c in new if c.startswith("selfplay"))
    state = json.loads((tmp_path / "run" / "run.json").read_text())
    second = state["iterations"][1]
    assert second["train"]["iterations"] == [0, 1] and second["train"]["positions"] == 96
    assert second["train"]["init"] == "iter-0/train/net.ohnn"
    assert second["gate"]["opponent"] == "iter-0/train/net.ohnn"
    assert not second["gate"]["accepted"] and state["best"] == "iter-0/train/net.ohnn"

    # A finished run does nothing more; other settings into the same run are refused.
    before = len(calls(tmp_path))
    assert iterate.main(arguments(tmp_path, 2)) == 0
    assert len(calls(tmp_path)) == before
    assert iterate.main(arguments(tmp_path, 3)[:-2] + ["--gate-games", "12"]) == 1
    assert len(calls(tmp_path)) == before
    assert os.path.exists(tmp_path / "run" / "iter-1" / "train" / "net.ohnn")


def test_an_engine_that_cannot_start_stops_the_run_and_its_games_go(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_CALLS", str(tmp_path / "calls"))
    monkeypatch.setenv("FAKE_SCORE", "0.0")
    monkeypatch.setenv("FAKE_REASON", "black start failed: unknown parameter 'network_file'")
    assert iterate.main(arguments(tmp_path, 1)) == 1
    assert not os.path.exists(tmp_path / "run" / "iter-0" / "gate")
    state = json.loads((tmp_path / "run" / "run.json").read_text())
    assert "gate" not in state["iterations"][0] and "train" in state["iterations"][0]
    monkeypatch.setenv("FAKE_REASON", "connection")
    monkeypatch.setenv("FAKE_SCORE", "1.0")
    assert iterate.main(arguments(tmp_path, 1)) == 0
    state = json.loads((tmp_path / "run" / "run.json").read_text())
    assert state["iterations"][0]["gate"]["accepted"]
    assert len([c for c in calls(tmp_path) if c.startswith("selfplay")]) == 2
