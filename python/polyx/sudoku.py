"""Sudoku on the polyx engine: grids of 4x4 up to 49x49 (box size 2 to 7).

A grid is text in any layout that ``polyx sudoku`` reads (81 characters on one line,
or one line per row; ``.``, ``0`` or ``-`` for an empty cell; letters from 16x16 up),
holding one puzzle, or a list of rows of ints (0 or None for an empty cell). The
solution comes back in the same form: text in the same layout, or a list of rows.
"""

from typing import List, Optional, Sequence, Union, overload

from ._polyx import sudoku_count as _count
from ._polyx import sudoku_solve as _solve

Rows = Sequence[Sequence[Optional[int]]]

__all__ = ["solve", "count"]


@overload
def solve(grid: str) -> Optional[str]: ...
@overload
def solve(grid: Rows) -> Optional[List[List[int]]]: ...


def solve(grid: Union[str, Rows]) -> Union[str, List[List[int]], None]:
    """The first solution of ``grid`` in the form it was given, or None if it has none.

    >>> solve("1.3.....2.4..1..")
    '1234341223414123\\n'
    """
    return _solve(grid)


def count(grid: Union[str, Rows], limit: Optional[int] = None) -> int:
    """The number of solutions of ``grid``, counting at most ``limit`` (None: all).

    A grid with few givens has very many solutions: give a limit, or stop the count
    with Ctrl-C (KeyboardInterrupt).
    """
    return _count(grid, limit)
