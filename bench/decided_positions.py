#!/usr/bin/env python3
"""How far ahead of the game a longer solve sees: the positions just before OhmHex's solver first
decided a game while it played, solved again with more time.

  decided_positions.py --games DIR --name ohmhex --engine "build/release/app/ohmhex" --out FILE \\
      [--back 2] [--time 10]

DIR is an ohmhex-match output directory of OhmHex (named --name) with the solver beside the
search (`solver_beside`, the default) against another program, played one game at a time
(`-j 1`), so that DIR/engine-stderr.log holds OhmHex's log lines game after game. For each of
OhmHex's moves the log tells what the solver beside the search proved of the position in the
game (`solver COLOUR beside the search: win|loss|unknown`). The first move where it proved a
win or a loss is where the game was decided as far as OhmHex could see; the --back + 1 positions
before OhmHex's last undecided moves (0: the last one, 1: the one before, ...) are given to the
solver again with --time seconds each (`solve-state` for OhmHex, in a fresh process).

So a lost game whose position "back 1" is proven won for OhmHex was thrown away one move
before the solver saw it, within reach of a solver that much faster; a lost game whose positions
are all lost or unknown was lost earlier, or beyond the solver's reach.

One line per game is appended to FILE, which a rerun resumes:
  SGF COLOUR won|lost decided MOVE VERDICT back0 RESULT SECONDS back1 RESULT SECONDS ...
(SGF: DIR/file, so that one FILE can gather several directories, e.g. the shards of a match.
MOVE: OhmHex's move, counted from 0, where the solver first decided; "-" and no positions when
it never did. RESULT: ohmhex, opponent or unknown.) Then a summary of FILE.
"""
import collections
import csv
import os
import re
import sys

from analysis_file import analysis_parser, finished_games, read_game, record
from losing_moves import fresh_solve

SEARCH_LINE = re.compile(r"\] search (black|white) \w+: best (\S+) ")
VERDICT_LINE = re.compile(r"\] solver (black|white) beside the search: (\w+) in ")


def ohmhex_moves_in_log(path):
    """OhmHex's moves in the order of the log, each as (colour, cell, verdict of the solver
    beside the search or None)."""
    moves = []
    verdict = None
    with open(path, errors="replace") as f:
        for line in f:
            if m := VERDICT_LINE.search(line):
                verdict = m[2]
            elif m := SEARCH_LINE.search(line):
                moves.append((m[1], m[2], verdict))
                verdict = None
    return moves


def genmove_plies(moves, colour, opening_moves=1):
    """The plies (indices into the game's moves) of OhmHex's own moves: those of its colour after
    the opening stones, which the referee placed."""
    letter = colour[0].upper()
    return [i for i, (c, _) in enumerate(moves) if c == letter and i >= opening_moves]


def games_with_verdicts(games_dir, name):
    """Each game of the match (results.csv order, which -j 1 plays in) with OhmHex's colour, the
    game's moves and the verdict at each of OhmHex's moves. Stops with a message when the log
    does not line up with the games."""
    with open(os.path.join(games_dir, "results.csv")) as f:
        rows = list(csv.DictReader(f))
    logged = ohmhex_moves_in_log(os.path.join(games_dir, "engine-stderr.log"))
    at = 0
    games = []
    for row in rows:
        if name not in (row["black"], row["white"]):
            sys.exit(f"{name} does not play {row['sgf']}")
        colour = "black" if row["black"] == name else "white"
        _, moves = read_game(games_dir, row["sgf"])
        plies = genmove_plies(moves, colour)
        mine = logged[at:at + len(plies)]
        at += len(plies)
        if [cell for _, cell, _ in mine] != [moves[p][1] for p in plies]:
            sys.exit(f"{row['sgf']}: the log's moves are not the game's (was the match "
                     "played with -j 1, OhmHex against another program?)")
        games.append((row, colour, moves, plies, [v for _, _, v in mine]))
    if at != len(logged):
        sys.exit(f"the log has {len(logged) - at} moves more than the games")
    return games


def analyse(args, game):
    row, colour, moves, plies, verdicts = game
    won = row["winner"] == colour
    head = f"{os.path.join(args.games, row['sgf'])} {colour} {'won' if won else 'lost'}"
    decided = next((i for i, v in enumerate(verdicts) if v in ("win", "loss")), None)
    if decided is None:
        return f"{head} decided -"
    line = f"{head} decided {decided} {verdicts[decided]}"
    undecided = [i for i in range(decided) if verdicts[i] == "unknown"]
    for back in range(args.back + 1):
        if back >= len(undecided):
            break
        ply = plies[undecided[-1 - back]]
        # A fresh process for each: no table from the other positions.
        answer, seconds = fresh_solve(args, row, moves[:ply], colour)
        result = "unknown" if answer == "unknown" else (
            "ohmhex" if answer == colour else "opponent")
        line += f" back{back} {result} {seconds:.2f}"
    return line


def summary(path):
    games = collections.Counter()
    results = collections.Counter()
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 5:
                continue
            games[fields[2]] += 1
            for i in range(6, len(fields) - 2, 3):
                results[(fields[2], fields[i], fields[i + 1])] += 1
    for outcome in ("lost", "won"):
        print(f"{games[outcome]} games {outcome}; positions proven won for OhmHex / for the "
              "opponent / unknown:")
        for back in sorted({b for (o, b, _) in results if o == outcome}):
            found = [results[(outcome, back, r)] for r in ("ohmhex", "opponent", "unknown")]
            print(f"  {back}: {found[0]} / {found[1]} / {found[2]}")


def main():
    parser = analysis_parser(__doc__)
    parser.add_argument("--name", required=True, help="OhmHex's name in the match")
    parser.add_argument("--back", type=int, default=2, help="positions before the decided one")
    parser.add_argument("--time", type=float, default=10, help="solver seconds per position")
    args = parser.parse_args()
    done = finished_games(args.out)
    for game in games_with_verdicts(args.games, args.name):
        if os.path.join(args.games, game[0]["sgf"]) not in done:
            record(args.out, analyse(args, game))
    summary(args.out)


if __name__ == "__main__":
    main()
