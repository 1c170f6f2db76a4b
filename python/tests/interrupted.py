"""Run by test_interrupt.py in a subprocess: starts one long search, says `ready`, and
when SIGINT's KeyboardInterrupt ends it, says when (time.monotonic), how many threads
the process has left and how much CPU time it uses in the next 0.3 s."""

import sys
import time

import polyx
from threads import os_threads, settled


def odd_matching(n):
    """Pairs covering the n points of an odd complete graph: no exact cover, and a
    search tree of (n - 2)!! leaves."""
    items = [f"v{i}" for i in range(n)]
    options = [[f"v{i}", f"v{j}"] for i in range(n) for j in range(i + 1, n)]
    return items, options


SEARCHES = {
    "count": lambda: polyx.Puzzle("bedlam-4x4x4").count(),
    "count-threads": lambda: polyx.Puzzle("bedlam-4x4x4").count(symmetry="keep", threads=2),
    "count-covers": lambda: polyx.count_exact_covers(*odd_matching(25)),
    "count-covers-threads": lambda: polyx.count_exact_covers(*odd_matching(25), threads=2),
    "iterate-covers": lambda: list(polyx.exact_cover(*odd_matching(25))),
    "iterate-solutions": lambda: [s for s in polyx.Puzzle("bedlam-4x4x4").solutions(threads=2)],
    "sudoku": lambda: polyx.sudoku.count("." * 81),
}


def main():
    search = SEARCHES[sys.argv[1]]
    before = os_threads()
    print("ready", flush=True)
    try:
        search()
    except KeyboardInterrupt:
        caught = time.monotonic()
    else:
        print("finished", flush=True)
        return 1
    # Counted once the except clause has ended: SIGINT may land in Python code between
    # two `next()` calls, and then the traceback holds the iterator (and its search)
    # until the exception is gone, as in any program that handles the interrupt.
    threads = settled(before)
    cpu = time.process_time()
    time.sleep(0.3)
    cpu = time.process_time() - cpu
    print(f"interrupted {caught} threads {threads} of {before} cpu {cpu:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
