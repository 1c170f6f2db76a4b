"""Ctrl-C: a subprocess running a long search is sent SIGINT; the search stops with
KeyboardInterrupt, leaving no thread behind and no CPU busy. How long the stop took is
printed (`pytest -s`); the test only requires it to come (within 20 s), the figure is
in docs/benchmarks/python.md."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import interrupted

HERE = Path(__file__).parent


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is POSIX")
@pytest.mark.parametrize("search", sorted(interrupted.SEARCHES))
def test_ctrl_c_stops_a_long_search(search):
    env = dict(os.environ, PYTHONPATH=str(HERE))
    child = subprocess.Popen(
        [sys.executable, str(HERE / "interrupted.py"), search],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # well inside the search
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=20)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, out
    words = out.split()
    assert words[0] == "interrupted", out
    caught, threads, before, cpu = float(words[1]), words[3], words[5], float(words[7])
    print(f"{search}: KeyboardInterrupt {caught - sent:.3f} s after SIGINT, cpu {cpu} s")
    assert threads == before, out
    assert cpu < 0.1, out


def test_a_count_lets_other_python_threads_run():
    import threading

    import polyx

    puzzle = polyx.Puzzle("iq-puzzler-pro-pyramid")  # 26,720 tilings, a second or so
    counted = []
    worker = threading.Thread(target=lambda: counted.append(puzzle.count(symmetry="keep")))
    worker.start()
    ticks = 0
    while worker.is_alive() and ticks < 10:
        time.sleep(0.005)  # runs only if the count released the GIL
        ticks += 1
    alive = worker.is_alive()
    worker.join()
    assert counted == [26720]
    # The count was still running while this thread ticked 20 times; a count holding
    # the GIL would have let it tick at most once.
    assert ticks == 10 and alive
