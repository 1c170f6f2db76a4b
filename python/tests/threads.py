"""How many threads this process has (Linux: /proc/self/task), to see that a search
leaves none behind; None elsewhere. A joined thread may take a moment to leave the
list, so `settled` waits (up to two seconds) for the number to come down."""

import os
import time


def os_threads():
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def settled(expected):
    """The number of threads once it is `expected`, or after two seconds."""
    deadline = time.monotonic() + 2.0
    while True:
        n = os_threads()
        if n is None or n <= expected or time.monotonic() > deadline:
            return n
        time.sleep(0.01)
