"""The lazy iterator of solutions: every solution an exact cover of the board, found
as it is asked for, ended by `limit`, by `close()` or by dropping the iterator, with no
thread left behind; `first()` and `check()`."""

import gc
from collections import Counter
from itertools import islice

import pytest

import polyx
from threads import os_threads, settled


def assert_covers(puzzle, solution):
    """`solution` covers every open cell of `puzzle` once, each piece used as often as
    the set has copies."""
    cells = [tuple(c) for _, cs in solution.placements for c in cs]
    assert len(cells) == len(set(cells))
    assert set(cells) == set(puzzle.cells)
    used = Counter(name for name, _ in solution.placements)
    assert used == Counter({name: copies for name, _, copies in puzzle.pieces})


def test_solutions_of_the_8x8_square_are_exact_covers():
    puzzle = polyx.Puzzle("8x8-square")
    first = next(iter(puzzle.solutions()))
    assert_covers(puzzle, first)
    five = list(islice(puzzle.solutions(), 5))
    assert len(five) == 5
    for s in five:
        assert_covers(puzzle, s)
    assert len({s.text() for s in five}) == 5


def test_every_solution_listed_is_counted():
    puzzle = polyx.Puzzle("3x20")
    keep = list(puzzle.solutions(symmetry="keep"))
    reduce = list(puzzle.solutions())
    assert (len(keep), len(reduce)) == (8, 2)
    assert len({s.text() for s in keep}) == 8
    for s in keep + reduce:
        assert_covers(puzzle, s)


def test_listing_on_two_threads_finds_the_same_solutions():
    puzzle = polyx.Puzzle("scott")
    one = sorted(s.text() for s in puzzle.solutions(symmetry="keep"))
    two = sorted(s.text() for s in puzzle.solutions(symmetry="keep", threads=2))
    assert len(one) == 520
    assert one == two


@pytest.mark.parametrize("limit", [1, 3, 10])
def test_limit_ends_the_iterator(limit):
    puzzle = polyx.Puzzle("6x10")
    found = list(puzzle.solutions(limit=limit))
    assert len(found) == limit
    assert len({s.text() for s in found}) == limit
    for s in found:
        assert_covers(puzzle, s)


def test_the_iterator_is_lazy():
    # The empty 9x9 Sudoku as exact cover has about 6.7e21 solutions: an iterator that
    # searched before it yielded would never give the first five.
    items, options = sudoku_cover()
    covers = polyx.exact_cover(items, options)
    five = list(islice(covers, 5))
    assert len(five) == 5
    for chosen in five:
        assert sorted(i for k in chosen for i in options[k]) == sorted(items)
    covers.close()
    assert list(covers) == []


def sudoku_cover():
    items = (
        [f"p{r}{c}" for r in range(9) for c in range(9)]
        + [f"r{r}{d}" for r in range(9) for d in range(1, 10)]
        + [f"c{c}{d}" for c in range(9) for d in range(1, 10)]
        + [f"b{b}{d}" for b in range(9) for d in range(1, 10)]
    )
    options = [
        [f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{3 * (r // 3) + c // 3}{d}"]
        for r in range(9)
        for c in range(9)
        for d in range(1, 10)
    ]
    return items, options


def test_dropping_the_iterator_midway_stops_its_thread():
    before = os_threads()
    puzzle = polyx.Puzzle("8x8-square")  # 129,168 solutions in all
    solutions = puzzle.solutions(symmetry="keep")
    assert len(list(islice(solutions, 3))) == 3
    if before is not None:
        assert os_threads() > before  # the search's threads
    del solutions
    gc.collect()
    if before is not None:
        assert settled(before) == before


def test_close_stops_the_search_and_ends_the_iterator():
    before = os_threads()
    with polyx.Puzzle("8x8-square").solutions(symmetry="keep", threads=2) as solutions:
        assert next(solutions) is not None
    assert list(solutions) == []
    if before is not None:
        assert settled(before) == before


def test_an_iterator_never_read_starts_no_thread():
    before = os_threads()
    solutions = polyx.Puzzle("6x10").solutions()
    if before is not None:
        assert os_threads() == before
    del solutions


def test_first_finds_a_solution_or_none():
    puzzle = polyx.Puzzle("scott")
    first = puzzle.first()
    assert_covers(puzzle, first)
    assert polyx.Puzzle("tetrominoes-4x5").first() is None
    assert list(polyx.Puzzle("hexiamonds-3x12").solutions()) == []


@pytest.mark.parametrize(
    "name,answer",
    [("noi2005-sample", "unique"), ("6x10", "several"), ("tetrominoes-4x5", "none")],
)
def test_check(name, answer):
    assert polyx.Puzzle(name).check() == answer


def test_a_pre_placed_piece_is_in_every_solution():
    puzzle = polyx.Puzzle("noi2005-sample")
    solution = puzzle.first()
    fixed = {name for name, _ in solution.placements[:3]}
    assert fixed == {"C", "E", "H"}
    assert "BK" in solution.text().splitlines()[1]


def test_hint_on_the_sample_is_sure():
    hint = polyx.Puzzle("noi2005-sample").hint()
    assert hint.kind == "next"
    assert hint.sure
    assert hint.reason in ("only cover", "only place", "every completion")
    [(piece, cells)] = hint.placements
    solution = polyx.Puzzle("noi2005-sample").first()
    assert (piece, sorted(cells)) in [(n, sorted(cs)) for n, cs in solution.placements]
    assert hint.text.startswith("The board can be finished")


def test_hint_with_pieces_placed():
    puzzle = polyx.Puzzle("6x10")
    solution = puzzle.first()
    # The first four pieces of a solution: the board can be finished.
    placed = solution.placements[:4]
    hint = puzzle.hint(placed)
    assert hint.kind == "next"
    # Every piece of the solution: finished.
    assert puzzle.hint(solution.placements).kind == "finished"
    # The X pentomino in a corner blocks no cell, but leaves the corner cell alone.
    corner = polyx.Puzzle("6x10").hint([("X", [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)])])
    assert corner.kind == "remove"
    assert [name for name, _ in corner.placements] == ["X"]
