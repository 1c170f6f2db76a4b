"""Counts against published ones. Sources: Wikipedia "Pentomino" and D. E. Knuth,
"Dancing Links" (arXiv cs/0011047) for the pentomino rectangles and Dana Scott's board;
Polyform Puzzler (hexiamonds); Conway & Guy (Soma); the NOI2005 problem 智慧珠游戏
(its staircase); parity arguments for the sets that tile no rectangle; OEIS A000170
(N queens); the 288 Latin-square-like fillings of the empty 4x4 Sudoku."""

import pytest

import polyx

# (board, every solution, one per class of the board's symmetries)
KNOWN = [
    ("6x10", 9356, 2339),
    ("5x12", 4040, 1010),
    ("4x15", 1472, 368),
    ("3x20", 8, 2),
    ("scott", 520, 65),
    ("hexiamonds-6x6", 624, 156),
    ("soma-3x3x3", 11520, 240),
    ("noi2005", 32288, 16144),
    ("tetrominoes-4x5", 0, 0),
    ("hexiamonds-3x12", 0, 0),
]


@pytest.mark.parametrize("name,keep,reduce", KNOWN)
def test_puzzle_counts_match_the_published_ones(name, keep, reduce):
    puzzle = polyx.Puzzle(name)
    assert puzzle.count() == reduce
    assert puzzle.count(symmetry="reduce") == reduce
    assert puzzle.count(symmetry="keep") == keep


@pytest.mark.parametrize("name,keep,reduce", KNOWN[:3])
def test_counts_on_two_threads_are_the_same(name, keep, reduce):
    puzzle = polyx.Puzzle(name)
    assert puzzle.count(symmetry="keep", threads=2) == keep
    assert puzzle.count(threads=2) == reduce


def test_the_6x10_board_has_2056_placements_and_4_symmetries():
    puzzle = polyx.Puzzle("6x10")
    assert puzzle.placement_count == 2056
    assert puzzle.symmetries == 4
    assert len(puzzle.cells) == 60
    assert sorted(name for name, _, _ in puzzle.pieces) == list("FILNPTUVWXYZ")


def queens(n):
    """N queens as exact cover: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
        for i in range(n)
        for j in range(n)
    ]
    return rows + cols, options, diagonals


# OEIS A000170
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92]


@pytest.mark.parametrize("n", range(1, len(QUEENS) + 1))
def test_queens_count_oeis_a000170(n):
    items, options, secondary = queens(n)
    assert polyx.count_exact_covers(items, options, secondary=secondary) == QUEENS[n - 1]
    assert polyx.count_exact_covers(items, options, secondary, threads=2) == QUEENS[n - 1]
    assert len(list(polyx.exact_cover(items, options, secondary))) == QUEENS[n - 1]


def test_the_empty_4x4_sudoku_has_288_solutions():
    assert polyx.sudoku.count("." * 16) == 288
    assert polyx.sudoku.count([[0] * 4 for _ in range(4)]) == 288
    assert polyx.sudoku.count([[None] * 4 for _ in range(4)], limit=10) == 10


HARD = [
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]


def is_sudoku(cells, givens):
    """True if `cells` (81 digits) is a filled grid that keeps the givens."""
    rows = [cells[9 * r : 9 * r + 9] for r in range(9)]
    cols = [cells[c::9] for c in range(9)]
    boxes = [
        [cells[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j] for i in range(3) for j in range(3)]
        for b in range(9)
    ]
    full = all(sorted(unit) == list("123456789") for unit in rows + cols + boxes)
    return full and all(g in ".0" or g == c for g, c in zip(givens, cells))


@pytest.mark.parametrize("grid", HARD)
def test_hard_sudokus_have_one_solution(grid):
    assert polyx.sudoku.count(grid) == 1
    solved = polyx.sudoku.solve(grid)
    assert solved.endswith("\n") and len(solved) == 82
    assert is_sudoku(list(solved.strip()), grid)
    rows = [[0 if ch == "." else int(ch) for ch in grid[9 * r : 9 * r + 9]] for r in range(9)]
    as_rows = polyx.sudoku.solve(rows)
    assert isinstance(as_rows, list) and all(isinstance(row, list) for row in as_rows)
    assert all(isinstance(d, int) for row in as_rows for d in row)
    assert "".join(str(d) for row in as_rows for d in row) == solved.strip()


def test_a_sudoku_in_rows_of_text_comes_back_in_its_layout():
    grid = "1 . | 3 .\n. . | . 2\n----+----\n. 1 | . .\n4 . | . .\n"
    solved = polyx.sudoku.solve(grid)
    assert solved.count("\n") == grid.count("\n")
    assert "|" in solved and "----+----" in solved
    assert "." not in solved.replace("----+----", "")


def test_a_sudoku_with_clashing_givens_has_none():
    assert polyx.sudoku.solve("11" + "." * 14) is None
    assert polyx.sudoku.count("11" + "." * 14) == 0


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def test_a_count_past_two_to_the_64_is_an_exact_int():
    # The 2 x 93 strip has F(94) domino tilings (OEIS A000045), past 2^64 - 1.
    pieces = 'name = "dominoes"\n[[piece]]\nname = "D"\ncount = 93\nshape = "DD"\n'
    board = 'name = "strip"\npieces = "dominoes"\nsize = [93, 2]\n'
    count = polyx.Puzzle.from_toml(board, pieces).count(symmetry="keep")
    assert count == fibonacci(94) == 19740274219868223167
    assert count > 2**64
