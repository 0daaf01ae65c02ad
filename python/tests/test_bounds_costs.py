"""dlx.Problem with Knuth's multiplicities (bounds) and costs: counts, every
solution and the K cheapest against brute force over every set of options,
Knuth's DLX3 and DLX5 examples read from his format, and bad arguments."""

import itertools
import random

import pytest

import dlx
from conftest import TEST_DATA


def brute(prim, sec, opts, bounds, colors=None):
    """Every set of options (as sorted index tuples) that meets the bounds; secondary items at most once,
    or, with colors, all in one color."""
    found = []
    for r in range(len(opts) + 1):
        for combo in itertools.combinations(range(len(opts)), r):
            cover = {i: 0 for i in prim}
            ok = True
            seen = {}
            for o in combo:
                for k, item in enumerate(opts[o]):
                    if item in cover:
                        cover[item] += 1
                    else:
                        c = colors[o][k] if colors else None
                        if item in seen and (c is None or seen[item] != c):
                            ok = False
                        seen[item] = c
            if not ok:
                continue
            if all(bounds.get(i, (1, 1))[0] <= cover[i] <= bounds.get(i, (1, 1))[1] for i in prim):
                found.append(combo)
    return found


def random_problem(rng):
    np_ = rng.randint(1, 4)
    ns = rng.randint(0, 2)
    prim = [f"p{i}" for i in range(np_)]
    sec = [f"s{i}" for i in range(ns)]
    opts = []
    for _ in range(rng.randint(1, 8)):
        items = rng.sample(prim, rng.randint(1, np_)) + rng.sample(sec, rng.randint(0, ns))
        opts.append(tuple(items))
    bounds = {}
    for i in prim:
        if rng.random() < 0.6:
            hi = rng.randint(1, 3)
            bounds[i] = (rng.randint(0, hi), hi)
    costs = [rng.randint(0, 5) for _ in opts]
    return prim, sec, opts, bounds, costs


def test_random_against_brute_force():
    rng = random.Random(14)
    checked = 0
    for _ in range(400):
        prim, sec, opts, bounds, costs = random_problem(rng)
        want = brute(prim, sec, opts, bounds)
        p = dlx.Problem(prim, sec, opts, bounds=bounds, costs=costs)
        assert p.count(threads=1) == len(want)
        assert p.count(threads=2) == len(want)
        # The same option may be given twice: solutions are told apart by the option objects.
        where = {id(o): k for k, o in enumerate(p.options)}
        got = sorted(tuple(sorted(where[id(o)] for o in s)) for s in p.solutions())
        assert got == sorted(want)
        # The K cheapest: their costs, cheapest first, and the ties of the K-th.
        wc = sorted(sum(costs[o] for o in s) for s in want)
        for k in (1, 2, 5):
            b = p.best(k=k)
            assert b.complete
            assert [c for c, _ in b.solutions] == wc[:k]
            for c, sol in b.solutions:
                assert c == sum(costs[where[id(o)]] for o in sol)
            if wc:
                assert b.ties == wc.count(wc[min(k, len(wc)) - 1])
            else:
                assert b.ties == 0
        checked += 1
    assert checked == 400


def test_each_solution_once_with_slack():
    # Item a may take 0, 1 or 2 options: {}, {x}, {y}, {x, y} with b covered by z once each.
    p = dlx.Problem(["a", "b"], options=[("a",), ("a",), ("b",)], bounds={"a": (0, 2)})
    sols = list(p.solutions())
    assert len(sols) == 4 == p.count()
    assert sorted(len(s) for s in sols) == [1, 2, 2, 3]


def test_knuth_dlx3_example():
    # dlx3.w's introduction: its one solution (tests/data/cli/dlx/bounds has dlx's answer).
    base = TEST_DATA / "cli" / "dlx" / "bounds" / "knuth-dlx3"
    p = dlx.Problem.from_knuth(str(base) + ".in")
    assert p.bounds
    assert p.count() == int((TEST_DATA / "cli" / "dlx" / "bounds" / "knuth-dlx3-count.out").read_text())
    first = p.first()
    assert first is not None
    printed = "".join(" ".join(o) + "\n" for o in sorted(first, key=p.options.index))
    assert printed == (TEST_DATA / "cli" / "dlx" / "bounds" / "knuth-dlx3.out").read_text()


def golden_best_cases():
    """dlx's --best cases (tests/data/cli/dlx/costs): K, the input, the costs printed and the ties line."""
    cases = []
    for cmd in sorted((TEST_DATA / "cli" / "dlx" / "costs").glob("*.cmd")):
        args = cmd.read_text().split()
        ks = [a for a in args if a.startswith(("--best", "-b"))]
        if not ks or cmd.with_suffix(".status").read_text().strip() not in ("0", "1"):
            continue
        k = ks[0].replace("--best", "").replace("-b", "").lstrip("=") or "1"
        cases.append(pytest.param(cmd.with_suffix(""), int(k), id=cmd.stem))
    return cases


@pytest.mark.parametrize("base,k", golden_best_cases())
def test_golden_best(base, k):
    # Knuth's dlx5.w example among them: ten solutions of costs 0,0,1,1,2,2,3,3,4,4.
    p = dlx.Problem.from_knuth(str(base) + ".in")
    out = base.with_suffix(".out").read_text()
    costs = [int(line.split()[1]) for line in out.splitlines() if line.startswith("cost ")]
    ties = [line for line in out.splitlines() if line.startswith("ties: ")]
    b = p.best(k=k)
    assert b.complete
    assert [c for c, _ in b.solutions] == costs
    assert b.ties == (int(ties[0].split()[1]) if ties else 0)
    # A solution lists the option objects themselves: their costs add up to its cost.
    where = {id(o): k for k, o in enumerate(p.options)}
    for c, sol in b.solutions:
        assert c == (sum(p.costs[where[id(o)]] for o in sol) if p.costs else 0)


def test_golden_cases_found():
    ids = [c.id for c in golden_best_cases()]
    assert "knuth-dlx5-ten" in ids and "knuth-dlx5-ten-k8" in ids and len(ids) >= 6


def test_limits_say_incomplete():
    rng = random.Random(3)
    prim = [f"p{i}" for i in range(8)]
    opts = [tuple(rng.sample(prim, 2)) for _ in range(60)] + [(i,) for i in prim]
    p = dlx.Problem(prim, options=opts, costs=[rng.randint(0, 9) for _ in opts])
    b = p.best(k=3, node_limit=5)
    assert not b.complete
    assert p.stats.stop == "node_limit"
    assert p.best(k=3).complete


@pytest.mark.parametrize("bounds,message", [
    ({"x": 2}, "unknown item"),
    ({"s": 2}, "secondary"),
    ({"a": (2, 1)}, "0 <= lo <= hi"),
    ({"a": 0}, "1 <= hi"),
    ({"a": "2"}, "an int or a (lo, hi)"),
    ({"a": (1, 2, 3)}, "an int or a (lo, hi)"),
    ({"a": True}, "an int or a (lo, hi)"),
])
def test_bad_bounds(bounds, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        dlx.Problem(["a"], ["s"], [("a",), ("a", "s")], bounds=bounds)


@pytest.mark.parametrize("costs,message", [
    ([1], "1 given for 2 options"),
    ([1, -1], "option 1: a cost"),
    ([1, 1 << 33], "option 1: a cost"),
    ([1, 1.5], "option 1: a cost"),
    ([True, 1], "option 0: a cost"),
])
def test_bad_costs(costs, message):
    with pytest.raises(ValueError, match=message):
        dlx.Problem(["a"], options=[("a",), ("a",)], costs=costs)


def test_bad_k():
    p = dlx.Problem(["a"], options=[("a",)], costs=[1])
    for k in (0, -1, 1_000_001, 1.0, True):
        with pytest.raises(ValueError):
            p.best(k=k)
    assert p.best().solutions == [(1, [("a",)])]
