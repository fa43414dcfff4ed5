#!/usr/bin/env python3
"""Matches and speed runs with the ohmhex binary over HTP pipes.

  selfplay.py match [--binary B] [--size 9] [--time 1] [--games 20]
      The alpha-beta search (player=search, max_time per move) against the one-ply player
      (player=onestep). Game i starts from a different Black first stone (cells spread over the
      board, so the deterministic players do not repeat one game); the search plays White in
      even games and Black in odd ones. Prints each result and the search's score.

  selfplay.py versus [--binary B] [--size 9] [--time 0.3] [--openings 10] [--offset 3]
                     [--a resistance_links=bridges] [--b resistance_links=off]
      Two search players (player=search, the same max_time) that differ in the options
      --a and --b (comma-separated key=value). Each of the --openings Black first stones
      (spread like match's, shifted by --offset) is played twice, A taking White, then Black.
      Prints each result and A's score.

  selfplay.py speed [--binary B] [--time 5] [--evaluators resistance,twodistance,...]
      Depth reached and nodes per second of one genmove under max_time on fixed 11x11
      middlegames, per evaluator, from the engine's per-iteration log lines.
"""
import argparse
import os
import re
import subprocess
import sys

DEFAULT_BINARY = os.path.join(os.path.dirname(__file__), "..", "build", "app", "ohmhex")

# Fixed 11x11 middlegames (moves alternate from Black), shared with search/bench.cpp.
MIDDLEGAMES = [
    "i7 f9 c8 i5 a3 f7 j3 e1 h11 h3 d6 k7 f10 e11 d4 g9",
    "g6 a4 d4 g5 h6 e6 g8 d5 b10 i5 d2 f6 k6 c1 i6 a6 a11 i7 e1 g1 c9 j2 a8 h3",
    "f6 e7 e8 d9 g4 f4 f5 e5 h3 g2",
]


class EngineDied(RuntimeError):
    """The engine's process ended before it answered."""


class Engine:
    """An HTP engine on pipes: `command` is the ohmhex binary's path, or any engine's argument
    list; `options` are set with param_ohmhex. Give stderr=subprocess.DEVNULL to an engine
    whose log nobody reads (Wolve, MoHex): a full stderr pipe would stop it. `cwd` is the
    engine's working directory (Benzene's programs write a log file into theirs); a relative
    program path is taken from the caller's."""

    def __init__(self, command, options=None, stderr=subprocess.PIPE, cwd=None):
        argv = [command] if isinstance(command, str) else list(command)
        if cwd is not None and os.sep in argv[0]:
            argv[0] = os.path.abspath(argv[0])
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, text=True, bufsize=1, cwd=cwd)
        self.stderr_lines = []
        for key, value in (options or {}).items():
            self.send(f"param_ohmhex {key} {value}")

    def send(self, command):
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError as e:
            raise EngineDied(f"engine died before '{command}'") from e
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise EngineDied(f"engine died on '{command}'")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError(f"'{command}' failed: {reply}")
        return reply[1:].strip()

    def play_moves(self, moves):
        """Plays `moves` from the current position, Black first; returns the side to move
        after them, "black" or "white"."""
        color = "black"
        for move in moves:
            self.send(f"play {color} {move}")
            color = "white" if color == "black" else "black"
        return color

    def close(self):
        try:
            self.send("quit")
        except RuntimeError:
            pass
        _, err = self.proc.communicate(timeout=30)
        return err


def cell_names(size):
    return [chr(ord("a") + x) + str(y + 1) for y in range(size) for x in range(size)]


def play_game(binary, size, seconds, opening, search_color):
    search = {"player": "search", "max_time": seconds}
    return play_pair(binary, size, opening, search_color, search, {"player": "onestep"})


def match(args):
    cells = cell_names(args.size)
    # Spread the openings: a stride coprime with the cell count visits distinct cells.
    stride = 7 if len(cells) % 7 else 5
    wins = 0
    for game in range(args.games):
        opening = cells[(game * stride) % len(cells)]
        search_color = "white" if game % 2 == 0 else "black"
        winner, moves = play_game(args.binary, args.size, args.time, opening, search_color)
        won = winner == search_color
        wins += won
        print(f"game {game + 1}: opening {opening}, search plays {search_color}, winner "
              f"{winner} after {moves} moves ({'search' if won else 'onestep'})", flush=True)
    print(f"search won {wins}/{args.games} ({100.0 * wins / args.games:.0f}%) on "
          f"{args.size}x{args.size} at {args.time} s per move")


def parse_options(text):
    return dict(pair.split("=", 1) for pair in text.split(",") if pair)


def play_versus(binary, size, seconds, opening, a_color, a_options, b_options):
    common = {"player": "search", "max_time": seconds}
    return play_pair(binary, size, opening, a_color, {**common, **a_options},
                     {**common, **b_options})


def play_pair(binary, size, opening, a_color, a_options, b_options):
    """One game from Black's opening stone between two engines of one binary; (winner, moves)."""
    a = Engine(binary, {"log_level": "warn", **a_options})
    b = Engine(binary, {"log_level": "warn", **b_options})
    engines = {a_color: a, "white" if a_color == "black" else "black": b}
    try:
        for e in (a, b):
            e.send(f"boardsize {size} {size}")
            e.send(f"play black {opening}")
        color = "white"
        moves = 1
        while True:
            mover = engines[color]
            other = engines["black" if color == "white" else "white"]
            move = mover.send(f"genmove {color}")
            if move == "resign":
                return "white" if color == "black" else "black", moves
            other.send(f"play {color} {move}")
            moves += 1
            score = mover.send("final_score")
            if score in ("B+", "W+"):
                return ("black" if score == "B+" else "white"), moves
            color = "black" if color == "white" else "white"
    finally:
        a.close()
        b.close()


def versus(args):
    a_options, b_options = parse_options(args.a), parse_options(args.b)
    cells = cell_names(args.size)
    stride = 7 if len(cells) % 7 else 5
    wins = games = 0
    for i in range(args.openings):
        opening = cells[(i * stride + args.offset) % len(cells)]
        for a_color in ("white", "black"):
            winner, moves = play_versus(args.binary, args.size, args.time, opening, a_color,
                                        a_options, b_options)
            wins += winner == a_color
            games += 1
            print(f"opening {opening}, A plays {a_color}: winner {winner} after {moves} moves "
                  f"({'A' if winner == a_color else 'B'}); A {wins}/{games}", flush=True)
    print(f"A ({args.a}) won {wins}/{games} against B ({args.b}) on {args.size}x{args.size} at "
          f"{args.time} s per move")


ITERATION = re.compile(r"depth (\d+) score (\S+) nodes (\d+) nps (\d+) time ([\d.]+)s")
SUMMARY = re.compile(r"search \w+ \w+: best \S+ score \S+ depth (\d+) nodes (\d+) in ([\d.]+)s")


def speed(args):
    for name in args.evaluators.split(","):
        for i, moves in enumerate(MIDDLEGAMES):
            options = {"player": "search", "max_time": args.time, "evaluator": name,
                       "log_level": "info"}
            options.update(option.split("=", 1) for option in args.option)
            engine = Engine(args.binary, options)
            engine.send("boardsize 11 11")
            color = engine.play_moves(moves.split())
            engine.send(f"reg_genmove {color}")
            log = engine.close()
            summary = SUMMARY.search(log)
            if not summary:
                print(f"{name} position {i + 1}: no search summary in the log", file=sys.stderr)
                continue
            depth, nodes, secs = int(summary.group(1)), int(summary.group(2)), float(summary.group(3))
            print(f"{name:12s} middlegame {i + 1}: depth {depth} nodes {nodes} time {secs:.2f}s "
                  f"nps {nodes / secs:.0f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    m = sub.add_parser("match")
    m.add_argument("--binary", default=DEFAULT_BINARY)
    m.add_argument("--size", type=int, default=9)
    m.add_argument("--time", type=float, default=1.0)
    m.add_argument("--games", type=int, default=20)
    v = sub.add_parser("versus")
    v.add_argument("--binary", default=DEFAULT_BINARY)
    v.add_argument("--size", type=int, default=9)
    v.add_argument("--time", type=float, default=0.3)
    v.add_argument("--openings", type=int, default=10)
    v.add_argument("--offset", type=int, default=3)
    v.add_argument("--a", default="resistance_links=bridges")
    v.add_argument("--b", default="resistance_links=off")
    s = sub.add_parser("speed")
    s.add_argument("--binary", default=DEFAULT_BINARY)
    s.add_argument("--time", type=float, default=5.0)
    s.add_argument("--evaluators", default="resistance,twodistance,yreduction,maxflow")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an engine option for every search (repeatable), e.g. resistance_links=vc")
    args = parser.parse_args()
    {"match": match, "versus": versus, "speed": speed}[args.mode](args)


if __name__ == "__main__":
    main()
