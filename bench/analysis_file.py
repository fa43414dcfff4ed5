"""What the match analyses (losing_moves.py, refutation_rank.py) share: the arguments every one
of them takes, and their output file, one line per game, which a rerun resumes."""
import argparse
import os


def analysis_parser(description):
    """A parser with the arguments every analysis takes; `description` is the script's doc."""
    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", required=True, help="ohmhex-match output directory")
    parser.add_argument("--engine", required=True, help="OhmHex command line (the solver)")
    parser.add_argument("--out", required=True, help="file the lines are appended to")
    return parser


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
