#!/usr/bin/env python3
"""Move agreement: how often an engine chooses the move a stronger player chooses.

A match against Wolve needs hundreds of games to see 50 Elo; at a fixed depth the engines are
deterministic, so the same openings replay the same games. Asking for one move in each of a few
hundred positions from real games, and counting how often the answer is a reference player's,
takes seconds at depth 1 and sees smaller changes of the evaluation (docs/strength.md, "Move
agreement"). It is a yardstick for screening, not a verdict: what it favours still has to win
games.

  move_agreement.py sample --games DIR... [--count 400] [--seed 7] > positions.txt
  move_agreement.py answer --positions positions.txt --out answers.txt \\
      --engine "ohmhex -o max_depth=1" [--setup "param_ohmhex ..."]...
  move_agreement.py answer --positions positions.txt --out winners.txt --solve 3 \\
      --engine "ohmhex"
  move_agreement.py score --positions positions.txt [--open winners.txt] REFERENCE CANDIDATE...
  move_agreement.py outcome --positions won.txt --verdicts verdicts.txt --engine "ohmhex" \\
      [--solve 10] ANSWERS...
  move_agreement.py rank --positions positions.txt --out ranks.txt \\
      --engine "ohmhex -o max_depth=4" [--open winners.txt] REFERENCE

A positions file holds one position per line: its moves from the empty board, Black first, no
swap; the side to move follows from their count. An answers file holds one move per position,
`-` where the engine died (it is restarted) or refused the position; such a position leaves the
count. `answer` appends to --out and goes on from where it stopped, so a long reference run can
be resumed.
Lines starting with '#' are comments in both.

`rank` asks where an OhmHex search puts the reference's move: after `reg_genmove` (which plays
nothing), `search_scores` lists the root moves it searched, best first. A ranks file holds one
line per position, `RANK GAP` (RANK 1 is the engine's own choice; GAP how far the move's score,
often an upper bound from a null window, lies below the best) or `- -` where the move was not
among the root moves searched (the root width, or the root's inferior-cell and must-play
pruning, left it out); `? ?` where there was no reference move or the engine died (left out
of the summary). It separates a blind spot (the move never searched) from a misjudgement
(searched and ranked lower), and near misses from far ones. Resumed like `answer`.

`outcome` judges the answers where agreement cannot: the solver, given each position after the
answer, says whether the move wins (the opponent to move is proven lost), loses, or is unknown.
In positions proven won for the side to move (positions-11x11-won.txt) that counts the answers
that keep the win; in positions the solver leaves open (positions-11x11-open.txt), the answers
that lose at once, blunders deep enough for the solver to see. Each verdict is kept in
--verdicts ("POSITION MOVE wins|loses|unknown", POSITION counted from 1) and never solved again
(a new file judges again, with another --solve).
"""
import argparse
import datetime
import glob
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

from selfplay import Engine, EngineDied

SGF_MOVE = re.compile(r";\s*[BW]\[([a-z][0-9]+)\]")


def data_lines(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def sample(args):
    """Positions from the games' SGF files (games of at least --min-ply + 8 moves): up to two
    per game, after --min-ply to --max-ply moves, each sequence once, in a shuffled order fixed
    by --seed."""
    rng = random.Random(args.seed)
    files = sorted(f for path in args.games
                   for f in (glob.glob(os.path.join(path, "*.sgf")) if os.path.isdir(path)
                             else [path] if path.endswith(".sgf") else []))
    rng.shuffle(files)
    seen, positions = set(), []
    for path in files:
        with open(path) as f:
            text = f.read()
        if f"SZ[{args.size}]" not in text or "AB[" in text or "AW[" in text:
            continue
        moves = SGF_MOVE.findall(text)
        if len(moves) < args.min_ply + 8:
            continue
        for _ in range(2):
            plies = rng.randint(args.min_ply, min(args.max_ply, len(moves) - 4))
            line = " ".join(moves[:plies])
            if line not in seen:
                seen.add(line)
                positions.append(line)
    rng.shuffle(positions)
    print(f"# {args.size}x{args.size} positions for bench/move_agreement.py, made "
          f"{datetime.date.today()} by: move_agreement.py sample --count {args.count} "
          f"--seed {args.seed} --min-ply {args.min_ply} --max-ply {args.max_ply} "
          f"from {len(files)} game files")
    for line in positions[:args.count]:
        print(line)


def start_engine(args, workdir):
    """The engine under test, set up for the board size; its stderr is discarded and it runs in
    `workdir` (Benzene's programs log a lot there, and write a log file into their directory)."""
    engine = Engine(shlex.split(args.engine), stderr=subprocess.DEVNULL, cwd=workdir)
    engine.send(f"boardsize {args.size} {args.size}")
    for setup in args.setup:
        engine.send(setup)
    return engine


def answer_one(engine, moves, solve_seconds=None):
    """The engine's move, or with solve_seconds the winner its solver proves (`-` if none)."""
    engine.send("clear_board")
    to_move = engine.play_moves(moves)
    if solve_seconds is None:
        return engine.send(f"genmove {to_move}").lower()
    winner = engine.send(f"solve-state {to_move} {solve_seconds:g}").lower()
    return winner if winner in ("black", "white") else "-"


def engine_description(args):
    """The engine options of a run, as they are given on the command line."""
    setups = "".join(f" --setup {shlex.quote(s)}" for s in args.setup)
    return f"--engine {shlex.quote(args.engine)}{setups}"


def rows_done(path, header):
    """The rows a resumable output file already holds; a new or empty one gets `header` (the
    command that makes it) as its first, comment line."""
    if os.path.exists(path) and os.path.getsize(path) > 0:
        return len(data_lines(path))
    with open(path, "a") as out:
        out.write(f"# {header}, {datetime.date.today()}\n")
    return 0


def answer(args):
    positions = data_lines(args.positions)
    solve = f" --solve {args.solve:g}" if args.solve is not None else ""
    done = rows_done(args.out, f"move_agreement.py answer {engine_description(args)}{solve}")
    with open(args.out, "a") as out:
        scratch = tempfile.TemporaryDirectory(prefix="move_agreement-")
        engine = start_engine(args, scratch.name)
        for line in positions[done:]:
            try:
                move = answer_one(engine, line.split(), args.solve)
            except EngineDied:
                move = "-"
                engine.close()
                engine = start_engine(args, scratch.name)
            except RuntimeError as e:  # refused: e.g. no move in a finished game
                print(f"position {done + 1}: {e}", file=sys.stderr)
                move = "-"
            done += 1
            out.write(move + "\n")
            out.flush()
        engine.close()


def agreement(reference, candidate, counted):
    """Positions counted where both answered, and those where they chose the same move."""
    both = [i for i in range(min(len(reference), len(candidate)))
            if counted(i) and reference[i] != "-" and candidate[i] != "-"]
    return len(both), sum(reference[i] == candidate[i] for i in both)


def paired(reference, first, other, counted):
    """Sign test of `other` against `first`: positions where only one agrees with the
    reference. z > 2 means `other` agrees more often beyond chance (about 95%)."""
    n = min(len(reference), len(first), len(other))
    only_first = only_other = 0
    for i in range(n):
        if not counted(i) or "-" in (reference[i], first[i], other[i]):
            continue
        a, b = first[i] == reference[i], other[i] == reference[i]
        only_first += a and not b
        only_other += b and not a
    return only_first, only_other, sign_test(only_first, only_other)


def sign_test(only_first, only_other):
    """z of a sign test over the discordant positions: > 0 when `other` has more of them."""
    discordant = only_first + only_other
    return (only_other - only_first) / math.sqrt(discordant) if discordant else 0.0


def score(args):
    count = len(data_lines(args.positions))
    reference = data_lines(args.reference)
    candidates = [(path, data_lines(path)) for path in args.candidates]
    counted = lambda i: True
    if args.open:
        # A position the solver decides measures only how a player chooses among winning (or
        # among losing) moves: any winning move is as good, and in a lost position none is.
        winners = data_lines(args.open)
        counted = lambda i: i < len(winners) and winners[i] == "-"
        print(f"open positions only: {sum(map(counted, range(count)))} of {count} ({args.open})")
    print(f"reference {args.reference} ({len(reference)} of {count} positions)")
    for path, moves in candidates:
        n, same = agreement(reference, moves, counted)
        line = f"{path}: {same}/{n} = {same / max(1, n):.3f}"
        if path != candidates[0][0]:
            only_first, only_this, z = paired(reference, candidates[0][1], moves, counted)
            line += f"; against {candidates[0][0]}: {only_first} vs {only_this}, z = {z:+.2f}"
        print(line)


def move_verdict(engine, moves, move, solve_seconds):
    """`wins` if the solver proves the opponent lost after `move`, `loses` if it proves it won,
    else `unknown`."""
    engine.send("clear_board")
    mover = engine.play_moves(moves)
    opponent = "white" if mover == "black" else "black"
    engine.send(f"play {mover} {move}")
    winner = engine.send(f"solve-state {opponent} {solve_seconds:g}").lower()
    return {mover: "wins", opponent: "loses"}.get(winner, "unknown")


def read_verdicts(path):
    verdicts = {}
    if os.path.exists(path):
        for line in data_lines(path):
            index, move, verdict = line.split()
            verdicts[(int(index), move)] = verdict
    return verdicts


def outcome(args):
    positions = data_lines(args.positions)
    verdicts = read_verdicts(args.verdicts)
    answers = [(path, data_lines(path)) for path in args.answers]
    scratch = tempfile.TemporaryDirectory(prefix="move_agreement-")
    engine = None
    with open(args.verdicts, "a") as out:
        for i, line in enumerate(positions, start=1):
            for _, moves in answers:
                move = moves[i - 1] if i <= len(moves) else "-"
                if move == "-" or (i, move) in verdicts:
                    continue
                engine = engine or start_engine(args, scratch.name)
                try:
                    verdicts[(i, move)] = move_verdict(engine, line.split(), move, args.solve)
                except EngineDied:
                    verdicts[(i, move)] = "unknown"
                    engine.close()
                    engine = None
                out.write(f"{i} {move} {verdicts[(i, move)]}\n")
                out.flush()
    if engine:
        engine.close()
    lost = {}
    for path, moves in answers:
        given = [(i, moves[i - 1]) for i in range(1, min(len(moves), len(positions)) + 1)
                 if moves[i - 1] != "-"]
        tally = {v: sum(verdicts[g] == v for g in given) for v in ("wins", "loses", "unknown")}
        lost[path] = {i for i, m in given if verdicts[(i, m)] == "loses"}
        line = (f"{path}: of {len(given)} answers {tally['wins']} win, {tally['loses']} lose, "
                f"{tally['unknown']} unknown")
        if path != answers[0][0]:
            # Sign test on the positions where exactly one of the two answers is proven lost.
            first, this = lost[answers[0][0]], lost[path]
            only_first, only_this = len(first - this), len(this - first)
            z = sign_test(only_this, only_first)  # fewer losses count for this answer
            line += (f"; lost only by {answers[0][0]}: {only_first}, only by this: {only_this}, "
                     f"z = {z:+.2f} (> 0: this loses fewer)")
        print(line)


def root_rank(engine, moves, reference):
    """Where `reference` ranks among the root moves the engine's search scored (1 = its choice),
    and its score's distance below the best; (None, None) when it was not searched."""
    engine.send("clear_board")
    to_move = engine.play_moves(moves)
    engine.send(f"reg_genmove {to_move}")
    fields = engine.send(f"search_scores {to_move}").split()
    cells, labels = fields[0::2], fields[1::2]
    if reference not in cells:
        return None, None
    index = cells.index(reference)
    return index + 1, label_value(labels[0]) - label_value(labels[index])


def label_value(label):
    """A search_scores label as a number: `<` (an upper bound) dropped, `1.2k` read as 1200,
    a proven result (`W`/`L` and its distance) as +-100000 less the distance."""
    text = label.lstrip("<>")
    if text[:1] in ("W", "L"):
        distance = int(text[1:]) if text[1:].isdigit() else 0
        return (100000 - distance) * (1 if text[0] == "W" else -1)
    if text.endswith("k"):
        return round(float(text[:-1]) * 1000)
    return int(text)


def rank(args):
    positions = data_lines(args.positions)
    reference = data_lines(args.reference)
    done = rows_done(args.out,
                     f"move_agreement.py rank {engine_description(args)} {args.reference}")
    with open(args.out, "a") as out:
        scratch = tempfile.TemporaryDirectory(prefix="move_agreement-")
        engine = start_engine(args, scratch.name)
        for line, move in zip(positions[done:], reference[done:]):
            row = "? ?"  # no reference move, or the engine died: left out of the summary
            if move != "-":
                try:
                    place, gap = root_rank(engine, line.split(), move)
                    row = f"{place} {gap}" if place else "- -"
                except EngineDied:
                    engine.close()
                    engine = start_engine(args, scratch.name)
            out.write(row + "\n")
            out.flush()
        engine.close()
    print_ranks(args, [row.split() for row in data_lines(args.out)])


def print_ranks(args, rows):
    counted = range(len(rows))
    if args.open:
        winners = data_lines(args.open)
        counted = [i for i in counted if i < len(winners) and winners[i] == "-"]
    places = [rows[i][0] for i in counted if rows[i][0] != "?"]
    bins = [("1 (agrees)", lambda r: r == 1), ("2", lambda r: r == 2),
            ("3-4", lambda r: 3 <= r <= 4), ("5-8", lambda r: 5 <= r <= 8),
            ("9 and beyond", lambda r: r >= 9)]
    print(f"{len(places)} positions; the reference's move ranks")
    for name, test in bins:
        print(f"  {name}: {sum(p != '-' and test(int(p)) for p in places)}")
    print(f"  not among the root moves searched: {places.count('-')}")


def add_engine_arguments(command, engine_help):
    """The engine a subcommand starts (start_engine reads these)."""
    command.add_argument("--engine", required=True,
                         help=engine_help + " (it runs in a scratch directory: give the files "
                         "its options name, such as network_file, with absolute paths)")
    command.add_argument("--setup", action="append", default=[], help="HTP command sent once")
    command.add_argument("--size", type=int, default=11)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("sample", help="positions from games' SGF files")
    s.add_argument("--games", nargs="+", required=True, help="directories or SGF files")
    s.add_argument("--size", type=int, default=11)
    s.add_argument("--count", type=int, default=400)
    s.add_argument("--seed", type=int, default=7)
    s.add_argument("--min-ply", type=int, default=4)
    s.add_argument("--max-ply", type=int, default=32)
    a = commands.add_parser("answer", help="an engine's move in every position")
    a.add_argument("--positions", required=True)
    a.add_argument("--out", required=True)
    add_engine_arguments(a, "command line, split like a shell's")
    a.add_argument("--solve", type=float, metavar="SECONDS",
                   help="answer with the winner the solver proves in SECONDS (solve-state), or "
                        "-: the file for score --open")
    c = commands.add_parser("score", help="agreement of answers with a reference")
    c.add_argument("--positions", required=True)
    c.add_argument("--open", metavar="WINNERS",
                   help="count only the positions the answer --solve file leaves open (-)")
    c.add_argument("reference")
    c.add_argument("candidates", nargs="+")
    w = commands.add_parser("outcome", help="the solver's verdict on every answer")
    w.add_argument("--positions", required=True)
    w.add_argument("--verdicts", required=True, help="cache of the solver's verdicts")
    add_engine_arguments(w, "the engine whose solver judges")
    w.add_argument("--solve", type=float, default=10, metavar="SECONDS")
    w.add_argument("answers", nargs="+")
    r = commands.add_parser("rank", help="where the reference's move ranks among the root moves")
    r.add_argument("--positions", required=True)
    r.add_argument("--out", required=True)
    add_engine_arguments(r, "an OhmHex command line (it answers search_scores)")
    r.add_argument("--open", metavar="WINNERS",
                   help="summarise only the positions the answer --solve file leaves open (-)")
    r.add_argument("reference")
    args = parser.parse_args()
    {"sample": sample, "answer": answer, "score": score, "outcome": outcome,
     "rank": rank}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
