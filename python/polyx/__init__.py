"""polyx: polyform puzzles and exact cover, on a fast Dancing Links engine.

A ``Puzzle`` is a board to cover and the pieces to cover it with: a built-in by name
(``Puzzle("6x10")``), a board file, or TOML text (``Puzzle.from_toml``). Ask it how many
solutions it has (``count``), for its solutions one by one (``solutions``, a lazy
iterator), whether its solution is unique (``check``) or what to do next (``hint``).
A ``Solution`` lists its placements and draws itself as text, SVG or PNG; in a
notebook both show as pictures.

``exact_cover``, ``count_exact_covers`` and ``best_exact_covers`` (costs) run the engine on any exact-cover problem
(with multiplicities and colours, as in Knuth's Algorithms M and C);
``polyx.sudoku`` solves Sudoku grids; ``sequence`` counts the tilings of the W x n
rectangles for a range of n in one transfer-matrix sweep.

Every long search releases the GIL and stops on Ctrl-C with ``KeyboardInterrupt``.
Bad input raises ``PolyxError`` (with ``file``, ``line``, ``column`` and ``hint``) and
bad arguments ``TypeError`` or ``ValueError``.
"""

from ._polyx import (
    Covers,
    Hint,
    PolyxError,
    Puzzle,
    Solution,
    Solutions,
    builtin_boards,
    builtin_piece_sets,
    best_exact_covers,
    count_exact_covers,
    exact_cover,
    sequence,
)
from . import sudoku

__all__ = [
    "Covers",
    "Hint",
    "PolyxError",
    "Puzzle",
    "Solution",
    "Solutions",
    "builtin_boards",
    "builtin_piece_sets",
    "best_exact_covers",
    "count_exact_covers",
    "exact_cover",
    "sequence",
    "sudoku",
]
