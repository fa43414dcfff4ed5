"""Exact value labels for self-play records, from the engine's solver.

A self-play game stops at its first proof, found by a solver with a small budget (16 empty
cells, 10,000 nodes by default); the positions before it carry only the game's result, and in
games between two equal searches that result is often not the position's value: the side that
stands better loses it later. On 9x9 the full solver (`solve-state`) proves positions ten and
more plies before that end in a fraction of a second. `label_record` walks a game back from its
end, asks the solver about each position not proven yet, and writes what it proves into the
record's `proven` list (+1: the side to move wins, -1: it loses), so that training can learn
exact values instead of results (train.py --proven-values-only).

The engine is any object whose send(command) returns a successful reply's text and raises
RuntimeError otherwise: label_proofs.py gives bench/selfplay.py's HTP driver.
"""


class EngineError(RuntimeError):
    """The solver contradicted a proof."""


def colour_to_move(ply):
    return "black" if ply % 2 == 0 else "white"


def label_record(record, engine, seconds, misses):
    """A copy of `record` whose `proven` list also holds what the solver proves, walking back
    from the last ply; the walk stops after `misses` unknown positions in a row. Entries already
    proven are kept and must agree with the solver. Adds "proof_labels": the budget and the
    count of plies labelled."""
    moves, proven = record["moves"], list(record["proven"])
    engine.send(f"boardsize {record['width']} {record['height']}")
    for ply, move in enumerate(moves):
        engine.send(f"play {colour_to_move(ply)[0]} {move}")
    labelled, unknown_in_a_row = 0, 0
    for ply in range(len(moves) - 1, -1, -1):
        engine.send("undo")  # the position before moves[ply]
        if unknown_in_a_row >= misses:
            continue
        mover = colour_to_move(ply)
        winner = engine.send(f"solve-state {mover[0]} {seconds:g}")
        if winner == "unknown":
            unknown_in_a_row += 1
            continue
        unknown_in_a_row = 0
        value = 1 if winner == mover else -1
        if proven[ply] not in (0, value):
            raise EngineError(f"game {record.get('game')}: ply {ply} was proven {proven[ply]}, "
                              f"the solver says {winner} wins")
        if proven[ply] == 0:
            labelled += 1
        proven[ply] = value
    check_consistent(proven, record.get("game"))
    out = dict(record)
    out["proven"] = proven
    out["proof_labels"] = {"seconds": seconds, "misses": misses, "labelled": labelled}
    return out


def check_consistent(proven, game):
    """A side to move that is proven lost after a move means the move won: proven[i + 1] == -1
    forces proven[i] == +1."""
    for ply in range(len(proven) - 1):
        if proven[ply + 1] == -1 and proven[ply] == -1:
            raise EngineError(f"game {game}: ply {ply} proven lost, yet its move leaves the "
                              "opponent proven lost")
