#!/usr/bin/env python3
"""Match results by opening pair: which openings an engine won with both colours, lost with both,
or split, and whether the openings it won both ways outnumber the ones it lost both ways.

  opening_pairs.py [--name ohmhex] RESULTS.csv...
  opening_pairs.py [--name ohmhex] --compare BEFORE.csv AFTER.csv

A gauntlet plays every opening twice, the engine taking Black in one game and White in the other.
When the two games split, the same colour won both (the engine won with one colour and the
opponent with the other, so that colour won twice): the opening decided those games, whichever
engine played better. The score's distance from half is (won both - lost both) / (2 x pairs), so
only the openings won or lost both ways say which engine is stronger, and a sign test on their
counts is the honest test of a difference: the games of a pair are not independent, and a
per-game interval counts each split pair as two coin flips where it carries no information.

--compare pairs two runs of the same openings (two binaries, or two settings) opening by opening:
the engine's points in each opening's two games before and after, the openings where it gained
and where it lost, and the sign test on those two counts. Two runs of the same binaries repeat
their games nearly move for move (docs/strength.md, "Opening pairs and repeated games"), so the
openings that changed are what the change between the runs did, one way or the other.

Reads ohmhex-match's results.csv (a column `adjudicated_winner`, as the files in
docs/measurements/ hold it, overrides `winner` where set, and a forfeit it leaves empty has no
winner): columns opening, black, white, winner, reason. Games without a winner (unfinished)
and openings played only once are counted apart.
"""
import argparse
import csv
import math
import sys


def ended_on_the_board(game):
    """A connection or a resignation; anything else (a crash, a refused command) is a forfeit."""
    return game["reason"] in ("connection", "resign")


def game_winner(row):
    """'black', 'white' or None: the solver's adjudication where the file has it, else the
    result. A forfeit that the solver left undecided has no winner, as in the gauntlet's
    adjudicated score."""
    adjudicated = (row.get("adjudicated_winner") or "").strip()
    forfeit = "reason" in row and not ended_on_the_board(row)
    if "adjudicated_winner" in row and forfeit and not adjudicated:
        return None
    winner = adjudicated or (row.get("winner") or "").strip()
    return winner if winner in ("black", "white") else None


def by_opening(games):
    """{opening: its games}, in the order of their first game."""
    out = {}
    for g in games:
        out.setdefault(g["opening"], []).append(g)
    return out


def pair_points(pair, name):
    """The engine's points (0, 1 or 2) in an opening's games, or None unless they are two
    decided games with `name` once on each side."""
    sides = sorted("black" if g["black"] == name else "white" for g in pair
                   if name in (g["black"], g["white"]))
    decided = [g for g in pair if g["winner"]]
    if sides != ["black", "white"] or len(decided) != 2:
        return None
    return sum(1 for g in decided if g[g["winner"]] == name)


def classify(games, name):
    """games: dicts with opening, black, white (engine names) and winner ('black', 'white' or
    None). Returns the counts of openings won both ways, lost both ways, split, and of openings
    without two decided games with `name` on each side."""
    counts = {"won_both": 0, "lost_both": 0, "split": 0, "incomplete": 0}
    for pair in by_opening(games).values():
        points = pair_points(pair, name)
        counts["incomplete" if points is None else ("lost_both", "split", "won_both")[points]] += 1
    return counts


def sign_test(won, lost):
    """Two-sided p-value of `won` against `lost` under equal chances (exact binomial)."""
    n = won + lost
    if n == 0:
        return 1.0
    k = min(won, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def points_by_opening(games, name):
    """{opening: the engine's points in its two games} for the openings classify() counts as a
    pair (two decided games, the engine on each side)."""
    points = {opening: pair_points(pair, name) for opening, pair in by_opening(games).items()}
    return {opening: p for opening, p in points.items() if p is not None}


def compare(before, after, name):
    """The openings both runs decided, with the engine's points before and after: (gained,
    lost, unchanged) lists of (opening, before, after)."""
    old, new = points_by_opening(before, name), points_by_opening(after, name)
    gained, lost, same = [], [], []
    for opening in sorted(set(old) & set(new)):
        row = (opening, old[opening], new[opening])
        (gained if row[2] > row[1] else lost if row[2] < row[1] else same).append(row)
    return gained, lost, same


def compare_lines(gained, lost, same, name):
    def listed(rows):
        return ", ".join(f"{o} {b}->{a}" for o, b, a in rows) or "none"

    shared = len(gained) + len(lost) + len(same)
    before = sum(b for _, b, _ in gained + lost + same)
    after = sum(a for _, _, a in gained + lost + same)
    return [f"{shared} openings decided in both runs: {name} {before} -> {after} of "
            f"{2 * shared} points",
            f"gained in {len(gained)}: {listed(gained)}",
            f"lost in {len(lost)}: {listed(lost)}",
            f"unchanged in {len(same)}; sign test on gained against lost p = "
            f"{sign_test(len(gained), len(lost)):.2f}"]


def pairs_line(counts, name):
    """One summary line for the counts of classify()."""
    pairs = counts["won_both"] + counts["lost_both"] + counts["split"]
    if pairs == 0:
        return "opening pairs: none with both games decided"
    return (f"opening pairs: {pairs}; {name} won both {counts['won_both']}, lost both "
            f"{counts['lost_both']}, split {counts['split']} (the same colour won both games); "
            f"sign test p = {sign_test(counts['won_both'], counts['lost_both']):.2f}")


def read_games(path):
    with open(path, newline="") as f:
        return [{"opening": row["opening"], "black": row["black"], "white": row["white"],
                 "winner": game_winner(row)} for row in csv.DictReader(f)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", default="ohmhex", help="the engine the counts are for")
    parser.add_argument("--compare", action="store_true",
                        help="compare two runs (BEFORE.csv AFTER.csv) opening by opening")
    parser.add_argument("results", nargs="+", help="results.csv files")
    args = parser.parse_args(argv)
    if args.compare:
        if len(args.results) != 2:
            parser.error("--compare wants two results files, before and after")
        try:
            before, after = (read_games(path) for path in args.results)
        except (OSError, KeyError, csv.Error) as error:
            print(f"opening_pairs.py: {error}", file=sys.stderr)
            return 1
        print("\n".join(compare_lines(*compare(before, after, args.name), args.name)))
        return 0
    for path in args.results:
        try:
            games = read_games(path)
        except (OSError, KeyError, csv.Error) as error:
            print(f"opening_pairs.py: {path}: {error}", file=sys.stderr)
            return 1
        counts = classify(games, args.name)
        extra = f" ({counts['incomplete']} incomplete)" if counts["incomplete"] else ""
        print(f"{path}: {pairs_line(counts, args.name)}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
