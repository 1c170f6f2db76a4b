"""Pictures, as a notebook shows them: `_repr_svg_` of a solution, a puzzle's board and
a hint is a well-formed SVG document; PNG bytes; text as `polyx solve` prints it."""

import xml.etree.ElementTree as ET

import pytest

import polyx

SVG = "{http://www.w3.org/2000/svg}svg"


def assert_svg(text):
    assert isinstance(text, str)
    root = ET.fromstring(text)
    assert root.tag == SVG
    assert int(float(root.get("width"))) > 0 and int(float(root.get("height"))) > 0


@pytest.mark.parametrize("name", ["6x10", "noi2005-sample", "hexiamonds-6x6", "soma-3x3x3"])
def test_solutions_and_boards_draw_as_svg(name):
    puzzle = polyx.Puzzle(name)
    solution = puzzle.first()
    assert_svg(solution._repr_svg_())
    assert_svg(solution.svg(cell_size=16, labels=False))
    assert_svg(puzzle._repr_svg_())
    assert_svg(puzzle.svg())


def test_a_notebook_display_finds_the_svg():
    # What IPython's display formatter does: look the method up on the class and call it.
    solution = polyx.Puzzle("3x20").first()
    for shown in (solution, polyx.Puzzle("3x20"), polyx.Puzzle("noi2005-sample").hint()):
        method = getattr(type(shown), "_repr_svg_")
        assert_svg(method(shown))


def test_png_bytes():
    puzzle = polyx.Puzzle("6x10")
    for png in (puzzle.first().png(), puzzle.png(cell_size=8)):
        assert isinstance(png, bytes)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_cell_size_out_of_range_is_refused():
    with pytest.raises(polyx.PolyxError):
        polyx.Puzzle("6x10").first().svg(cell_size=2)


def test_text_has_one_letter_per_cell():
    puzzle = polyx.Puzzle("6x10")
    text = puzzle.first().text()
    rows = text.splitlines()
    assert len(rows) == 6 and all(len(row) == 10 for row in rows)
    assert set(text.replace("\n", "")) == set("FILNPTUVWXYZ")
    assert str(puzzle.first()) == text
    assert puzzle.text().splitlines() == ["." * 10] * 6


def test_placements_name_pieces_and_cells():
    solution = polyx.Puzzle("soma-3x3x3").first()
    assert len(solution) == 7
    for name, cells in solution.placements:
        assert isinstance(name, str)
        assert all(isinstance(c, tuple) and len(c) == 3 for c in cells)
    planar = polyx.Puzzle("3x20").first()
    assert all(len(c) == 2 for _, cells in planar.placements for c in cells)
