"""Counts the exact covers of one matrix in Knuth's DLX format (`polyx show 6x10 --dlx`)
through each Python package's generic exact-cover API, and the 6x10 pentomino tilings
through polyx's Puzzle; prints one line per run: package, count, wall-clock seconds and
the process's CPU seconds (all threads). Each package first solves a tiny problem, so
that one-time costs (xcover's numba compilation) stay out of the timing; with COLD=1 in
the environment it does not, and the first call is timed as a fresh process makes it.

Usage: python bench_python.py MATRIX.dlx [polyx|polyx-all-cores|xcover|miniexact|puzzle]...
"""

import os
import sys
import time


def read_dlx(path):
    """Primary items, secondary items and options (lists of item names) of a DLX file
    without colours or multiplicities."""
    lines = [
        line.split()
        for line in open(path, encoding="utf-8")
        if line.strip() and not line.startswith("|")
    ]
    head, options = lines[0], lines[1:]
    if "|" in head:
        bar = head.index("|")
        return head[:bar], head[bar + 1 :], options
    return head, [], options


def count_polyx(primary, secondary, options):
    import polyx

    return polyx.count_exact_covers(primary, options, secondary=secondary)


def count_polyx_threads(primary, secondary, options):
    import os

    import polyx

    threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return polyx.count_exact_covers(primary, options, secondary=secondary, threads=threads)


def count_xcover(primary, secondary, options):
    import xcover

    return sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary))


def count_miniexact(primary, secondary, options):
    import miniexact

    s = miniexact.miniexacts_x()
    ids = {name: s.primary(name) for name in primary}
    ids.update({name: s.secondary(name) for name in secondary})
    for option in options:
        s.add([ids[name] for name in option])
    n = 0
    while s.solve() == 10:
        n += 1
    return n


def count_puzzle(primary, secondary, options):
    import polyx

    return polyx.Puzzle("6x10").count(symmetry="keep")


RUNS = {
    "polyx": count_polyx,
    "polyx-all-cores": count_polyx_threads,
    "xcover": count_xcover,
    "miniexact": count_miniexact,
    "puzzle": count_puzzle,
}


TINY = (["a", "b", "c"], [], [["a", "b"], ["c"], ["a"], ["b", "c"]])


def main():
    path, names = sys.argv[1], sys.argv[2:] or list(RUNS)
    primary, secondary, options = read_dlx(path)
    for name in names:
        if name != "puzzle" and not os.environ.get("COLD"):
            assert RUNS[name](*TINY) == 2
        start, cpu = time.perf_counter(), time.process_time()
        count = RUNS[name](primary, secondary, options)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"{name:16} {count:6} {seconds:8.3f} s wall {cpu:8.3f} s cpu", flush=True)


if __name__ == "__main__":
    main()
