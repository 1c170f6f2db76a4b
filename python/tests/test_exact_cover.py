"""Generic exact cover against a brute-force oracle on small random problems (every
subset of the options tried), with multiplicities and colours; the lazy iterator's
limit; the argument forms."""

import random
from itertools import combinations

import pytest

import polyx

COLOURS = [None, "A", "B"]


def random_problem(rng):
    """Items, secondary items and options of a small random problem, and each item's
    bounds (min, max) for the oracle."""
    bounds = {}
    items = []
    for k in range(rng.randint(1, 4)):
        name = f"p{k}"
        kind = rng.random()
        if kind < 0.6:
            items.append(name)
            bounds[name] = (1, 1)
        elif kind < 0.8:
            n = rng.randint(1, 3)
            items.append((name, n))
            bounds[name] = (n, n)
        else:
            # Knuth's MCC: a primary item may have minimum 0.
            lo = rng.randint(0, 2)
            hi = rng.randint(max(lo, 1), 3)
            items.append((name, lo, hi))
            bounds[name] = (lo, hi)
    secondary = []
    for k in range(rng.randint(0, 3)):
        name = f"s{k}"
        if rng.random() < 0.75:
            secondary.append(name)
            bounds[name] = (0, 1)
        else:
            hi = rng.randint(1, 3)
            secondary.append((name, hi))
            bounds[name] = (0, hi)
    names = list(bounds)
    options = []
    for _ in range(rng.randint(1, 10)):
        chosen = rng.sample(names, rng.randint(1, min(3, len(names))))
        option = []
        for name in chosen:
            colour = rng.choice(COLOURS) if bounds[name] == (0, 1) and name.startswith("s") else None
            option.append(name if colour is None else f"{name}:{colour}")
        options.append(option)
    return items, secondary, options, bounds


def is_cover(chosen, options, bounds):
    """True if the options `chosen` (indices) cover each item within its bounds, and
    each coloured secondary item either once without a colour or always in one colour."""
    seen = {name: [] for name in bounds}
    for k in chosen:
        for entry in options[k]:
            name, _, colour = entry.partition(":")
            seen[name].append(colour or None)
    for name, (lo, hi) in bounds.items():
        colours = seen[name]
        if name.startswith("s") and hi == 1 and colours and all(c is not None for c in colours):
            if len(set(colours)) > 1:
                return False
            continue
        if not lo <= len(colours) <= hi:
            return False
    return True


def brute_force(options, bounds):
    """Every set of options that covers the items within their bounds (the empty set
    too, when every primary item has minimum 0). As in Knuth's algorithms, the search
    branches on primary items only, so an option without one is never chosen; an option
    whose primary items all have minimum 0 may be chosen or not."""
    usable = [
        k for k, option in enumerate(options) if any(e.startswith("p") for e in option)
    ]
    return sorted(
        list(chosen)
        for size in range(0, len(usable) + 1)
        for chosen in combinations(usable, size)
        if is_cover(chosen, options, bounds)
    )


@pytest.mark.parametrize("seed", range(400))
def test_exact_covers_match_brute_force(seed):
    rng = random.Random(seed)
    items, secondary, options, bounds = random_problem(rng)
    expected = brute_force(options, bounds)
    found = sorted(polyx.exact_cover(items, options, secondary))
    assert found == expected, (items, secondary, options)
    assert polyx.count_exact_covers(items, options, secondary) == len(expected)
    assert polyx.count_exact_covers(items, options, secondary, threads=2) == len(expected)
    if expected:
        assert len(list(polyx.exact_cover(items, options, secondary, limit=1))) == 1


def test_an_option_may_be_one_string():
    as_lists = list(polyx.exact_cover(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]]))
    as_strings = list(polyx.exact_cover(["a", "b", "c"], ["a b", "c", "a", "b c"]))
    assert as_lists == as_strings == [[0, 1], [2, 3]]


def test_colours_let_options_share_a_secondary_item():
    # Both options give x the colour A, so they can be chosen together; a third option
    # with x in colour B cannot join either.
    options = ["a x:A", "b x:A", "a b x:B"]
    assert sorted(polyx.exact_cover(["a", "b"], options, secondary=["x"])) == [[0, 1], [2]]


def test_a_multiplicity_covers_an_item_several_times():
    # Item a twice: any two of the three options that hold it.
    options = [["a"], ["a"], ["a", "b"], ["b"]]
    covers = sorted(polyx.exact_cover([("a", 2), "b"], options))
    assert covers == [[0, 1, 3], [0, 2], [1, 2]]
    assert polyx.count_exact_covers([("a", 1, 2), "b"], options) == 6


def test_limit_counts_solutions():
    items = ["a", "b"]
    options = ["a", "b", "a b"]
    assert len(list(polyx.exact_cover(items, options))) == 2
    assert len(list(polyx.exact_cover(items, options, limit=1))) == 1


def test_no_option_no_cover():
    assert list(polyx.exact_cover(["a"], [])) == []
    assert polyx.count_exact_covers(["a"], [["a"]], threads=2) == 1


@pytest.mark.parametrize("seed", range(200))
def test_cheapest_covers_match_brute_force(seed):
    """Knuth's DLX5: the k cheapest costs of the enumeration, each reported cover a
    cover of the enumeration costing what it says."""
    rng = random.Random(1000 + seed)
    items, secondary, options, bounds = random_problem(rng)
    costs = [rng.randint(0, 6) for _ in options]
    every = brute_force(options, bounds)
    k = rng.randint(1, 4)
    expected = sorted(sum(costs[j] for j in s) for s in every)[:k]
    for threads in (1, 2):
        best = polyx.best_exact_covers(items, options, costs, k=k, secondary=secondary, threads=threads)
        assert [c for _, c in best] == expected
        for chosen, cost in best:
            assert chosen in every
            assert cost == sum(costs[j] for j in chosen)


def test_cheapest_cover_arguments_are_checked():
    with pytest.raises(ValueError):
        polyx.best_exact_covers(["a"], [["a"]], [-1])
    with pytest.raises(ValueError):
        polyx.best_exact_covers(["a"], [["a"]], [1, 2])
    with pytest.raises(ValueError):
        polyx.best_exact_covers(["a"], [["a"]], [1], k=0)
    assert polyx.best_exact_covers(["a", "b"], ["a b", "a", "b"], [5, 1, 2], k=2) == [
        ([1, 2], 3),
        ([0], 5),
    ]
