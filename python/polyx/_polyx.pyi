"""Type stubs of the extension module (``polyx._polyx``); ``polyx`` re-exports them."""

from types import TracebackType
from typing import Any, Iterator, final, List, Optional, Sequence, Tuple, Type, Union
import os

Cell = Union[Tuple[int, int], Tuple[int, int, int]]
"""A cell: ``(x, y)`` (column, row from the top left), ``(x, y, z)`` on the grids of space."""

Placement = Tuple[str, List[Cell]]
"""A piece's name and the cells it covers."""

Symmetry = str
"""``"reduce"``: one solution per class of the board's symmetries; ``"keep"``: every one."""

class PolyxError(Exception):
    """A puzzle, piece set or grid that polyx cannot use.

    ``str(error)`` is the message the ``polyx`` command prints: the place, the offending
    line with a caret under the column, and a hint."""

    file: Optional[str]
    """The file name (``<board>``/``<pieces>`` for TOML text, ``<builtin>/NAME``)."""
    line: Optional[int]
    """1-based line."""
    column: Optional[int]
    """1-based column."""
    message: Optional[str]
    """What is wrong."""
    hint: Optional[str]
    """How to fix it."""

@final
class Puzzle:
    """A polyform puzzle: a board to cover and the pieces to cover it with."""

    def __new__(
        cls,
        name_or_path: Union[str, "os.PathLike[str]"],
        pieces: Union[str, "os.PathLike[str]", None] = None,
    ) -> "Puzzle":
        """A built-in puzzle by name (see ``builtin_boards()``) or a board file's path;
        ``pieces`` names another piece set (a built-in or a file)."""
    @classmethod
    def from_toml(cls, board_toml: str, pieces_toml: Optional[str] = None) -> "Puzzle":
        """A puzzle from the text of a board file and, if the board does not name a
        built-in piece set, the text of a piece set file."""
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def grid(self) -> str:
        """"square", "hex", "triangle", "cube" or "sphere"."""
    @property
    def cells(self) -> List[Cell]:
        """The open cells to cover, row by row."""
    @property
    def pieces(self) -> List[Tuple[str, str, int]]:
        """``(name, label, copies)`` of each piece."""
    @property
    def placement_count(self) -> int:
        """The number of placements of the pieces on the board."""
    @property
    def symmetries(self) -> int:
        """The order of the board's symmetry group."""
    def count(self, symmetry: Symmetry = "reduce", threads: Optional[int] = None) -> int:
        """The number of solutions, on ``threads`` threads (one unless asked).
        Releases the GIL; Ctrl-C raises KeyboardInterrupt."""
    def solutions(
        self,
        limit: Optional[int] = None,
        symmetry: Symmetry = "reduce",
        threads: Optional[int] = None,
    ) -> "Solutions":
        """The solutions, found lazily as the iterator is read; the search stops when
        the iterator is closed or dropped."""
    def first(self, symmetry: Symmetry = "reduce") -> Optional["Solution"]:
        """A solution, or None if there is none."""
    def check(self, symmetry: Symmetry = "reduce") -> str:
        """"none", "unique" or "several" solutions."""
    def hint(self, placed: Optional[Sequence[Tuple[str, Sequence[Cell]]]] = None) -> "Hint":
        """What to do next with the pieces ``placed`` so far (``(piece, cells)`` pairs)."""
    def text(self) -> str:
        """The board, with its pre-placed pieces, as text."""
    def svg(self, cell_size: int = 32, labels: bool = True) -> str:
        """The board, with its pre-placed pieces, as SVG."""
    def png(self, cell_size: int = 32) -> bytes:
        """The board, with its pre-placed pieces, as PNG bytes."""
    def _repr_svg_(self) -> str: ...

@final
class Solutions(Iterator["Solution"]):
    """The lazy iterator of ``Puzzle.solutions()``."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> "Solution": ...
    def close(self) -> None:
        """Stops the search and waits for its thread; the iterator then ends."""
    def __enter__(self) -> "Solutions": ...
    def __exit__(
        self,
        kind: Optional[Type[BaseException]],
        value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None: ...

@final
class Solution:
    """One solution of a Puzzle."""

    @property
    def placements(self) -> List[Placement]:
        """The placements, pre-placed pieces first."""
    def text(self) -> str:
        """One letter (the piece's label) per cell, as ``polyx solve`` prints it."""
    def svg(self, cell_size: int = 32, labels: bool = True) -> str: ...
    def png(self, cell_size: int = 32) -> bytes: ...
    def _repr_svg_(self) -> str: ...
    def __len__(self) -> int: ...

@final
class Hint:
    """What to do next on a partly solved board."""

    @property
    def kind(self) -> str:
        """"finished", "next", "remove" or "unsolvable"."""
    @property
    def placements(self) -> List[Placement]:
        """The move to make ("next") or the pieces to take off ("remove")."""
    @property
    def reason(self) -> Optional[str]:
        """"only cover", "only place", "every completion" or "guess" (for "next")."""
    @property
    def cell(self) -> Optional[Cell]:
        """The cell the reason names ("only cover", "guess")."""
    @property
    def sure(self) -> bool:
        """True when every way to finish the board makes the move."""
    @property
    def text(self) -> str:
        """The hint in words, as ``polyx hint`` says it."""
    def svg(self, cell_size: int = 32, labels: bool = True) -> str: ...
    def _repr_svg_(self) -> str: ...

Item = Union[str, Tuple[str, int], Tuple[str, int, int]]
"""A primary item: ``name``, ``(name, n)`` (covered n times) or ``(name, min, max)``;
as in Knuth's MCC it stays primary with ``min`` 0, so an option of such items only may
be chosen or not."""

SecondaryItem = Union[str, Tuple[str, int]]
"""A secondary item: ``name`` (covered at most once) or ``(name, max)``."""

Option = Union[str, Sequence[str]]
"""Item names (``"name:colour"`` gives a secondary item a colour), or one str of them
separated by spaces."""

@final
class Covers(Iterator[List[int]]):
    """The lazy iterator of ``exact_cover()``."""

    def __iter__(self) -> "Covers": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None: ...

def exact_cover(
    items: Sequence[Item],
    options: Sequence[Option],
    secondary: Optional[Sequence[SecondaryItem]] = None,
    limit: Optional[int] = None,
) -> Covers:
    """The exact covers, lazily: each the sorted indices of its options."""

def count_exact_covers(
    items: Sequence[Item],
    options: Sequence[Option],
    secondary: Optional[Sequence[SecondaryItem]] = None,
    threads: Optional[int] = None,
) -> int:
    """The number of exact covers, on ``threads`` threads (one unless asked); symmetries
    of the problem that fix an item are found and used to search less."""

def best_exact_covers(
    items: Sequence[Item],
    options: Sequence[Option],
    costs: Sequence[int],
    k: int = 1,
    secondary: Optional[Sequence[SecondaryItem]] = None,
    threads: Optional[int] = None,
) -> List[Tuple[List[int], int]]:
    """The ``k`` cheapest exact covers when option ``j`` costs ``costs[j]`` (Knuth's
    DLX5): ``(sorted option indices, cost)`` pairs, cheapest first."""

def sequence(pieces: str, width: int, to: int, from_: int = 1) -> List[int]:
    """The number of tilings of the ``width`` x n rectangle by the pieces of ``pieces`` (a
    built-in set's name, a piece-set file's path, or its TOML text), each as often as
    needed, for n = ``from_`` .. ``to``: exact ints of any size, from one transfer-matrix
    sweep along the strip. Square, hex and triangle grids (there the strip is the
    parallelogram ``size = [n, W]``); one-sided pieces stay one-sided."""

def builtin_boards() -> List[Tuple[str, str]]:
    """The built-in boards: ``(name, description)``."""

def builtin_piece_sets() -> List[Tuple[str, str]]:
    """The built-in piece sets: ``(name, description)``."""

def sudoku_solve(grid: object) -> Any: ...
def sudoku_count(grid: object, limit: Optional[int] = None) -> int: ...
