"""What the match analyses (losing_moves.py, refutation_rank.py) share: the arguments every one
of them takes, the games' SGF files, and their output file, one line per game, which a rerun
resumes."""
import argparse
import os
import re

SGF_MOVE = re.compile(r";\s*([BW])\[([a-z][0-9]+)\]")
SGF_SIZE = re.compile(r"SZ\[(\d+)\]")


def analysis_parser(description):
    """A parser with the arguments every analysis takes; `description` is the script's doc."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", required=True, help="ohmhex-match output directory")
    parser.add_argument("--engine", required=True, help="OhmHex command line (the solver)")
    parser.add_argument("--out", required=True, help="file the lines are appended to")
    return parser


def read_game(games_dir, sgf):
    """The board size of a match's game and its moves: (colour letter, cell) pairs, Black first
    and alternating (ohmhex-match's games have no swap)."""
    with open(os.path.join(games_dir, sgf)) as f:
        text = f.read()
    return int(SGF_SIZE.search(text)[1]), SGF_MOVE.findall(text)


def finished_games(path):
    """The SGF names of the games already in the file (its lines' first field)."""
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {line.split()[0] for line in f if line.strip()}


def record(path, line):
    """Prints the line and appends it to the file at once, so an interrupted run keeps it."""
    print(line, flush=True)
    with open(path, "a") as f:
        f.write(line + "\n")
