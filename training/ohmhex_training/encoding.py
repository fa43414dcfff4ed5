"""Board encoding version 1 (docs/network.md, "Board encoding").

A position is width, height, the black and white stones (sets of original cell indices
y * width + x) and the side to move ('b' or 'w'). The net always sees the side to move as
"Black" joining the top row to the bottom row: with White to move the board is transposed and
the colours are swapped.
"""

from dataclasses import dataclass

import numpy as np

ENCODING_VERSION = 1
MAX_SIZE = 19
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"[:MAX_SIZE]


def cell_name(x, y):
    """'a1' for (0, 0): column letter x, row number y + 1."""
    return f"{COLUMN_LETTERS[x]}{y + 1}"


def parse_cell(name, width, height):
    """(x, y) of a cell name like 'c12' on a width x height board; ValueError if it is not one."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not text[1:].isdigit():
        raise ValueError(f"'{name}' is not a cell name")
    x = COLUMN_LETTERS.index(text[0])
    y = int(text[1:]) - 1
    if text[1] == "0" or not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"'{name}' is not a cell of a {width}x{height} board")
    return x, y


def check_size(width, height):
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise ValueError(f"board {width}x{height} is outside 1x1..{MAX_SIZE}x{MAX_SIZE}")


@dataclass(frozen=True)
class Position:
    width: int
    height: int
    black: frozenset  # original cell indices y * width + x
    white: frozenset
    to_move: str  # 'b' or 'w'

    def __post_init__(self):
        check_size(self.width, self.height)
        if self.to_move not in ("b", "w"):
            raise ValueError(f"to_move must be 'b' or 'w', not {self.to_move!r}")
        cells = self.width * self.height
        for stones in (self.black, self.white):
            if any(not (0 <= i < cells) for i in stones):
                raise ValueError(f"a stone lies outside the {self.width}x{self.height} board")
        if self.black & self.white:
            raise ValueError("a cell holds both colours")

    def occupied(self, index):
        return index in self.black or index in self.white

    def rotated(self):
        """The 180-degree rotation (x, y) -> (W-1-x, H-1-y): colours and edges are kept."""
        last = self.width * self.height - 1
        return Position(self.width, self.height, frozenset(last - i for i in self.black),
                        frozenset(last - i for i in self.white), self.to_move)


def rotate_index(index, width, height):
    return width * height - 1 - index


@dataclass(frozen=True)
class Canonical:
    """The position as the net sees it, and the maps back to the original board."""

    planes: np.ndarray  # float32 [4, height + 2, width + 2]
    width: int  # canonical board (transposed when White moves)
    height: int
    empty: np.ndarray  # bool [height * width], canonical cell order
    to_original: np.ndarray  # int64 [height * width]: canonical index -> original index

    def to_canonical(self):
        """original index -> canonical index."""
        inverse = np.empty_like(self.to_original)
        inverse[self.to_original] = np.arange(len(self.to_original))
        return inverse


def canonical_to_original(width, height, to_move):
    """For each canonical cell index (yc * Wc + xc), its original index y * width + x."""
    if to_move == "b":
        return np.arange(width * height, dtype=np.int64)
    # Transposed: canonical (xc, yc) is original (x, y) = (yc, xc); the canonical board is
    # height wide and width high.
    yc, xc = np.divmod(np.arange(width * height, dtype=np.int64), height)
    return xc * width + yc


def encode(position):
    """The canonical padded planes of a position (encoding version 1)."""
    p = position
    to_original = canonical_to_original(p.width, p.height, p.to_move)
    mover, opponent = (p.black, p.white) if p.to_move == "b" else (p.white, p.black)
    width, height = (p.width, p.height) if p.to_move == "b" else (p.height, p.width)
    mover_board = np.array([i in mover for i in to_original], dtype=bool).reshape(height, width)
    opponent_board = np.array([i in opponent for i in to_original],
                              dtype=bool).reshape(height, width)
    empty = ~(mover_board | opponent_board)

    planes = np.zeros((4, height + 2, width + 2), dtype=np.float32)
    inner = (slice(1, height + 1), slice(1, width + 1))
    planes[0][inner] = mover_board
    planes[0, 0, 1:width + 1] = 1  # the mover's edges: top and bottom rows of the ring
    planes[0, height + 1, 1:width + 1] = 1
    planes[1][inner] = opponent_board
    planes[1, 1:height + 1, 0] = 1  # the opponent's edges: left and right columns
    planes[1, 1:height + 1, width + 1] = 1
    planes[2][inner] = empty
    planes[3] = 1
    return Canonical(planes, width, height, empty.reshape(-1), to_original)
