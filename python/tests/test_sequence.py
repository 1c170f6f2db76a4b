"""polyx.sequence: strip counts from one transfer-matrix sweep. The 2 x n domino
tilings are the Fibonacci numbers F(n + 1) (OEIS A000045); the 8 x 8 square has
12,988,816 (Kasteleyn 1961)."""

import pytest

import polyx


def fibonacci(n):
    f = [0, 1]
    while len(f) <= n:
        f.append(f[-1] + f[-2])
    return f


def test_two_by_n_dominoes_are_fibonacci_as_exact_ints():
    f = fibonacci(301)
    counts = polyx.sequence("dominoes", 2, 300)
    assert counts == f[2:302]
    assert counts[-1] > 2**128


def test_from_and_toml_text():
    assert polyx.sequence("dominoes", 8, 8, from_=8) == [12988816]
    trominoes = '''
name = "trominoes"
[[piece]]
name = "I"
shape = "III"
[[piece]]
name = "L"
shape = """
LL
L.
"""
'''
    assert polyx.sequence(trominoes, 3, 4) == [1, 3, 10, 23]


@pytest.mark.parametrize("args", [("dominoes", 0, 5), ("dominoes", 2, 5, 6), ("tetracubes", 2, 5)])
def test_bad_arguments_raise_value_error(args):
    with pytest.raises(ValueError):
        polyx.sequence(*args)
