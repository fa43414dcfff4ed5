"""Expert iteration: self-play with the current best net, train a candidate, gate it.

Everything lives in a run directory; RUN/run.json holds the configuration and, per iteration,
what each phase produced and cost. Each phase is written down as done only when it finished,
and every tool it starts resumes by itself (ohmhex selfplay keeps the complete games of its
--out file, train.py continues from its checkpoint, ohmhex-match keeps the finished games), so
killing the driver at any moment and rerunning the same command continues the run.

CPU seconds are those of the tools' processes (and the engines ohmhex-match starts), counted
by the invocation that finishes the phase: a killed invocation's share is lost.
"""

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import time

from . import data

RUN_FILE = "run.json"
RUN_VERSION = 1
# Settings a rerun may change; every other one must match the run's. (Not the tools' paths:
# ohmhex-match resumes a gate only with the same engine commands.)
FREE_TO_CHANGE = ("iterations", "threads", "python")


class RunError(RuntimeError):
    """The run cannot go on (a tool failed, or the arguments do not match the run)."""


def _die_with_parent():
    """Children get SIGTERM when the driver dies, even by SIGKILL, so a rerun never finds
    the previous run's self-play still writing into the same files (Linux prctl)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def run_processes(commands, log):
    """Runs the commands in parallel; returns (CPU seconds of all of them and their waited-for
    children, wall seconds). RunError if one fails (the others are stopped)."""
    start = time.time()
    processes = {}
    with open(log, "a", encoding="utf-8") as stderr:
        for command in commands:
            stderr.write("$ " + " ".join(command) + "\n")
            stderr.flush()
            p = subprocess.Popen(command, stdout=stderr, stderr=stderr,
                                 preexec_fn=_die_with_parent)
            processes[p.pid] = (p, command)
        cpu, failed = 0.0, None
        while processes:
            pid, status, usage = os.wait4(-1, 0)
            if pid not in processes:
                continue
            p, command = processes.pop(pid)
            p.returncode = os.waitstatus_to_exitcode(status)
            cpu += usage.ru_utime + usage.ru_stime
            if p.returncode != 0 and failed is None:
                failed = (command, p.returncode)
                for other, _ in processes.values():
                    other.terminate()
    if failed:
        raise RunError(f"'{' '.join(failed[0])}' exited with status {failed[1]} (see {log})")
    return cpu, time.time() - start


class Run:
    def __init__(self, directory, config):
        self.dir = os.path.abspath(directory)
        self.config = config
        os.makedirs(self.dir, exist_ok=True)
        self._lock = open(os.path.join(self.dir, "lock"), "w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunError(f"{self.dir} is in use by another iterate.py") from None
        self.state = self._load_or_start()

    def _load_or_start(self):
        path = os.path.join(self.dir, RUN_FILE)
        if not os.path.exists(path):
            return {"version": RUN_VERSION, "config": self.config, "best": None,
                    "iterations": []}
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
        for key, value in self.config.items():
            if key not in FREE_TO_CHANGE and state["config"].get(key) != value:
                raise RunError(f"{self.dir} holds another run ({key}: there "
                               f"{state['config'].get(key)!r}, here {value!r}); give another "
                               "--run, or that run's arguments to resume it")
        state["config"] = self.config
        return state

    def save(self):
        path = os.path.join(self.dir, RUN_FILE)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(self.state, f, indent=1)
        os.replace(path + ".tmp", path)

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    def best_net(self):
        best = self.state["best"]
        return self.path(best) if best else None

    def evaluator_options(self, net):
        """-o options for an ohmhex that plays with `net` (None: the classical evaluator): its
        policy and its value, as expert iteration improves both (the engine's default for
        `evaluator network` uses the value only, as a correction of the resistance circuit)."""
        if net is None:
            return ["-o", "evaluator=resistance"]
        return ["-o", "evaluator=network", "-o", "network_value=network",
                "-o", "network_policy=network", "-o", f"network_file={net}"]

    # --- the phases ------------------------------------------------------------------------

    def iteration(self, k):
        while len(self.state["iterations"]) <= k:
            n = len(self.state["iterations"])
            self.state["iterations"].append({"iteration": n, "net": self.state["best"]})
            self.save()
        return self.state["iterations"][k]

    def selfplay(self, k, record):
        c = self.config
        directory = self.path(f"iter-{k}")
        os.makedirs(directory, exist_ok=True)
        net = self.path(record["net"]) if record["net"] else None
        files = [os.path.join(directory, f"games-{i}.jsonl") for i in range(c["shards"])]
        commands = [[c["ohmhex"], "selfplay", "--out", f, "--games", str(c["games"]),
                     "--sizes", c["sizes"], "--nodes", str(c["nodes"]),
                     "--seed", str(c["seed"] * 1000 + k), "--shard", f"{i}/{c['shards']}"]
                    + self.evaluator_options(net) + sum((["-o", o] for o in c["options"]), [])
                    for i, f in enumerate(files)]
        cpu, wall = run_processes(commands, os.path.join(directory, "selfplay.log"))
        samples, games = data.load_samples(files)
        record["selfplay"] = {"files": [os.path.relpath(f, self.dir) for f in files],
                              "games": games, "positions": len(samples),
                              "evaluator": "network" if net else "resistance",
                              "cpu_seconds": cpu,
                              "wall_seconds": wall}
        self.save()

    def train(self, k, record):
        c = self.config
        first = max(0, k - c["window"] + 1)
        files = [self.path(f) for j in range(first, k + 1)
                 for f in self.state["iterations"][j]["selfplay"]["files"]]
        out = self.path(f"iter-{k}", "train")
        command = [c["python"], os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))), "train.py"), "--data", *files, "--out", out,
            "--channels", str(c["channels"]), "--blocks", str(c["blocks"]),
            "--value-width", str(c["value_width"]), "--epochs", str(c["epochs"]),
            "--batch", str(c["batch"]), "--lr", str(c["lr"]), "--threads", str(c["threads"]),
            "--seed", str(c["seed"] * 1000 + k), "--run-id",
            f"{os.path.basename(self.dir)} iteration {k} (games of iterations {first}..{k})"]
        if c["batch_norm"]:
            command.append("--batch-norm")
        if self.best_net():
            command += ["--init", self.best_net()]
        cpu, wall = run_processes([command], self.path(f"iter-{k}", "train.log"))
        with open(os.path.join(out, "train.json"), encoding="utf-8") as f:
            summary = json.load(f)
        last = summary["history"][-1] if summary["history"] else {}
        record["train"] = {"net": os.path.relpath(os.path.join(out, "net.ohnn"), self.dir),
                           "init": os.path.relpath(self.best_net(), self.dir)
                           if self.best_net() else None,
                           "iterations": [first, k], "games": summary["games"],
                           "positions": summary["samples"],
                           "policy_loss": last.get("policy_loss"),
                           "value_loss": last.get("value_loss"),
                           "cpu_seconds": cpu, "wall_seconds": wall}
        self.save()

    def gate(self, k, record):
        c = self.config
        candidate = self.path(record["train"]["net"])
        best = self.best_net()
        out = self.path(f"iter-{k}", "gate")
        budget = ["-o", f"max_nodes={c['gate_nodes']}"]
        command = [c["ohmhex_match"],
                   "--engine", engine_command([c["ohmhex"]] + budget +
                                              self.evaluator_options(candidate)),
                   "--name", "candidate",
                   "--engine", engine_command([c["ohmhex"]] + budget +
                                              self.evaluator_options(best)),
                   "--name", "best",
                   "--size", c["gate_sizes"], "--games", str(c["gate_games"]),
                   "--openings", c["gate_openings"], "-j", str(c["shards"]),
                   "--out", out, "--no-progress"]
        cpu, wall = run_processes([command], self.path(f"iter-{k}", "gate.log"))
        results = os.path.join(out, "results.json")
        if any("start failed" in reason for reason in game_reasons(results)):
            # Not a verdict on the net: a binary without the network evaluator, an unreadable
            # net. The games go, so that the rerun plays them again.
            shutil.rmtree(out)
            raise RunError(f"an engine of the gate could not start (see "
                           f"{self.path(f'iter-{k}', 'gate.log')}); fix and rerun")
        wins, games = candidate_score(results)
        score = wins / games if games else 0.0
        accepted = games > 0 and score > c["threshold"]
        record["gate"] = {"opponent": os.path.relpath(best, self.dir) if best else "resistance",
                          "games": games, "candidate_points": wins, "score": score,
                          "threshold": c["threshold"], "accepted": accepted,
                          "cpu_seconds": cpu, "wall_seconds": wall}
        if accepted:
            self.state["best"] = record["train"]["net"]
        record["best_after"] = self.state["best"]
        self.save()

    def go(self):
        for k in range(self.config["iterations"]):
            record = self.iteration(k)
            for phase in ("selfplay", "train", "gate"):
                if phase not in record:
                    log(f"iteration {k}: {phase}")
                    getattr(self, phase)(k, record)
            gate = record["gate"]
            log(f"iteration {k}: candidate scored {gate['score']:.1%} over {gate['games']} games"
                f" ({'accepted' if gate['accepted'] else 'rejected'}); best: "
                f"{self.state['best'] or 'resistance'}")


def engine_command(words):
    """An ohmhex-match engine command line: words with blanks in double quotes."""
    return " ".join(f'"{w}"' if any(ch.isspace() for ch in w) else w for w in words)


def game_reasons(results_path):
    with open(results_path, encoding="utf-8") as f:
        return [game["reason"] for game in json.load(f)["games"]]


def candidate_score(results_path):
    """(points of the engine named 'candidate', games with a result) from results.json."""
    with open(results_path, encoding="utf-8") as f:
        results = json.load(f)
    points, games = 0, 0
    for game in results["games"]:
        if game["winner"] not in ("black", "white"):
            continue
        games += 1
        points += game[game["winner"]] == "candidate"
    return points, games


def log(message):
    print(f"iterate: {message}", file=sys.stderr, flush=True)
