#!/usr/bin/env python3
"""Whether the search could see the refutations of its losing moves: where the solver's winning
reply to each losing move ranks among OhmHex's cell values (the search's move order).

  refutation_rank.py --games DIR --losing FILE --engine "build/release/app/ohmhex" --out FILE2 \\
      [--time 12]

FILE is what bench/losing_moves.py wrote for the match directory DIR. For each game whose
position after the losing move the solver proved won for the opponent, that position is set up
in a fresh OhmHex process, `eval-cells` gives the cell values of the side to move (the order in
which the search tries its moves, before the table's move, killers and history), and the
solver's winning reply comes from `reg_genmove` with a search cut at 30 nodes, so that the rest
of a --time second move goes to the solver (`solver_rest`), which plays the win it proves.

One line per game is appended to FILE2, which a rerun resumes:
  SGF reply CELL rank R of N proven|unproven
("unproven": the solver found no win in its time, and CELL is the search's move.) Then a
summary: how many proven replies rank first, in the first 8 (the search's width below the root)
and further down.
"""
import shlex
import tempfile

from analysis_file import analysis_parser, finished_games, read_game, record
from selfplay import Engine


def refutation(args, sgf, ply, winner):
    size, moves = read_game(args.games, sgf)
    with tempfile.TemporaryFile("w+") as log:
        engine = Engine(shlex.split(args.engine), stderr=log)
        try:
            engine.send(f"boardsize {size} {size}")
            engine.play_moves([cell for _, cell in moves[:ply]])
            values = [line.split() for line in engine.send("eval-cells").strip().splitlines()]
            order = [cell for cell, _ in sorted(values, key=lambda cv: -int(cv[1]))]
            for command in ("param_ohmhex max_nodes 30", f"param_ohmhex max_time {args.time}",
                            "param_ohmhex solver_max_empty 0"):
                engine.send(command)
            reply = engine.send(f"reg_genmove {winner}").strip()
        finally:
            engine.close()
        log.seek(0)
        proven = "after the search: win" in log.read()
    rank = order.index(reply) + 1 if reply in order else "-"
    return (f"{sgf} reply {reply} rank {rank} of {len(order)} "
            f"{'proven' if proven else 'unproven'}")


def summary(path, width=8):
    first = within = beyond = unproven = 0
    with open(path) as f:
        for line in f:
            fields = line.split()
            if fields[-1] != "proven":
                unproven += 1
                continue
            rank = int(fields[4])
            first += rank == 1
            within += 1 < rank <= width
            beyond += rank > width
    print(f"proven replies: rank 1 {first}, 2 to {width} {within}, beyond {width} {beyond}; "
          f"unproven {unproven}")


def main():
    parser = analysis_parser(__doc__)
    parser.add_argument("--losing", required=True, help="losing_moves.py's file for it")
    parser.add_argument("--time", type=float, default=12, help="seconds of the move (solver)")
    args = parser.parse_args()
    done = finished_games(args.out)
    with open(args.losing) as f:
        rows = [line.split() for line in f if line.strip()]
    for fields in rows:
        sgf, ply, after = fields[0], fields[5], fields[11]
        if sgf in done or ply == "-" or after == "unknown":
            continue
        record(args.out, refutation(args, sgf, int(ply), after))
    summary(args.out)


if __name__ == "__main__":
    main()
