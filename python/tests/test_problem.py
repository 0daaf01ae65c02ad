"""dlx.Problem: solutions against brute force, known counts, laziness,
interruption, leaks, threads and bad input."""

import copy
import itertools
import math
import os
import pickle
import random
import signal
import threading
import time
import weakref

import pytest

import dlx
from conftest import DATA, rss_bytes


# ---- problems built here -------------------------------------------------

def queens(n):
    """n-queens: rows and columns primary, diagonals secondary."""
    prim = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    sec = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    opts = [(f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}") for i in range(n) for j in range(n)]
    return dlx.Problem(prim, sec, opts)


def langford(n):
    """Langford pairs: the two k's k+1 apart, in 2n places (a sequence and its reverse both count)."""
    prim = [("v", k) for k in range(1, n + 1)] + [("s", i) for i in range(2 * n)]
    opts = [(("v", k), ("s", i), ("s", i + k + 1)) for k in range(1, n + 1) for i in range(2 * n - k - 1)]
    return dlx.Problem(prim, options=opts)


def binary(n):
    """n items, two options each: 2^n solutions, every level a choice of two."""
    return dlx.Problem(range(n), options=[(i,) for i in range(n) for _ in range(2)])


# ---- brute force ---------------------------------------------------------

def brute_solutions(prim, sec, opts):
    """Every set of options (as sorted index tuples) that is a solution, by the definition."""
    found = set()
    for r in range(len(opts) + 1):
        for subset in itertools.combinations(range(len(opts)), r):
            cover, colors, ok = {}, {}, True
            for o in subset:
                for e in opts[o]:
                    item, color = (e if isinstance(e, tuple) else (e, None))
                    if color is None:
                        if item in cover or item in colors:
                            ok = False
                        cover[item] = o
                    else:
                        if item in cover or colors.get(item, color) != color:
                            ok = False
                        colors[item] = color
            if ok and all(p in cover for p in prim):
                found.add(subset)
    return found


def random_problem(rng):
    np, ns = rng.randint(1, 5), rng.randint(0, 3)
    prim = [f"p{i}" for i in range(np)]
    sec = [f"s{i}" for i in range(ns)]
    opts = []
    for _ in range(rng.randint(1, 11)):
        items = rng.sample(prim, rng.randint(1, min(2, np)))
        for s in rng.sample(sec, rng.randint(0, ns)):
            items.append((s, rng.choice("RG")) if rng.random() < 0.6 else s)
        rng.shuffle(items)
        opts.append(tuple(items))
    return prim, sec, opts


@pytest.mark.parametrize("seed", range(300))
def test_random_problems_match_brute_force(seed):
    rng = random.Random(seed)
    prim, sec, opts = random_problem(rng)
    p = dlx.Problem(prim, sec, opts)
    want = brute_solutions(prim, sec, opts)
    where = {id(o): k for k, o in enumerate(opts)}  # options come back as the objects given
    got = [tuple(sorted(where[id(o)] for o in s)) for s in p.solutions()]
    assert len(got) == len(set(got))
    assert set(got) == want
    assert p.stats.stop == "complete" and p.stats.solutions == len(want)
    assert p.count(threads=1) == len(want)
    assert p.count(threads=3) == len(want)
    first = p.first()
    assert (first is None) == (not want)
    if first is not None:
        assert tuple(sorted(where[id(o)] for o in first)) in want


@pytest.mark.parametrize("seed", range(300))
def test_blocked_options_are_in_no_solution(seed):
    rng = random.Random(seed)
    prim, sec, opts = random_problem(rng)
    p = dlx.Problem(prim, sec, opts)
    want = brute_solutions(prim, sec, opts)
    blocked = p.blocked()
    assert blocked == sorted(set(blocked)) and all(0 <= o < len(opts) for o in blocked)
    assert not any(o in s for s in want for o in blocked)
    # Without them: the same solutions, as the same option objects.
    q = p.reduced()
    assert len(q) == len(opts) - len(blocked)
    kept = [o for o in range(len(opts)) if o not in blocked]
    where = {id(opts[o]): o for o in kept}
    assert {tuple(sorted(where[id(o)] for o in s)) for s in q.solutions()} == want


def test_reduced_pentominoes():
    p = dlx.Problem.from_knuth(os.path.join(DATA, "pentominoes-3x20.dlx"))
    assert len(p.blocked()) == 150  # counted independently of dlx, by a prototype of the rule
    q = p.reduced()
    assert p.count(threads=1) == 8
    whole = p.stats.updates
    assert len(q) == len(p) - 150 and q.count(threads=1) == 8
    assert q.stats.updates < whole
    with pytest.raises(ValueError):
        dlx.Problem("a", options=["a"], bounds={"a": (0, 2)}).blocked()


def test_knuth_colors_as_pairs_and_strings():
    # Knuth's example of exact covering with colors, written both ways.
    pairs = dlx.Problem("pqr", "xy", [("p", "q", ("x", 0), ("y", 0)), ("p", "r", ("x", "A"), "y"),
                                      ("p", ("x", "B")), ("q", ("x", "A")), ("r", ("y", "B"))])
    strings = dlx.Problem(["p", "q", "r"], ["x", "y"],
                          [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]])
    assert pairs.count() == strings.count() == 1
    assert [sorted(map(str, o)) for o in strings.first()] == [["q", "x:A"], ["p", "r", "x:A", "y"]]


@pytest.mark.parametrize("n,count", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92),
                                     (9, 352), (10, 724)])
def test_queens_counts(n, count):
    p = queens(n)
    assert p.count() == count
    assert sum(1 for _ in p.solutions()) == count


def test_queens_solutions_are_placements():
    n = 8
    for sol in queens(n).solutions():
        cells = sorted((int(o[0][1:]), int(o[1][1:])) for o in sol)
        assert [r for r, _ in cells] == list(range(n))
        assert sorted(c for _, c in cells) == list(range(n))
        assert len({r + c for r, c in cells}) == n and len({r - c for r, c in cells}) == n


@pytest.mark.parametrize("n,count", [(3, 2), (4, 2), (5, 0), (7, 52), (8, 300)])
def test_langford_counts(n, count):
    assert langford(n).count() == count


def test_pentominoes_3x20(data):
    p = dlx.Problem.from_knuth(data / "pentominoes-3x20.dlx")
    assert p.count() == 8
    assert p.count(threads=1) == 8
    tilings = list(p.solutions())
    assert len(tilings) == 8
    for t in tilings:
        # Each tiling uses the 12 pieces once and covers the 60 cells once.
        covered = [x for o in t for x in o]
        assert len(covered) == len(set(covered)) == 12 + 60


def test_knuth_example_file(data):
    p = dlx.Problem.from_knuth(data / "knuth-example.dlx")
    assert sorted(p.first()) == [("a", "d", "f"), ("b", "g"), ("c", "e")]
    assert p.count() == 1
    assert p.primary == tuple("abcdefg")


def test_from_knuth_text_and_bytes():
    text = "| comment\na b | c\na c:red\nb c:blue\na\nb c\n"
    for src in (text, text.encode()):
        p = dlx.Problem.from_knuth(src)
        assert p.primary == ("a", "b") and p.secondary == ("c",)
        assert p.count() == 2
    got = sorted(sorted(s) for s in dlx.Problem.from_knuth(text).solutions())
    assert got == [[("a",), ("b", "c")], [("a",), ("b", "c:blue")]]


@pytest.mark.parametrize("text,line,message", [
    ("a b\na x\n", 2, "unknown item 'x'"),
    ("a b\n\n| c\na a\n", 4, "item 'a' appears twice in this option"),
    ("a b\nb\na:red\n", 3, "primary item 'a' cannot have a color"),
    ("", 0, "no item line"),
    ("a\x01 b\n", 1, "invalid byte 0x01"),
])
def test_from_knuth_errors_have_lines(text, line, message, tmp_path):
    with pytest.raises(dlx.FormatError) as e:
        dlx.Problem.from_knuth(text if "\n" in text else text.encode())
    assert e.value.line == line
    assert message in e.value.message
    assert isinstance(e.value, ValueError)
    f = tmp_path / "bad.dlx"
    f.write_bytes(text.encode())
    with pytest.raises(dlx.FormatError) as e:
        dlx.Problem.from_knuth(f)
    assert e.value.filename == str(f)
    assert str(e.value).startswith(f"{f}:{line}: " if line else f"{f}: ")


def test_from_knuth_leaves_out_options_without_primary_items(tmp_path):
    text = "a b | x y\n| comment\nx\na x\ny:red x\nb y\n"
    with pytest.warns(dlx.FormatWarning, match=r"line 3: 2 options without a primary item"):
        p = dlx.Problem.from_knuth(text)
    assert p.options == (("a", "x"), ("b", "y"))
    assert p.count() == 1
    f = tmp_path / "dlx2.dlx"
    f.write_text(text)
    with pytest.warns(dlx.FormatWarning, match=f"{f}:3: "):
        dlx.Problem.from_knuth(f)
    with pytest.raises(dlx.FormatError) as e:
        dlx.Problem.from_knuth(text, strict=True)
    assert e.value.line == 3 and "no primary item" in e.value.message


def test_from_knuth_without_primary_items():
    # Knuth's reading: the one solution of a problem with nothing to cover is empty.
    with pytest.warns(dlx.FormatWarning):
        p = dlx.Problem.from_knuth(" | x y\nx\n")
    assert p.primary == () and p.secondary == ("x", "y")
    assert p.count() == 1
    assert list(p.solutions()) == [[]]
    with pytest.raises(dlx.FormatError) as e:
        dlx.Problem.from_knuth(" | x y\n", strict=True)
    assert e.value.line == 1


def test_from_knuth_missing_file(tmp_path):
    with pytest.raises(OSError):
        dlx.Problem.from_knuth(tmp_path / "nope.dlx")


@pytest.mark.parametrize("args,exc", [
    (("ab", (), ["ax"]), ValueError),            # unknown item
    (("ab", (), ["aa"]), ValueError),            # an item twice in an option
    (("aa", (), []), ValueError),                # an item named twice
    (("ab", (), [""]), ValueError),              # empty option
    (("ab", "c", ["c"]), ValueError),            # no primary item
    (("ab", "c", [["a", ("b", "red")]]), ValueError),  # a color on a primary item
    (([[1]], (), []), TypeError),                # unhashable item
    (("ab", "c", [["a", ("c", [1])]]), TypeError),  # unhashable color
])
def test_bad_problems(args, exc):
    with pytest.raises(exc):
        dlx.Problem(*args)


def test_bad_arguments():
    p = queens(4)
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError):
            p.count(limit=bad)
        with pytest.raises(ValueError):
            p.solutions(limit=bad)
    for bad in (0, 1025, 2**32 + 1, 1.0, True):
        with pytest.raises(ValueError):
            p.count(threads=bad)
    with pytest.raises(ValueError, match="bounds"):
        dlx.Problem("ab", options=["a", "b", "ab"], bounds={"a": (0, 2)}).estimate(part=(1, 2))
    with pytest.raises(ValueError):
        p.count(time_limit=0)
    for bad in (-1, 2**64):
        with pytest.raises(ValueError):
            p.solutions(seed=bad)
    with pytest.raises(TypeError):
        p.solutions(seed="1")


def test_seed_varies_the_order_not_the_solutions():
    p = queens(8)
    plain = sorted(sorted(map(repr, s)) for s in p.solutions())
    firsts = set()
    for seed in range(1, 21):
        first = p.first(seed=seed)
        firsts.add(repr(sorted(map(repr, first))))
        # The same seed, the same search: same first solution, same order of all of them.
        assert repr(sorted(map(repr, p.first(seed=seed)))) == repr(sorted(map(repr, first)))
    assert len(firsts) > 5
    for seed in (0, 7, 2**64 - 1):
        assert sorted(sorted(map(repr, s)) for s in p.solutions(seed=seed)) == plain
        assert p.count() == 92
    # Without a seed, the input order again: the plain search's first solution.
    assert p.first() == next(iter(queens(8).solutions()))
    # A seed on a problem lent to another iterator: the copy is shuffled alike.
    with p.solutions() as busy:
        next(busy)
        a = p.first(seed=3)
    assert a == p.first(seed=3)


def test_a_seed_leaves_no_trace_on_later_searches():
    # An iterator with a seed shuffles the problem's own links; every search after it sees
    # input order again (best()'s first among equal costs, an estimate, a stopped count did not).
    def runs(p):
        try:
            p.count(threads=1, node_limit=500)
            stopped = None
        except dlx.LimitReached as e:
            stopped = e.count
        return p.best().solutions, p.estimate(probes=50, seed=1, part=(2, 5)), stopped

    p = dlx.Problem(range(10), options=[(i, j) for i in range(10) for j in range(i + 1, 10)],
                    costs=[1] * 45)
    before = runs(p)
    assert p.first(seed=7) != p.first()
    p.first(seed=7)
    assert runs(p) == before


def test_no_time_limit_however_written():
    # 14 items, every pair an option: 135135 solutions, past the first clock read (16384 nodes).
    p = dlx.Problem(range(14), options=[(i, j) for i in range(14) for j in range(i + 1, 14)])
    for tl in (None, 1e9, 1e10, 1e300, math.inf, 10**400):
        assert p.count(threads=1, time_limit=tl) == 135135
        assert p.best(time_limit=tl).complete
        assert p.estimate(probes=10, time_limit=tl).stop == "complete"
    for bad in (0, -1, math.nan, "soon", "5", b"5", True):
        with pytest.raises(ValueError):
            p.count(time_limit=bad)


def test_pickled_and_copied():
    p = dlx.Problem("ab", "x", [("a", "x:red"), ("b", "x:red"), "ab"], bounds={"a": (0, 1)}, costs=[1, 2, 5])
    for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p)):
        assert (q.primary, q.secondary, q.options, q.bounds, q.costs) == (p.primary, p.secondary, p.options,
                                                                            p.bounds, p.costs)
        assert q.count() == p.count() and q.best().solutions == p.best().solutions
    assert weakref.ref(p)() is p
    e = pickle.loads(pickle.dumps(dlx.LimitReached(3, dlx.Stats(3, 10, 20, 4, 0, 0.5, "node_limit"))))
    assert isinstance(e, dlx.LimitReached) and e.count == 3 and e.stats.stop == "node_limit"
    assert str(e) == "count >= 3 (stopped at node limit)"


def test_empty_and_trivial():
    assert dlx.Problem([]).count() == 1
    assert dlx.Problem([]).first() == []
    assert dlx.Problem("a").count() == 0
    assert dlx.Problem("a").first() is None
    assert list(dlx.Problem("ab", options=["ab", "a", "b"]).solutions()) == [["ab"], ["a", "b"]]


def test_limits():
    p = queens(8)
    assert p.count(limit=5) == 5
    assert p.stats.stop == "limit"
    assert len(list(p.solutions(limit=7))) == 7
    assert p.stats.stop == "limit" and p.stats.solutions == 7
    with pytest.raises(dlx.LimitReached) as e:
        queens(12).count(threads=1, node_limit=1000)
    assert e.value.stats.stop == "node_limit" and 0 <= e.value.count < 14200
    with pytest.raises(dlx.LimitReached) as e:
        binary(62).count(threads=1, time_limit=0.05)
    assert e.value.stats.stop == "time_limit"
    assert e.value.count > 0


def test_laziness_first_of_a_huge_problem():
    # 2^60 solutions: the first comes after one node per level, nothing more searched.
    p = binary(60)
    it = p.solutions()
    first = next(it)
    assert len(first) == 60
    assert p.stats.stop == "running"
    assert p.stats.nodes == 61 and p.stats.solutions == 1
    second = next(it)
    assert second[:59] == first[:59] and second[59] is not first[59]
    it.close()
    assert p.stats.stop == "stopped"
    # Closed early, the problem searches from the start again.
    assert p.first() == first
    assert p.stats.nodes == 61


def test_stats_of_a_complete_search():
    p = queens(6)
    assert sum(1 for _ in p.solutions()) == 4
    s = p.stats
    assert s.stop == "complete" and s.solutions == 4 and s.progress == 1.0
    assert s.nodes > s.solutions and s.updates > 0 and s.max_level == 6


def test_iterators_interleaved_on_one_problem():
    # The problem's links are lent to the first iterator; the second builds its own.
    p = queens(6)
    a, b = p.solutions(), p.solutions()
    pairs = list(zip(a, b))
    assert len(pairs) == 4 and all(x == y for x, y in pairs)
    assert p.count() == 4


def test_with_block_and_drop_restore():
    p = queens(8)
    with p.solutions() as it:
        next(it)
    it2 = p.solutions()
    next(it2)
    del it2
    assert p.count(threads=1) == 92
    assert sum(1 for _ in p) == 92


def _interrupt_after(seconds):
    main = threading.main_thread().ident

    def fire():
        time.sleep(seconds)
        signal.pthread_kill(main, signal.SIGINT)
    t = threading.Thread(target=fire)
    t.start()
    return t


@pytest.mark.parametrize("threads", [1, 2])
def test_keyboard_interrupt_in_count(threads):
    p = binary(62)
    t = _interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        # The time limit only keeps a broken interruption from hanging the suite.
        p.count(threads=threads, time_limit=60)
    t.join()
    assert p.stats.stop == "interrupted"
    assert p.first() is not None
    assert dlx.Problem("ab", options=["ab"]).count() == 1


def test_keyboard_interrupt_in_iteration():
    # No solution, found out only at the bottom of 2^61 paths: the search runs inside one next().
    # Item 61's options both take the secondary item that item 62's need.
    p = dlx.Problem(range(63), ["s"], [(i,) for i in range(61) for _ in range(2)]
                    + [(61, "s"), (61, "s"), (62, "s"), (62, "s")])
    it = p.solutions()
    t = _interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        next(it)
    t.join()
    assert time.monotonic() - start < 30
    assert p.stats.stop == "interrupted"
    # The iterator has ended; the problem is as before.
    assert next(it, None) is None
    assert binary(3).count() == 8
    small = dlx.Problem([0, 1, "x"], options=[(0,), (1,), ("x",)])
    assert sorted(small.first(), key=str) == sorted([(0,), (1,), ("x",)], key=str)


def test_two_threads_two_problems():
    results = {}

    def work(name, n):
        p = queens(n)
        results[name] = (p.count(threads=1), sum(1 for _ in p.solutions()))

    ts = [threading.Thread(target=work, args=(k, n)) for k, n in (("a", 9), ("b", 10))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert results == {"a": (352, 352), "b": (724, 724)}


def test_two_threads_one_problem():
    p = queens(9)
    results = []

    def work():
        results.append((p.count(threads=1), sum(1 for _ in p.solutions())))

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert results == [(352, 352)] * 4


def test_threads_run_at_once():
    # With the GIL released, a search in one thread does not stop another's Python from running.
    p = binary(62)
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    with pytest.raises(dlx.LimitReached):
        p.count(threads=1, time_limit=0.3)
    stop.set()
    t.join()
    assert len(ticks) > 10


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_default_threads_follow_affinity():
    # A Slurm task or taskset given one CPU of many: count() starts one thread, not one per core.
    cpus = os.sched_getaffinity(0)
    assert dlx._usable_cores() == len(cpus)
    os.sched_setaffinity(0, {min(cpus)})
    try:
        assert dlx._usable_cores() == 1
        assert binary(10).count() == 1 << 10
    finally:
        os.sched_setaffinity(0, cpus)
    assert dlx._usable_cores() == len(cpus)


def test_no_leak_iterating_a_million_solutions():
    p = binary(20)  # 1,048,576 solutions
    it = p.solutions()
    for _ in range(100_000):
        next(it)
    before = rss_bytes()
    n = 100_000 + sum(1 for _ in it)
    after = rss_bytes()
    assert n == 1 << 20
    assert after - before < 4 << 20


def test_no_leak_building_problems():
    def build(k):
        p = dlx.Problem(["a", "b", "c"], ["x"], [("a", ("x", k % 3)), ("b", "c"), ("a", "b", "c"), ("b", ("x", 1)), "c"])
        assert p.count(threads=1) == 2 + (k % 3 == 1)  # a+x:1 with b+x:1 and c when the colors agree
        assert p.first() is not None
    for k in range(10_000):
        build(k)
    before = rss_bytes()
    for k in range(100_000):
        build(k)
    after = rss_bytes()
    assert after - before < 4 << 20


def test_help_is_readable():
    import pydoc
    text = pydoc.render_doc(dlx, renderer=pydoc.plaintext)
    for name in ("Problem", "solutions", "count", "first", "from_knuth", "Stats", "LimitReached", "FormatError"):
        assert name in text
    for obj in (dlx.Problem, dlx.Problem.solutions, dlx.Problem.count, dlx.Problem.first, dlx.Problem.from_knuth,
                dlx.Problem.stats, dlx.Stats, dlx.LimitReached, dlx.FormatError, dlx.Solutions):
        assert obj.__doc__ and len(obj.__doc__) > 20


def test_typed_package_ships_stubs():
    pkg = os.path.dirname(dlx.__file__)
    assert os.path.exists(os.path.join(pkg, "py.typed"))
    assert os.path.exists(os.path.join(pkg, "_dlx.pyi"))


def test_docstring_examples():
    import doctest
    import dlx.sudoku
    for module in (dlx, dlx.sudoku):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_estimate_converges_to_the_tree():
    p = queens(8)
    p.count(threads=1)
    truth = p.stats
    est = p.estimate(probes=20000, seed=3)
    assert est.probes == 20000 and est.stop == "complete"
    assert abs(est.nodes - truth.nodes) <= 4 * est.nodes_error
    assert est.nodes_error < 0.05 * truth.nodes
    assert abs(est.solutions - 92) <= 4 * est.solutions_error
    # Deterministic for a seed; another seed, other probes.
    assert p.estimate(probes=50, seed=1) == p.estimate(probes=50, seed=1)
    assert p.estimate(probes=50, seed=1).nodes != p.estimate(probes=50, seed=2).nodes
    # The problem is left as it was.
    assert p.count(threads=1) == 92


def test_estimate_of_a_part():
    p = queens(10)
    est = p.estimate(probes=5000, seed=1, part=(2, 5))
    assert est.probes >= 5000
    assert 0 < est.solutions < 724


def test_estimate_of_a_single_path():
    # Forced all the way: every probe sees the whole tree, with no spread.
    p = dlx.Problem(["a", "b", "c"], options=[["a"], ["b"], ["c"]])
    assert p.estimate(probes=10) == dlx.Estimate(4.0, 0.0, 1.0, 0.0, 10, "complete")


@pytest.mark.parametrize("kwargs", [
    {"probes": 0}, {"probes": -1}, {"probes": 1.5}, {"seed": -1}, {"seed": 1 << 64}, {"seed": True},
    {"part": (0, 3)}, {"part": (4, 3)}, {"part": (1, 70000)}, {"part": [1, 2]}, {"time_limit": 0},
])
def test_estimate_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        queens(5).estimate(**kwargs)


def test_estimate_probes_past_64_bits_are_named():
    # 2**64 means "no limit" for limits; for probes it was the engine's bare "invalid argument".
    with pytest.raises(ValueError, match="probes must be"):
        queens(5).estimate(probes=1 << 64)
