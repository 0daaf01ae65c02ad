r"""Exact cover with dancing links: Knuth's Algorithm X on the dlx C library.

An exact-cover problem has items and options, each option a set of items.
A solution is a set of options that covers every primary item exactly once
and every secondary item at most once.  Secondary items may be given colors
(Knuth's exact covering with colors): options that share such an item may
both be chosen only when both give it the same color.

>>> import dlx
>>> p = dlx.Problem("abcdefg", options=["ce", "adg", "bcf", "adf", "bg", "deg"])
>>> p.first()
['adf', 'bg', 'ce']
>>> p.count()
1

Solutions come one at a time from a lazy iterator, searched for only when
asked for, with the GIL released (Ctrl-C interrupts the search).  Knuth's
format is read from a file's path or from text:

>>> q = dlx.Problem.from_knuth("| two rooks on a 2x2 board\nr1 r2 c1 c2\nr1 c1\nr1 c2\nr2 c1\nr2 c2\n")
>>> for solution in q.solutions():
...     print(solution)
[('r1', 'c1'), ('r2', 'c2')]
[('r1', 'c2'), ('r2', 'c1')]

Sudoku of any n²×n² size, X, windoku and jigsaw, is in :mod:`dlx.sudoku`.

The search is deterministic: it branches on the first primary item with the
fewest options left, so solutions always come in the same order (a *seed*
shuffles each item's options, see :meth:`Problem.solutions`).

Knuth's extensions are there too: primary items covered between *lo* and
*hi* times (his multiplicities, Algorithm M, DLX3's ``u:v|name``) and
options with costs (DLX5's ``|n``), whose cheapest solutions
:meth:`Problem.best` finds:

>>> r = dlx.Problem("ab", options=["a", "b", "ab"], bounds={"a": (1, 2)}, costs=[1, 1, 3])
>>> r.count()
3
>>> r.best(k=2)
Best(solutions=[(2, ['b', 'a']), (3, ['ab'])], ties=1, complete=True)
"""

from __future__ import annotations

import math
import os
import warnings
from typing import Any, Dict, Hashable, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Tuple, Union

from . import _dlx
from ._dlx import FormatError, Solutions

__all__ = ["Problem", "Solutions", "Stats", "Estimate", "Best", "FormatError", "FormatWarning", "LimitReached",
           "__version__"]


class FormatWarning(UserWarning):
    """Knuth-format text read with something left out (see :meth:`Problem.from_knuth`), or a sudoku
    read by a guess that could be wrong (see :attr:`dlx.sudoku.Puzzle.note`)."""

__version__: str = _dlx.version()

_UNSET: Any = object()


class Stats(NamedTuple):
    """The statistics of a problem's last search (:attr:`Problem.stats`)."""

    solutions: int
    """Solutions found (handed out, for :meth:`Problem.solutions`)."""
    nodes: int
    """Search tree nodes entered, the root and the solutions included."""
    updates: int
    """Link updates (Knuth's "updates")."""
    branches: int
    """Nodes that branched on an item with two or more options left."""
    max_level: int
    """Deepest level reached; with two or more threads, within one thread's share of the tree
    (the levels of the cut that made the shares not counted), as ``dlx_search_split()`` says."""
    progress: float
    """Knuth's estimate of the fraction of the tree done, 0..1 (1 when complete)."""
    stop: str
    """Why the search ended: ``"complete"``, ``"limit"`` (the solution limit),
    ``"node_limit"``, ``"time_limit"``, ``"interrupted"`` (a signal),
    ``"stopped"`` (an iterator closed early), ``"running"`` (an iterator
    still under way), ``"none"`` (no search yet) or ``"error"``."""


class Estimate(NamedTuple):
    """Knuth's estimate of a search tree (:meth:`Problem.estimate`)."""

    nodes: float
    """Estimated search nodes, as :attr:`Stats.nodes` counts them."""
    nodes_error: float
    """Standard error of :attr:`nodes` (0 from a single probe)."""
    solutions: float
    """Estimated solutions."""
    solutions_error: float
    """Standard error of :attr:`solutions`."""
    probes: int
    """Probes made."""
    stop: str
    """``"complete"``, or ``"time_limit"`` when a time limit stopped the probes."""


class Best(NamedTuple):
    """The cheapest solutions of a problem (:meth:`Problem.best`)."""

    solutions: List[Tuple[int, List[Any]]]
    """``(cost, solution)`` pairs, cheapest first (equal costs in the order
    the search met them); a solution is a list of options, as
    :meth:`Problem.solutions` gives them."""
    ties: int
    """How many solutions cost as much as the last one listed, it included:
    more than are listed when the K-th cost is shared beyond K (those listed
    are then the first the search met)."""
    complete: bool
    """False when ``limit``, ``node_limit`` or ``time_limit`` stopped the
    search: then the solutions are the cheapest it met, not necessarily the
    cheapest there are, and ``ties`` counts among those met."""


class LimitReached(Exception):
    """A search was stopped by its ``node_limit`` or ``time_limit``.

    ``count`` is the number of solutions found before it stopped: a lower
    bound of the problem's count.  ``stats`` are the search's statistics.
    """

    def __init__(self, count: int, stats: Stats) -> None:
        super().__init__(f"count >= {count} (stopped at {stats.stop.replace('_', ' ')})")
        self.count = count
        self.stats = stats

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled by its own arguments (the default would pass the message alone): a worker
        # process of a pool may raise it.
        return (LimitReached, (self.count, self.stats))


def _knuth_color(element: Any, index: Dict[Any, int]) -> Optional[Tuple[str, str]]:
    """``"x:red"`` as (x, "red") when x is an item, else None."""
    if isinstance(element, str) and ":" in element:
        name, _, color = element.rpartition(":")
        if name in index and color:
            return name, color
    return None


class Problem:
    """An exact-cover problem: items, and options that cover them.

    ``Problem(primary, secondary=(), options=())``

    - *primary*: the items every solution covers exactly once; any hashable
      objects (a string is a sequence of one-character names: ``"abc"``).
    - *secondary*: the items a solution covers at most once.
    - *options*: each an iterable of items.  A secondary item may carry a
      color, written ``(item, color)`` or, for a string item, Knuth's
      ``"item:color"``; options that share a colored item may both be in a
      solution only when they give it the same color, and one that names it
      without a color excludes every other option with it.  Colors are any
      hashable objects.

    The solutions list the option objects themselves, as given (an option
    given as an iterator is kept as a tuple of its items).

    - *bounds* (Knuth's multiplicities): a mapping from primary items to
      how many times a solution covers them, ``v`` (exactly) or ``(lo, hi)``
      (at least *lo*, at most *hi*; ``0 <= lo <= hi``, ``1 <= hi``); the
      others are covered exactly once.  Each solution (a set of options) is
      found once; :meth:`estimate` then probes the whole tree only (no
      *part*).
    - *costs*: one nonnegative int per option (at most ``2**33 - 1``), for
      :meth:`best`; the other searches ignore them.

    Raises :class:`ValueError` for an unknown item, an item named twice in
    the items or in one option, a color on a primary item, an empty option,
    or an option without a primary item (the search branches on primary
    items only, so it could never be chosen); the message names the option
    by its index.

    A problem is immutable.  Its searches release the GIL; two threads may
    search two problems, or one problem, at the same time (a search that
    finds the problem's links in use builds its own copy).
    """

    __slots__ = ("_engine", "_primary", "_secondary", "_options", "_bounds", "_costs", "__weakref__")

    def __init__(self, primary: Iterable[Hashable], secondary: Iterable[Hashable] = (),
                 options: Iterable[Iterable[Any]] = (),
                 bounds: Optional[Mapping[Any, Union[int, Tuple[int, int]]]] = None,
                 costs: Optional[Iterable[int]] = None) -> None:
        prim = list(primary)
        sec = list(secondary)
        index: Dict[Any, int] = {}
        for k, name in enumerate(prim + sec):
            try:
                if name in index:
                    raise ValueError(f"item {name!r} is named twice")
            except TypeError:
                raise TypeError(f"item {name!r} is not hashable") from None
            index[name] = k
        np = len(prim)
        opts: List[Any] = []
        items: List[List[int]] = []
        colors: List[List[int]] = []
        color_ids: Dict[Any, int] = {}
        any_color = False
        for o, option in enumerate(options):
            elements = list(option)
            # A list, tuple or string is kept as given; another iterable, as a tuple of its items.
            stored: Any = option if isinstance(option, (list, tuple, str, bytes)) else tuple(elements)
            if not elements:
                raise ValueError(f"option {o}: empty")
            its: List[int] = []
            cols: List[int] = []
            seen = set()
            for e in elements:
                color = None
                try:
                    known = e in index
                except TypeError:
                    known = False
                if known:
                    item = index[e]
                else:
                    pair = None
                    if isinstance(e, tuple) and len(e) == 2:
                        try:
                            if e[0] in index:
                                pair = e
                        except TypeError:
                            pass
                    if pair is None:
                        pair = _knuth_color(e, index)
                    if pair is None:
                        raise ValueError(f"option {o}: unknown item {e!r}")
                    item = index[pair[0]]
                    try:
                        color = color_ids.setdefault(pair[1], len(color_ids) + 1)
                    except TypeError:
                        raise TypeError(f"option {o}: color {pair[1]!r} is not hashable") from None
                    if item < np:
                        raise ValueError(f"option {o}: primary item {pair[0]!r} has a color")
                    any_color = True
                if item in seen:
                    raise ValueError(f"option {o}: item {(prim + sec)[item]!r} twice")
                seen.add(item)
                its.append(item)
                cols.append(color or 0)
            if min(its) >= np:
                raise ValueError(f"option {o}: no primary item")
            opts.append(stored)
            items.append(its)
            colors.append(cols)
        pairs = _bounds_by_item(bounds, index, np, prim + sec)
        cost_list = _costs_per_option(costs, len(opts))
        self._primary = tuple(prim)
        self._secondary = tuple(sec)
        self._options = tuple(opts)
        self._bounds = {prim[i]: pairs[i] for i in range(np) if pairs[i] != (1, 1)} if pairs else {}
        self._costs = tuple(cost_list) if cost_list is not None else None
        self._engine = _dlx.Engine(np, len(sec), items, colors if any_color else None, self._options,
                                   pairs, cost_list)

    @classmethod
    def from_knuth(cls, source: Union[str, bytes, "os.PathLike[str]"], strict: bool = False) -> "Problem":
        """Reads a problem in Knuth's text format (as the ``dlx`` command does).

        *source* is the text itself (a ``str`` with a newline, or ``bytes``)
        or a path.  The first line that is not a comment (``|``) or blank
        names the items, ``|`` between primary and secondary ones; every
        further line is an option, ``item:color`` for a colored secondary
        item.  Each option of the problem is a tuple of its items as
        written, e.g. ``('p', 'r', 'x:A', 'y')``.

        An option with no primary item could never be chosen: as Knuth's
        DLX2 (and ``dlx``) do, it is left out, with one :class:`FormatWarning`
        that says how many were and where the first stood; an item line with
        no primary item gives a problem whose one solution is empty.  With
        *strict*, both are a :class:`FormatError` (as ``dlx --strict``).

        Raises :class:`FormatError` (a :class:`ValueError`) with the line
        at fault and ``dlx``'s message, e.g. ``queens.dlx:12: unknown item
        'r9'``; :class:`OSError` when a path cannot be read.  Item bounds
        (``u:v|name``, Knuth's DLX3) and option costs (``|n``, his DLX5) are
        read into :attr:`bounds` and :attr:`costs`.
        """
        filename = None
        if isinstance(source, bytes):
            data = source
        elif isinstance(source, str) and ("\n" in source or "\r" in source):
            data = source.encode("utf-8", "surrogateescape")
        else:
            filename = os.fspath(source)
            with open(filename, "rb") as f:
                data = f.read()
        try:
            prim, sec, options, dropped, first, pairs, costs = _dlx.read_knuth(data, strict)
        except FormatError as e:
            e.filename = os.fsdecode(filename) if filename is not None else None
            raise
        if dropped:
            where = f"{os.fsdecode(filename)}:{first}" if filename is not None else f"line {first}"
            warnings.warn(f"{where}: {dropped} option{'s' if dropped > 1 else ''} without a primary item "
                          "left out, the first here", FormatWarning, stacklevel=2)
        bounds = {prim[i]: pair for i, pair in enumerate(pairs) if pair != (1, 1)} if pairs else None
        return cls(prim, sec, options, bounds=bounds, costs=costs)

    @property
    def primary(self) -> Tuple[Any, ...]:
        """The primary items, in order."""
        return self._primary

    @property
    def secondary(self) -> Tuple[Any, ...]:
        """The secondary items, in order."""
        return self._secondary

    @property
    def options(self) -> Tuple[Any, ...]:
        """The options, as given."""
        return self._options

    @property
    def bounds(self) -> Dict[Any, Tuple[int, int]]:
        """The primary items covered other than once, each with its ``(lo, hi)``."""
        return dict(self._bounds)

    @property
    def costs(self) -> Optional[Tuple[int, ...]]:
        """The options' costs, in option order, or ``None`` when none was given."""
        return self._costs

    def __len__(self) -> int:
        """The number of options."""
        return len(self._options)

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickled (and copied) as what it was made from; the engine is built again on loading."""
        return (Problem, (self._primary, self._secondary, self._options, self._bounds or None, self._costs))

    def __repr__(self) -> str:
        return (f"<dlx.Problem: {len(self._primary)} primary items, {len(self._secondary)} secondary, "
                f"{len(self._options)} options>")

    def solutions(self, limit: Optional[int] = None, seed: Optional[int] = None) -> Solutions:
        """The solutions, searched for one at a time as they are asked for.

        Returns an iterator (a :class:`Solutions`); each solution is a list
        of the problem's options, in the order the search chose them.  The
        first arrives as soon as the search reaches it, however many there
        are; nothing is searched before it is asked for.  *limit* stops
        after that many solutions.  The GIL is released while searching;
        Ctrl-C raises :class:`KeyboardInterrupt` within about 50 ms and ends
        the iterator, leaving the problem usable.  ``close()``, the end of a
        ``with`` block or dropping the iterator stops the search at once.

        The order is the search's, deterministic.  *seed* (an int from 0 to
        2**64-1) shuffles the order in which each item's options are tried,
        as ``dlx --seed`` does: the same seed gives the same order on every
        machine, and ``p.solutions(limit=1, seed=s)`` a varied solution; the
        solutions themselves never depend on it.
        """
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError("seed must be an int or None")
        return self._engine.solutions(_limit(limit, "limit"), seed)

    def __iter__(self) -> Iterator[List[Any]]:
        """Every solution: ``iter(p)`` is ``p.solutions()``."""
        return self.solutions()

    def first(self, seed: Optional[int] = None) -> Optional[List[Any]]:
        """The first solution (a list of options), or ``None`` when there is none; *seed* as for :meth:`solutions`."""
        with self.solutions(limit=1, seed=seed) as it:
            return next(it, None)

    def count(self, threads: Optional[int] = None, limit: Optional[int] = None,
              node_limit: Optional[int] = None, time_limit: Optional[float] = None) -> int:
        """The number of solutions (exact; a Python int).

        *threads*: threads to search with (default: the cores this process
        may run on, its CPU affinity, as ``dlx --count``); the count is the same for any number.  *limit*:
        stop counting at that many (``count(limit=2) == 1`` says unique).
        *node_limit* (search nodes) and *time_limit* (seconds) stop a long
        search: then :class:`LimitReached` is raised, whose ``count`` is the
        solutions found so far.  The GIL is released; Ctrl-C raises
        :class:`KeyboardInterrupt` and leaves the problem usable.
        """
        threads = _threads(threads)
        tl = _time_limit(time_limit)
        n, stop = self._engine.count(threads, _limit(limit, "limit"), _limit(node_limit, "node_limit"), tl)
        if stop in ("node_limit", "time_limit"):
            raise LimitReached(n, self.stats)
        return n

    def estimate(self, probes: int = 1000, seed: int = 0, part: Optional[Tuple[int, int]] = None,
                 time_limit: Optional[float] = None) -> Estimate:
        """Knuth's estimate of the size of the search tree, without searching it.

        *probes* random walks from the root to a leaf (as ``dlx --estimate``),
        each choosing among a node's children uniformly; their mean estimates
        the nodes and solutions that :meth:`count` with one thread would
        visit and find, with its standard error (see :class:`Estimate`).
        Deterministic for a *seed*.  *part* = ``(K, M)`` estimates the K-th
        of M parts as ``dlx --part K/M`` cuts them.  *time_limit* seconds (or
        Ctrl-C, which raises :class:`KeyboardInterrupt`) stop the probes
        early; the estimate is then from those made (``stop`` says so).
        Raises :class:`ValueError` for a bad argument.  The GIL is released.
        """
        # Not _limit(): there 2**64 and up mean "no limit", which a number of probes cannot be.
        if isinstance(probes, bool) or not isinstance(probes, int) or not 1 <= probes < 1 << 64:
            raise ValueError("probes must be an int from 1 to 2**64-1")
        n = probes
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError("seed must be an int from 0 to 2**64-1")
        k, m = 0, 0
        if part is not None:
            if (not isinstance(part, tuple) or len(part) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in part)
                    or not 1 <= part[0] <= part[1] <= 65536):
                raise ValueError("part must be (K, M) with 1 <= K <= M <= 65536")
            if self._bounds:
                raise ValueError("part: a problem with bounds is estimated whole (its parts are cut another way)")
            k, m = part
        tl = _time_limit(time_limit)
        return Estimate(*self._engine.estimate(n, seed, k, m, tl))

    def best(self, k: int = 1, limit: Optional[int] = None, node_limit: Optional[int] = None,
             time_limit: Optional[float] = None) -> Best:
        """The *k* cheapest solutions, by the options' *costs* (as ``dlx --best=K``).

        A branch and bound after Knuth's DLX5 (bounds and colors honoured):
        far fewer nodes than enumerating every solution.  Returns a
        :class:`Best`; ties with the K-th cost are counted exactly.
        *limit* (solutions met), *node_limit* and *time_limit* (seconds) stop
        a long search: the result then says ``complete=False``.  One thread;
        the GIL is released, Ctrl-C raises :class:`KeyboardInterrupt`.
        Raises :class:`ValueError` for *k* outside 1 to 1,000,000.
        """
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1_000_000:
            raise ValueError("k must be an int from 1 to 1000000")
        tl = _time_limit(time_limit)
        found, ties, stop = self._engine.best(k, _limit(limit, "limit"), _limit(node_limit, "node_limit"), tl)
        return Best(found, ties, stop == "complete")

    def blocked(self) -> List[int]:
        """The indices of the options that can be in no solution, in order.

        An option is blocked when choosing it would leave a primary item
        with no option (the first rule of Knuth's DLX-PRE); an option found
        so is left out of the tests that follow, which may block more.
        Raises :class:`ValueError` for a problem with *bounds*.  The GIL is
        released.
        """
        if self._bounds:
            raise ValueError("blocked() knows exact covers: not a problem with bounds")
        return self._engine.blocked()

    def reduced(self) -> "Problem":
        """The problem without its :meth:`blocked` options (as ``dlx --reduce``).

        The same items, the other options (the same objects) in their order
        with their costs: the same solutions, usually found with fewer nodes.
        """
        out = set(self.blocked())
        keep = [o for o in range(len(self._options)) if o not in out]
        costs = [self._costs[o] for o in keep] if self._costs is not None else None
        return Problem(self._primary, self._secondary, [self._options[o] for o in keep], costs=costs)

    @property
    def stats(self) -> Stats:
        """The statistics of the problem's last search (see :class:`Stats`)."""
        return Stats(*self._engine.stats())


def _bounds_by_item(bounds: Optional[Mapping[Any, Union[int, Tuple[int, int]]]], index: Dict[Any, int], np: int,
                    names: List[Any]) -> Optional[List[Tuple[int, int]]]:
    """The bounds as a (lo, hi) per primary item, or None when none was given."""
    if bounds is None:
        return None
    pairs = [(1, 1)] * np
    for item, b in bounds.items():
        try:
            known = item in index
        except TypeError:
            known = False
        if not known:
            raise ValueError(f"bounds: unknown item {item!r}")
        if index[item] >= np:
            raise ValueError(f"bounds: {item!r} is a secondary item (covered at most once)")
        if isinstance(b, int) and not isinstance(b, bool):
            lo, hi = b, b
        elif (isinstance(b, tuple) and len(b) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in b)):
            lo, hi = b
        else:
            raise ValueError(f"bounds of {item!r}: an int or a (lo, hi) pair of ints, not {b!r}")
        if not 0 <= lo <= hi or not 1 <= hi <= 1_000_000_000:
            raise ValueError(f"bounds of {item!r}: {lo}:{hi} (need 0 <= lo <= hi and 1 <= hi <= 10**9)")
        pairs[index[item]] = (lo, hi)
    return pairs


def _costs_per_option(costs: Optional[Iterable[int]], n: int) -> Optional[List[int]]:
    """The costs as a list of ints, one per option, or None."""
    if costs is None:
        return None
    out = list(costs)
    if len(out) != n:
        raise ValueError(f"costs: {len(out)} given for {n} options")
    for o, c in enumerate(out):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 1 << 33:
            raise ValueError(f"option {o}: a cost is an int from 0 to 2**33-1, not {c!r}")
    return out


def _usable_cores() -> int:
    """The CPUs this process may run on: fewer than the machine's under taskset,
    a cpuset or a Slurm task's allocation (os.cpu_count() counts them all)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _threads(value: Optional[int]) -> int:
    """Threads as the engine takes them: 1 to 1024, as ``--threads``; None for the usable cores."""
    if value is None:
        return _usable_cores()
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1024:
        raise ValueError("threads must be an int from 1 to 1024, or None")
    return value


def _time_limit(value: Optional[float]) -> float:
    """Seconds as the engine takes them: 0.0 for none; math.inf, and anything
    over 10**9 seconds, is no limit either (the engine's clock would overflow)."""
    if value is None:
        return 0.0
    if isinstance(value, (bool, str, bytes)):
        raise ValueError("time_limit must be a positive number of seconds, or None")
    try:
        seconds = float(value)
    except OverflowError:  # an int past a float's range: far more than 10**9 seconds
        return math.inf
    except (TypeError, ValueError):
        raise ValueError("time_limit must be a positive number of seconds, or None") from None
    if not seconds > 0:
        raise ValueError("time_limit must be a positive number of seconds, or None")
    return seconds


def _limit(value: Optional[int], name: str) -> int:
    """A limit as the engine takes it: 0 for none."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive int or None")
    if value >= 1 << 64:
        return 0
    return value
