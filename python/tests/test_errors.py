"""Errors: bad input raises PolyxError with the command line's located message and its
parts as attributes; bad arguments raise TypeError or ValueError."""

import pytest

import polyx

BAD_SIZE = 'name = "b"\nsize = [3, x]\npieces = "pentominoes"\n'


def test_a_bad_board_file_names_file_line_column_and_hint(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(BAD_SIZE)
    with pytest.raises(polyx.PolyxError) as raised:
        polyx.Puzzle(path)
    e = raised.value
    assert (e.file, e.line, e.column) == (str(path), 2, 12)
    assert e.hint == 'text values need quotes: key = "value"'
    assert str(e).startswith(f"{path}:2:12: ")
    assert "2 | size = [3, x]" in str(e)
    assert str(e).endswith('hint: text values need quotes: key = "value"')


def test_toml_text_is_located_too():
    with pytest.raises(polyx.PolyxError) as raised:
        polyx.Puzzle.from_toml(BAD_SIZE)
    assert (raised.value.file, raised.value.line, raised.value.column) == ("<board>", 2, 12)


def test_pieces_that_do_not_fit_the_board():
    with pytest.raises(polyx.PolyxError) as raised:
        polyx.Puzzle.from_toml('name = "b"\nsize = [3, 3]\npieces = "pentominoes"\n')
    e = raised.value
    assert "the pieces cover 60 cells but the board has 9 open cells" in e.message
    assert e.line == 2 and e.hint


def test_a_label_that_names_no_piece():
    board = 'name = "b"\nshape = """\n..\n.Q\n"""\n'
    pieces = '[[piece]]\nname = "d"\nshape = "XX"\n'
    with pytest.raises(polyx.PolyxError) as raised:
        polyx.Puzzle.from_toml(board, pieces)
    e = raised.value
    assert (e.file, e.line, e.column) == ("<board>", 4, 2)
    assert "`Q` names no piece" in e.message


def test_from_toml_with_its_own_pieces():
    board = 'name = "square"\nsize = [2, 2]\n'
    pieces = 'name = "dominoes"\n[[piece]]\nname = "domino"\nshape = "XX"\ncount = 2\n'
    puzzle = polyx.Puzzle.from_toml(board, pieces)
    assert puzzle.count(symmetry="keep") == 2
    assert puzzle.count() == 1


def test_an_unknown_puzzle_lists_the_built_in_ones():
    with pytest.raises(polyx.PolyxError) as raised:
        polyx.Puzzle("no-such-board")
    assert "6x10" in raised.value.hint
    assert raised.value.line is None
    names = [name for name, _ in polyx.builtin_boards()]
    assert "6x10" in names and "scott" in names
    assert all(description for _, description in polyx.builtin_boards())
    assert "pentominoes" in [name for name, _ in polyx.builtin_piece_sets()]


def test_errors_are_exceptions_with_default_attributes():
    e = polyx.PolyxError("x")
    assert isinstance(e, Exception)
    assert (e.file, e.line, e.column, e.hint) == (None, None, None, None)


@pytest.mark.parametrize(
    "call",
    [
        lambda p: p.count(symmetry="mirror"),
        lambda p: p.count(threads=0),
        lambda p: p.count(threads=-2),
        lambda p: p.solutions(limit=0),
        lambda p: p.solutions(symmetry=""),
        lambda p: p.hint([("Q", [(0, 0)])]),
        lambda p: p.hint([("X", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])]),
        lambda p: p.hint([("I", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])] * 2),
    ],
)
def test_bad_arguments_raise_value_error(call):
    with pytest.raises(ValueError):
        call(polyx.Puzzle("6x10"))


@pytest.mark.parametrize(
    "call",
    [
        lambda p: p.count(symmetry=1),
        lambda p: p.count(threads="2"),
        lambda p: p.hint("X"),
        lambda p: p.hint([("X", 5)]),
        lambda p: polyx.Puzzle(5),
    ],
)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call(polyx.Puzzle("6x10"))


@pytest.mark.parametrize(
    "args",
    [
        ("abc", ["a"]),
        (["a"], "a"),
        ([1], [["a"]]),
        (["a"], [[1]]),
        (["a"], [["a"]], "x"),
        ([("a", "b")], [["a"]]),
    ],
)
def test_exact_cover_type_errors(args):
    with pytest.raises(TypeError):
        polyx.count_exact_covers(*args)


@pytest.mark.parametrize(
    "args,words",
    [
        ((["a"], [["b"]]), "no item"),
        ((["a", "a"], [["a"]]), "given twice"),
        ((["a"], [["a", "a"]]), "twice"),
        ((["a"], [[]]), "empty"),
        ((["a"], [["a:red"]]), "colour"),
        ((["a", "b"], [["a", "b:red"]]), "colour"),
        (([("a", 3, 1)], [["a"]]), "bounds"),
        (([("a", -1)], [["a"]]), "out of range"),
        ((["a b"], [["a"]]), "space"),
    ],
)
def test_exact_cover_value_errors(args, words):
    with pytest.raises(ValueError, match=words):
        polyx.count_exact_covers(*args)


def test_exact_cover_limit_must_be_positive():
    with pytest.raises(ValueError):
        polyx.exact_cover(["a"], [["a"]], limit=0)


@pytest.mark.parametrize(
    "grid,error",
    [
        ("12", polyx.PolyxError),
        ("", polyx.PolyxError),
        ("." * 81 + "\n" + "." * 81 + "\n", ValueError),
        ([[0] * 5] * 5, ValueError),
        ([[0] * 4] * 3 + [[0] * 3], ValueError),
        ([[5] * 4] * 4, ValueError),
        (12, TypeError),
    ],
)
def test_sudoku_errors(grid, error):
    with pytest.raises(error):
        polyx.sudoku.solve(grid)
