#!/usr/bin/env python3
"""OhmHex against an external HTP engine on a balanced opening set: a resumable strength benchmark.

  gauntlet.py --engine "CMD" [--setup "HTP"]... [--name NAME] --out DIR
              [--size 11] [--time 1] [--openings FILE] [--ohmhex BIN] [--match BIN]
              [--option key=value]... [--adjudicate SECONDS] [--jobs N]

Every opening of the set (bench/openings/NxN.txt by default) is played twice, OhmHex taking Black
in one game and White in the other, with the swap rule off. Both engines get a fixed time per
move through their own parameters: OhmHex through 'param_ohmhex max_time SEC', the opponent through
its --setup commands, where '{time}' stands for --time, e.g.
  --engine /path/to/wolve --setup "param_wolve max_time {time}"

The games are played by ohmhex-match, one run per game ('--shard K/N' of the whole schedule) into
DIR/games/K (its stderr in DIR/games/K-stderr.log), --jobs of them at a time, so rerunning the
same command continues where it stopped: finished games are kept, a game that was interrupted is
played again. The first run records its settings and a copy of the
opening set in DIR/gauntlet.json; a rerun with other settings is refused. After every game the
finished games are merged ('ohmhex-match merge') into DIR/merged (results.json, results.csv, the
SGF files, summary.txt), and the summary is printed: score, Elo difference and its 95% interval,
overall and per colour, the openings won and lost with both colours (bench/opening_pairs.py: most
openings are won by the same colour in both games, and only the others tell the engines apart),
and each engine's mean and longest time per move.

A forfeit (a crash, a refused command) says little about the play: Wolve and MoHex crash in
decided positions, won or lost for them. So the final position of every forfeited game goes to
OhmHex's solver ('solve-state', --adjudicate seconds, default 10; verdicts cached in
DIR/adjudicated.json), and the summary adds the score with each forfeit replaced by the proven
winner (forfeits the solver cannot decide are left out).

The engines run in DIR (MoHex writes default.log where it runs), so give the opponent's program
with an absolute path.

ohmhex-match's --move-time is not used: it sends time_settings, which Benzene's engines (Wolve,
MoHex) refuse, and a refused command forfeits the game. So no referee deadline applies; the mean
and longest time per move in the summary show whether both engines kept to --time.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys

from opening_pairs import classify, ended_on_the_board, pairs_line

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_OHMHEX = os.path.join(REPO, "build", "release", "app", "ohmhex")
DEFAULT_MATCH = os.path.join(REPO, "build", "release", "app", "ohmhex-match")
OHMHEX_NAME = "ohmhex"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the opponent's command line")
    parser.add_argument("--setup", action="append", default=[],
                        help="HTP command sent to the opponent after every start ({time} = --time)")
    parser.add_argument("--name", help="the opponent's name (default: its program's file name)")
    parser.add_argument("--out", required=True, help="output directory (rerun to continue)")
    parser.add_argument("--size", type=int, default=11, choices=[9, 11, 13])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move (default 1)")
    parser.add_argument("--openings", help="opening file (default bench/openings/NxN.txt)")
    parser.add_argument("--ohmhex", default=DEFAULT_OHMHEX, help="the OhmHex binary")
    parser.add_argument("--match", default=DEFAULT_MATCH, help="the ohmhex-match binary")
    parser.add_argument("--adjudicate", type=float, default=10, metavar="SECONDS",
                        help="solver seconds per forfeited game to decide who had won (default "
                             "10; 0: off)")
    parser.add_argument("--jobs", "-j", type=int, default=1,
                        help="games played at the same time (default 1; at most one per core, "
                             "or the engines' time per move is shared)")
    parser.add_argument("--option", action="append", default=[],
                        help="extra OhmHex option key=value (sent as param_ohmhex key value)")
    args = parser.parse_args()
    if args.time <= 0:
        parser.error("--time must be positive")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    words = shlex.split(args.engine) or [""]
    if (args.name or os.path.basename(words[0])) == OHMHEX_NAME:
        # ohmhex-match would rename both engines, and the results could not tell them apart.
        parser.error(f"give the opponent a --name other than '{OHMHEX_NAME}'")
    for option in args.option:
        if "=" not in option:
            parser.error(f"--option wants key=value, got '{option}'")
    if args.openings is None:
        args.openings = os.path.join(REPO, "bench", "openings", f"{args.size}x{args.size}.txt")
    for path in (args.ohmhex, args.match, args.openings):
        if not os.path.isfile(path):
            parser.error(f"'{path}' does not exist")
    return args


def read_openings(path):
    """The openings of a file in ohmhex-match's format (one per line, '#' comments)."""
    with open(path) as f:
        lines = [line.split("#", 1)[0].split() for line in f]
    return [" ".join(words) for words in lines if words]


def settings_of(args):
    """What must stay the same for a rerun to continue the same gauntlet."""
    time = f"{args.time:g}"
    return {
        "ohmhex": os.path.abspath(args.ohmhex),
        "ohmhex_setup": [f"param_ohmhex max_time {time}"] +
                        [f"param_ohmhex {o.replace('=', ' ', 1)}" for o in args.option],
        "engine": args.engine,
        "engine_setup": [s.replace("{time}", time) for s in args.setup],
        "name": args.name,
        "size": args.size,
        "time": args.time,
        "openings": read_openings(args.openings),
    }


def prepare(out, settings):
    """Creates DIR/gauntlet.json and DIR/openings.txt, or checks a rerun against them."""
    record = os.path.join(out, "gauntlet.json")
    if os.path.exists(record):
        with open(record) as f:
            before = json.load(f)
        if before != settings:
            changed = sorted(k for k in settings if before.get(k) != settings[k])
            sys.exit(f"{out} holds a gauntlet with other settings ({', '.join(changed)}); "
                     "give another --out or the same arguments")
        return
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "openings.txt"), "w") as f:
        f.write("".join(opening + "\n" for opening in settings["openings"]))
    with open(record, "w") as f:
        json.dump(settings, f, indent=1)


def games_in(directory):
    """The games recorded in an ohmhex-match output directory (none if it has no results)."""
    try:
        with open(os.path.join(directory, "results.json")) as f:
            return json.load(f)["games"]
    except (OSError, ValueError, KeyError):
        return []


def match_command(args, settings, out, shard, total):
    command = [os.path.abspath(args.match), "--engine", settings["ohmhex"],
               "--name", OHMHEX_NAME]
    for line in settings["ohmhex_setup"]:
        command += ["--setup", line]
    command += ["--engine", settings["engine"]]
    if settings["name"]:
        command += ["--name", settings["name"]]
    for line in settings["engine_setup"]:
        command += ["--setup", line]
    return command + ["--size", str(settings["size"]),
                      "--openings", os.path.join(out, "openings.txt"),
                      "--swap", "off", "--shard", f"{shard}/{total}",
                      "--out", os.path.join(out, "games", str(shard)), "--no-progress"]


def play_game(args, settings, out, shard, total):
    """Plays game `shard` into DIR/games/K (an interrupted one again); returns ohmhex-match's
    exit status and the games it recorded."""
    directory = os.path.join(out, "games", str(shard))
    shutil.rmtree(directory, ignore_errors=True)
    with open(os.path.join(out, "games", f"{shard}-stderr.log"), "w") as log:
        # In DIR, so files an engine writes where it runs (MoHex's default.log) land there.
        run = subprocess.run(match_command(args, settings, out, shard, total), cwd=out,
                             stdout=subprocess.DEVNULL, stderr=log)
    return run.returncode, games_in(directory)


def check_game(out, shard, returncode, games):
    """None when game `shard` was played, else why the gauntlet has to stop."""
    directory = os.path.join(out, "games", str(shard))
    if returncode != 0 or not games:
        return (f"ohmhex-match stopped (exit status {returncode}) in game {shard}; see "
                f"{os.path.join(out, 'games', f'{shard}-stderr.log')}; rerun to continue")
    if "start failed" in games[0]["reason"]:
        # A set-up error, not a game: forget it, so a corrected rerun plays it.
        log = os.path.join(out, "start-failed-stderr.log")
        shutil.copyfile(os.path.join(directory, "engine-stderr.log"), log)
        shutil.rmtree(directory)
        return (f"game {shard}: {games[0]['reason']} (engines' stderr in {log}); fix the "
                "command and rerun")
    return None


def play_missing_games(args, settings, out):
    """Plays every game not yet recorded, --jobs at a time; after a failed ohmhex-match run the
    games under way are finished and no new one starts."""
    total = 2 * len(settings["openings"])
    missing = [k for k in range(1, total + 1)
               if not games_in(os.path.join(out, "games", str(k)))]
    os.makedirs(os.path.join(out, "games"), exist_ok=True)
    failure = None
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        running = {pool.submit(play_game, args, settings, out, k, total): k for k in missing}
        for done in concurrent.futures.as_completed(running):
            if done.cancelled():
                continue
            shard = running[done]
            returncode, games = done.result()
            problem = check_game(out, shard, returncode, games)
            if problem:
                failure = failure or problem
                for pending in running:
                    pending.cancel()
                continue
            report_game(games[0], shard, total)
            merge(args, out, total)
    if failure:
        sys.exit(failure)


def report_game(game, shard, total):
    ours = "black" if game["black"] == OHMHEX_NAME else "white"
    result = "win" if game["winner"] == ours else "loss"
    print(f"game {shard}/{total}: opening {game['opening'] or '-'}, {OHMHEX_NAME} {ours}: "
          f"{result} ({game['reason']}, {game['plies']} plies)", flush=True)


def merge(args, out, total):
    done = [os.path.join(out, "games", str(k)) for k in range(1, total + 1)
            if games_in(os.path.join(out, "games", str(k)))]
    if not done:
        return
    merged = os.path.join(out, "merged")
    subprocess.run([args.match, "merge", "--out", merged] + done, check=True,
                   stdout=subprocess.DEVNULL)


def elo(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: no "-0" at 50%


def score_line(label, wins, games):
    """Score, Elo difference and its 95% interval as ohmhex-match's summary computes them."""
    if games == 0:
        return f"{label:<18} no games"
    score = wins / games
    margin = 1.96 * math.sqrt(score * (1 - score) / games)
    if 0 < score < 1:
        low, high = elo(score - margin), elo(score + margin)
    else:  # no variance to estimate: the far bound is infinite, the near one uses 50%
        near = 1.96 * math.sqrt(0.25 / games)
        low, high = (elo(1 - near), math.inf) if score >= 1 else (-math.inf, elo(near))
    return (f"{label:<18} {wins:>4}/{games:<4} {100 * score:5.1f}%  Elo {elo(score):+7.0f}  "
            f"95% [{low:+.0f}, {high:+.0f}]")


def time_line(name, games, ours):
    """Mean and longest mean time per move of one engine over the games."""
    moves = seconds = 0.0
    longest = 0.0
    for g in games:
        colour = "black" if (g["black"] == OHMHEX_NAME) == ours else "white"
        # Black makes plies 0, 2, 4..., White 1, 3, 5...; the opening's stones are no one's.
        opening = len(g["opening"].split())
        played = range(opening, g["plies"])
        n = sum(1 for ply in played if (ply % 2 == 0) == (colour == "black"))
        if n:
            moves += n
            seconds += g[f"{colour}_time"]
            longest = max(longest, g[f"{colour}_time"] / n)
    mean = seconds / moves if moves else 0
    return f"{name}: {mean:.2f} s per move on average; the slowest game {longest:.2f} s per move"


def position_winner(ohmhex, sgf, seconds):
    """The winner of the final position of `sgf` by OhmHex's solver ('black', 'white'), or None
    when it is not proven in `seconds`."""
    with open(sgf) as f:
        plies = len(re.findall(r";\s*[BW]\[", f.read()))
    to_move = "black" if plies % 2 == 0 else "white"
    script = f"loadsgf {sgf}\nsolve-state {to_move} {seconds}\nquit\n"
    run = subprocess.run([ohmhex], input=script, capture_output=True, text=True,
                         timeout=seconds + 60)
    replies = [line for line in run.stdout.splitlines() if line.startswith(("=", "?"))]
    verdict = replies[1].split() if len(replies) > 1 else []
    return verdict[1] if len(verdict) > 1 and verdict[1] in ("black", "white") else None


def adjudicate(args, out):
    """Solver verdicts for the forfeited games of DIR/merged, cached in DIR/adjudicated.json.
    Benzene's engines crash in decided positions, won or lost for them: the verdict says which."""
    path = os.path.join(out, "adjudicated.json")
    cache = {}
    if os.path.exists(path):
        with open(path) as f:
            cache = json.load(f)
    if args.adjudicate <= 0:
        return cache  # off: only the verdicts an earlier run cached
    merged = os.path.join(out, "merged")
    for g in games_in(merged):
        if ended_on_the_board(g) or g["sgf"] in cache:
            continue
        cache[g["sgf"]] = position_winner(args.ohmhex, os.path.join(merged, g["sgf"]),
                                          args.adjudicate)
        with open(path, "w") as f:
            json.dump(cache, f, indent=1, sort_keys=True)
    return cache


def summary(out, total, verdicts=None):
    games = games_in(os.path.join(out, "merged"))
    if not games:
        return "no finished game yet"
    opponent = games[0]["white"] if games[0]["black"] == OHMHEX_NAME else games[0]["black"]
    decided = [g for g in games if g["winner"] in ("black", "white")]

    def wins(of):
        return sum(1 for g in of if g[g["winner"]] == OHMHEX_NAME)

    # Benzene's engines sometimes crash once a position is decided, also one won for them,
    # so the score without forfeits is shown too.
    on_board = [g for g in decided if ended_on_the_board(g)]
    as_black = [g for g in decided if g["black"] == OHMHEX_NAME]
    as_white = [g for g in decided if g["white"] == OHMHEX_NAME]
    reasons = {}
    for g in games:
        reason = g["reason"].split(":")[0]
        reasons[reason] = reasons.get(reason, 0) + 1
    lines = [f"{OHMHEX_NAME} vs {opponent}: {len(games)} of {total} games played",
             score_line("overall", wins(decided), len(decided)),
             score_line("without forfeits", wins(on_board), len(on_board)),
             *adjudicated_lines(decided, on_board, verdicts or {}),
             score_line(f"{OHMHEX_NAME} as Black", wins(as_black), len(as_black)),
             score_line(f"{OHMHEX_NAME} as White", wins(as_white), len(as_white)),
             pairs_line(classify(pair_games(decided, on_board, verdicts or {}), OHMHEX_NAME),
                        OHMHEX_NAME),
             time_line(OHMHEX_NAME, decided, True),
             time_line(opponent, decided, False),
             "endings: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))]
    return "\n".join(lines)


def pair_games(decided, on_board, verdicts):
    """The decided games for opening_pairs.classify, each forfeit with the solver's verdict when
    there are verdicts (None where it has none), else with its recorded winner."""
    out = []
    for g in decided:
        winner = g["winner"]
        if verdicts and g not in on_board:
            winner = verdicts.get(g["sgf"])
        out.append({"opening": g["opening"], "black": g["black"], "white": g["white"],
                    "winner": winner})
    return out


def adjudicated_lines(decided, on_board, verdicts):
    """The score with each forfeit replaced by the solver's verdict on its final position; the
    forfeits it could not decide are left out."""
    forfeits = [g for g in decided if g not in on_board and g["sgf"] in verdicts]
    if not forfeits:
        return []
    proven = [g for g in forfeits if verdicts[g["sgf"]]]
    ours = sum(1 for g in proven if g[verdicts[g["sgf"]]] == OHMHEX_NAME)
    wins = sum(1 for g in on_board if g[g["winner"]] == OHMHEX_NAME) + ours
    note = (f"forfeits by the solver: {ours} {OHMHEX_NAME}, {len(proven) - ours} opponent, "
            f"{len(forfeits) - len(proven)} undecided")
    return [score_line("adjudicated", wins, len(on_board) + len(proven)), note]


def main():
    args = parse_args()
    args.out = os.path.abspath(args.out)
    settings = settings_of(args)
    prepare(args.out, settings)
    total = 2 * len(settings["openings"])
    try:
        play_missing_games(args, settings, args.out)
    except KeyboardInterrupt:
        print("interrupted; the same command continues", file=sys.stderr)
    finally:
        merge(args, args.out, total)
        text = summary(args.out, total, adjudicate(args, args.out))
        with open(os.path.join(args.out, "gauntlet-summary.txt"), "w") as f:
            f.write(text + "\n")
        print(text)


if __name__ == "__main__":
    main()
