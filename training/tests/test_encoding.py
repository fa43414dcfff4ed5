import numpy as np
import pytest

from ohmhex_training.encoding import Position, cell_name, encode, parse_cell


def colour_transpose_image(p):
    """The same game seen with colours and axes exchanged: (x, y) -> (y, x) on an H x W board,
    black <-> white, the other side to move."""
    def t(stones):
        return frozenset((i % p.width) * p.height + i // p.width for i in stones)
    return Position(p.height, p.width, t(p.white), t(p.black), "w" if p.to_move == "b" else "b")


def random_position(rng, width, height, to_move):
    order = rng.permutation(width * height)
    stones = int(rng.integers(0, width * height + 1))
    split = int(rng.integers(0, stones + 1))
    return Position(width, height, frozenset(int(i) for i in order[:split]),
                    frozenset(int(i) for i in order[split:stones]), to_move)


@pytest.mark.parametrize("width,height", [(1, 1), (4, 7), (7, 4), (5, 5), (11, 11), (19, 2)])
def test_colour_transpose_image_gives_identical_planes(width, height):
    rng = np.random.default_rng(width * 100 + height)
    for to_move in ("b", "w"):
        for _ in range(5):
            p = random_position(rng, width, height, to_move)
            a, b = encode(p), encode(colour_transpose_image(p))
            assert a.planes.shape == b.planes.shape
            assert np.array_equal(a.planes, b.planes)
            assert np.array_equal(a.empty, b.empty)


def test_ring_and_board_cells_black_to_move():
    # 4 wide, 3 high; black at b1 (x=1, y=0), white at d3 (x=3, y=2)
    p = Position(4, 3, frozenset({1}), frozenset({2 * 4 + 3}), "b")
    c = encode(p)
    assert c.planes.shape == (4, 5, 6)
    assert (c.width, c.height) == (4, 3)
    mover = np.array([[0, 1, 1, 1, 1, 0],
                      [0, 0, 1, 0, 0, 0],
                      [0, 0, 0, 0, 0, 0],
                      [0, 0, 0, 0, 0, 0],
                      [0, 1, 1, 1, 1, 0]])
    opponent = np.array([[0, 0, 0, 0, 0, 0],
                         [1, 0, 0, 0, 0, 1],
                         [1, 0, 0, 0, 0, 1],
                         [1, 0, 0, 0, 1, 1],
                         [0, 0, 0, 0, 0, 0]])
    empty = np.zeros((5, 6))
    empty[1:4, 1:5] = 1
    empty[1, 2] = empty[3, 4] = 0
    assert np.array_equal(c.planes[0], mover)
    assert np.array_equal(c.planes[1], opponent)
    assert np.array_equal(c.planes[2], empty)
    assert np.array_equal(c.planes[3], np.ones((5, 6)))
    assert c.planes.dtype == np.float32
    assert np.array_equal(c.to_original, np.arange(12))


def test_white_to_move_is_transposed():
    # 4 wide, 3 high; white at b1 (x=1, y=0) is the mover; canonical board 3 wide, 4 high
    p = Position(4, 3, frozenset(), frozenset({1}), "w")
    c = encode(p)
    assert (c.width, c.height) == (3, 4)
    assert c.planes.shape == (4, 6, 5)
    assert c.planes[0, 2, 1] == 1  # canonical (xc, yc) = (0, 1): grid (1, 2)
    assert c.planes[0, 1:5, 1:4].sum() == 1
    assert c.planes[0, 0, 1:4].tolist() == [1, 1, 1] and c.planes[0, 0, 0] == 0
    assert c.planes[1, 1:5, 0].tolist() == [1, 1, 1, 1] and c.planes[1, 5, 0] == 0
    # canonical index yc * 3 + xc = 3 is original x = yc = 1, y = xc = 0: index 1
    assert c.to_original[3] == 1
    assert sorted(c.to_original.tolist()) == list(range(12))
    assert np.array_equal(c.to_canonical()[c.to_original], np.arange(12))
    assert not c.empty[3] and c.empty.sum() == 11


def test_cell_names():
    assert parse_cell("a1", 1, 1) == (0, 0)
    assert parse_cell("s19", 19, 19) == (18, 18)
    assert parse_cell("K10", 11, 11) == (10, 9)
    assert parse_cell("d2", 4, 7) == (3, 1)
    assert cell_name(3, 1) == "d2" and cell_name(18, 18) == "s19"
    for bad, w, h in [("a0", 5, 5), ("f1", 5, 5), ("a6", 5, 5), ("a", 5, 5), ("1a", 5, 5),
                      ("a01", 5, 5), ("", 5, 5), ("t1", 19, 19), ("swap", 5, 5)]:
        with pytest.raises(ValueError):
            parse_cell(bad, w, h)


def test_rotation():
    p = Position(4, 7, frozenset({0, 5}), frozenset({27}), "w")
    r = p.rotated()
    assert r.black == frozenset({27, 22}) and r.white == frozenset({0}) and r.to_move == "w"
    assert r.rotated() == p


def test_invalid_positions_rejected():
    with pytest.raises(ValueError):
        Position(0, 5, frozenset(), frozenset(), "b")
    with pytest.raises(ValueError):
        Position(20, 5, frozenset(), frozenset(), "b")
    with pytest.raises(ValueError):
        Position(2, 2, frozenset({4}), frozenset(), "b")
    with pytest.raises(ValueError):
        Position(2, 2, frozenset({1}), frozenset({1}), "b")
    with pytest.raises(ValueError):
        Position(2, 2, frozenset(), frozenset(), "x")
