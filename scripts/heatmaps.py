#!/usr/bin/env python3
"""Draws every evaluator's cell values for one position side by side, as one SVG.

The values come from the engine itself: the script starts build/release/app/ohmhex, sets up
the position with HTP (`boardsize`, `play`), reads the evaluator names from the `evaluator`
option (`param_ohmhex`) and asks each evaluator for `eval` and `eval-cells`. Each board is
coloured from its own smallest to its own largest cell value: the evaluators' scales differ by
orders of magnitude, and some (twodistance) add a large constant to every cell.

Usage: scripts/heatmaps.py [--binary PATH] [--size N] [--moves "b:f6 w:e7 ..."] [--out FILE]
Default: the 11x11 position below, written to docs/heatmaps.svg (shown in docs/evaluators.md).
Python 3 standard library only; build first with `scripts/build.sh release`.
"""
import argparse
import math
import os
import re
import sys
from xml.sax.saxutils import escape

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The HTP client over pipes that the self-play benchmarks use (no bytecode left in bench/).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "bench"))
from selfplay import Engine  # noqa: E402

DEFAULT_BINARY = os.path.join(REPO, "build", "release", "app", "ohmhex")
DEFAULT_OUT = os.path.join(REPO, "docs", "heatmaps.svg")
# A few opening moves of an 11x11 game, Black to move: enough stones for the evaluators to
# disagree about where the fight is.
DEFAULT_MOVES = "b:f6 w:e7 b:g4 w:d5 b:c7 w:g6"

# Pale yellow through orange to dark red (ColorBrewer YlOrRd): 0 = the board's smallest value,
# 1 = its largest.
PALETTE = [(255, 255, 204), (254, 217, 118), (253, 141, 60), (227, 26, 28), (128, 0, 38)]
RADIUS = 12.0  # hexagon circumradius in pixels
HEX_W = math.sqrt(3) * RADIUS  # distance between neighbouring cells of one row


def ask(engine, command):
    """The payload of the reply; exits with the engine's message when the command fails."""
    try:
        return engine.send(command)
    except RuntimeError as error:
        sys.exit(str(error))


def parse_moves(text):
    """[("b", "f6"), ...] from "b:f6 w:e7"; exits on a malformed move."""
    moves = []
    for item in text.split():
        colour, sep, cell = item.partition(":")
        if not sep or colour not in ("b", "w") or not re.fullmatch(r"[a-s]\d{1,2}", cell):
            sys.exit(f"bad move '{item}': expected colour:cell, e.g. b:f6")
        moves.append((colour, cell))
    return moves


def evaluator_names(engine):
    """The choices of the list option `evaluator`, from HexGui's `[list/a/b/...] key value`."""
    for line in ask(engine, "param_ohmhex").splitlines():
        match = re.fullmatch(r"\[list/([^\]]*)\] evaluator \S+", line.strip())
        if match:
            return match.group(1).split("/")
    sys.exit("the engine lists no 'evaluator' option")


def cell_values(engine, name):
    """{cell: value} of every empty cell, from `eval-cells NAME`."""
    values = {}
    for line in ask(engine, f"eval-cells {name}").splitlines():
        cell, value = line.split()
        values[cell] = int(value)
    return values


def cell_name(x, y):
    return f"{chr(ord('a') + x)}{y + 1}"


def colour_at(t):
    """The palette colour at t in [0, 1], interpolated linearly between the stops."""
    t = min(max(t, 0.0), 1.0) * (len(PALETTE) - 1)
    i = min(int(t), len(PALETTE) - 2)
    f = t - i
    rgb = [round(a + (b - a) * f) for a, b in zip(PALETTE[i], PALETTE[i + 1])]
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def cell_centre(x, y):
    """Centre of cell (column x, row y) in a board's own frame: a1 top-left, rows shift right."""
    return (x + 0.5 * y) * HEX_W, y * 1.5 * RADIUS


def hexagon(cx, cy):
    points = []
    for k in range(6):
        angle = math.radians(60 * k + 30)  # pointy-top hexagons, as HexGui draws them
        points.append(f"{cx + RADIUS * math.cos(angle):.1f},{cy + RADIUS * math.sin(angle):.1f}")
    return " ".join(points)


def board_width(size):
    return (size + 0.5 * (size - 1)) * HEX_W


def edge_lines(size):
    """Black's edges (rows 1 and N) and White's (columns a and N), just outside the cells."""
    first, last = cell_centre(0, 0), cell_centre(size - 1, size - 1)
    top_right = cell_centre(size - 1, 0)
    bottom_left = cell_centre(0, size - 1)
    off = RADIUS * 1.15
    return [
        ("black", (first[0], first[1] - off), (top_right[0], top_right[1] - off)),
        ("black", (bottom_left[0], bottom_left[1] + off), (last[0], last[1] + off)),
        ("white", (first[0] - off, first[1]), (bottom_left[0] - off, bottom_left[1])),
        ("white", (top_right[0] + off, top_right[1]), (last[0] + off, last[1])),
    ]


def draw_board(size, stones, values, title, subtitle, ox, oy):
    """SVG elements of one board whose top-left cell centre is at (ox, oy)."""
    out = [f'<g transform="translate({ox:.1f},{oy:.1f})">']
    out.append(f'<text x="{board_width(size) / 2 - HEX_W / 2:.1f}" y="{-4.4 * RADIUS:.1f}" '
               f'class="title" text-anchor="middle">{escape(title)}</text>')
    out.append(f'<text x="{board_width(size) / 2 - HEX_W / 2:.1f}" y="{-3.1 * RADIUS:.1f}" '
               f'class="sub" text-anchor="middle">{escape(subtitle)}</text>')
    for colour, (x1, y1), (x2, y2) in edge_lines(size):
        stroke = "#222" if colour == "black" else "#bbb"
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="{stroke}" stroke-width="4" stroke-linecap="round"/>')
    lowest, largest = min(values.values(), default=0), max(values.values(), default=0)
    spread = largest - lowest
    # The first cell in cell order among the largest, as the engine's own move lists break ties.
    best = next((cell_name(x, y) for y in range(size) for x in range(size)
                 if values.get(cell_name(x, y)) == largest), None) if largest > 0 else None
    for y in range(size):
        for x in range(size):
            name = cell_name(x, y)
            cx, cy = cell_centre(x, y)
            if name not in values:
                fill = "#e4e4e4"
            else:
                fill = colour_at((values[name] - lowest) / spread if spread > 0 else 0.0)
            out.append(f'<polygon points="{hexagon(cx, cy)}" fill="{fill}" stroke="#777" '
                       f'stroke-width="0.6"><title>{name}: {values.get(name, "stone")}</title>'
                       f'</polygon>')
            if name in stones:
                stone = "#111" if stones[name] == "b" else "#fff"
                out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS * 0.68:.1f}" '
                           f'fill="{stone}" stroke="#111" stroke-width="1"/>')
            if name == best:
                out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS * 0.45:.1f}" '
                           f'fill="none" stroke="#1f5fbf" stroke-width="2.2"/>')
    for x in range(size):
        cx, cy = cell_centre(x, 0)
        out.append(f'<text x="{cx:.1f}" y="{cy - 1.9 * RADIUS:.1f}" class="coord" '
                   f'text-anchor="middle">{chr(ord("a") + x)}</text>')
    for y in range(size):
        cx, cy = cell_centre(0, y)
        out.append(f'<text x="{cx - 1.9 * RADIUS:.1f}" y="{cy + 4:.1f}" class="coord" '
                   f'text-anchor="middle">{y + 1}</text>')
    out.append("</g>")
    return out


def legend(x, y):
    """The colour scale and the symbols, at (x, y)."""
    width, height, stops = 240, 12, 24
    out = [f'<g transform="translate({x:.1f},{y:.1f})">']
    step = width / stops
    for i in range(stops):
        out.append(f'<rect x="{i * step:.1f}" y="0" width="{step + 0.5:.1f}" height="{height}" '
                   f'fill="{colour_at(i / (stops - 1))}"/>')
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="none" stroke="#777"/>')
    out.append(f'<text x="0" y="{height + 14}" class="sub">the board\'s smallest</text>')
    out.append(f'<text x="{width}" y="{height + 14}" class="sub" text-anchor="end">'
               f'its largest cell value</text>')
    out.append(f'<circle cx="{width + 30}" cy="6" r="{RADIUS * 0.45:.1f}" fill="none" '
               f'stroke="#1f5fbf" stroke-width="2.2"/>')
    out.append(f'<text x="{width + 42}" y="10" class="sub">the evaluator\'s best cell</text>')
    out.append(f'<line x1="{width + 220}" y1="6" x2="{width + 250}" y2="6" stroke="#222" '
               f'stroke-width="4" stroke-linecap="round"/>')
    out.append(f'<text x="{width + 258}" y="10" class="sub">Black\'s edges</text>')
    out.append(f'<line x1="{width + 350}" y1="6" x2="{width + 380}" y2="6" stroke="#bbb" '
               f'stroke-width="4" stroke-linecap="round"/>')
    out.append(f'<text x="{width + 388}" y="10" class="sub">White\'s edges</text>')
    out.append(f'<rect x="{width + 480}" y="0" width="12" height="12" fill="#e4e4e4" '
               f'stroke="#777"/>')
    out.append(f'<text x="{width + 498}" y="10" class="sub">a stone (no value)</text>')
    out.append("</g>")
    return out


def render(size, moves, to_move, boards):
    """The whole SVG: a heading, the boards side by side, the legend."""
    margin, gap = 3.0 * RADIUS, 3.5 * RADIUS
    # Small boards get a wider slot, so that the names above them and the heading still fit.
    slot = max(board_width(size), 240.0)
    height_one = (size - 1) * 1.5 * RADIUS
    top = 74 + 4.8 * RADIUS
    total_w = max(2 * margin + len(boards) * slot + (len(boards) - 1) * gap, 1020.0)
    total_h = top + height_one + 2 * RADIUS + 60
    played = " ".join(f"{c.upper()} {cell}" for c, cell in moves)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
           f'viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
           f'font-family="DejaVu Sans, Arial, sans-serif">',
           "<!-- Made by scripts/heatmaps.py from the engine's own eval-cells replies. -->",
           "<style>.title{font-size:15px;font-weight:bold}.sub{font-size:11px;fill:#333}"
           ".coord{font-size:9px;fill:#666}.head{font-size:16px;font-weight:bold}</style>",
           f'<rect width="{total_w:.0f}" height="{total_h:.0f}" fill="#fff"/>',
           f'<text x="{margin:.1f}" y="26" class="head">Cell values of the four evaluators, '
           f'{size}x{size} after {escape(played)}, {to_move} to move</text>',
           f'<text x="{margin:.1f}" y="44" class="sub">HTP eval-cells of each evaluator '
           f'(larger = a more important move for either side), coloured from the board\'s '
           f'smallest to its largest value.</text>',
           f'<text x="{margin:.1f}" y="58" class="sub">Under each name: the value eval gives '
           f'the side to move.</text>']
    for i, (title, subtitle, values) in enumerate(boards):
        ox = margin + i * (slot + gap) + (slot - board_width(size)) / 2 + HEX_W / 2
        out += draw_board(size, dict((cell, c) for c, cell in moves), values, title, subtitle,
                          ox, top)
    out += legend(margin, top + height_one + 2.5 * RADIUS)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the ohmhex binary")
    parser.add_argument("--size", type=int, default=11, help="board side (1-19)")
    parser.add_argument("--moves", default=DEFAULT_MOVES, help='e.g. "b:f6 w:e7"')
    parser.add_argument("--out", default=DEFAULT_OUT, help="the SVG file to write")
    args = parser.parse_args()
    if not 1 <= args.size <= 19:
        sys.exit("--size must be 1 to 19")
    moves = parse_moves(args.moves)

    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no engine at {args.binary}: build first with scripts/build.sh release")
    engine = Engine(args.binary, {"log_level": "warn"})
    if "eval-cells" not in ask(engine, "list_commands").split():
        sys.exit("this engine has no eval-cells command")
    ask(engine, f"boardsize {args.size}")
    for colour, cell in moves:
        ask(engine, f"play {colour} {cell}")
    links = ask(engine, "param_ohmhex resistance_links")
    to_move = "White" if moves and moves[-1][0] == "b" else "Black"
    boards = []
    for name in evaluator_names(engine):
        value = int(ask(engine, f"eval {name}"))
        label = f"{name} ({links} links)" if name == "resistance" else name
        boards.append((label, f"value {value:+d} for {to_move}", cell_values(engine, name)))
    engine.close()

    with open(args.out, "w") as f:
        f.write(render(args.size, moves, to_move, boards))
    print(f"wrote {args.out}: {', '.join(b[0] for b in boards)}")


if __name__ == "__main__":
    main()
