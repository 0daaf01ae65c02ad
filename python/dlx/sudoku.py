"""Sudoku on the dlx engine: any n²×n² board, X, windoku and jigsaw.

Puzzles are strings in the formats ``dlx-sudoku`` reads, detected the same
way: a line of N² symbols (``.``, ``_``, ``0`` or ``-`` for a blank), a grid
of N rows of N numbers (``0`` blank), compact rows of N symbols, or a grid
drawn with ``|``, ``-`` and ``+``.  Boards of 16x16 and up use the alphabets
of ``dlx-sudoku --alphabet`` (alnum, letters, hex).  Answers are written in
the puzzle's own layout unless *output* says (``"line"``, ``"grid"``,
``"compact"``, ``"pretty"``).

>>> from dlx import sudoku
>>> sudoku.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
'812753649943682175675491283154237896369845721287169534521974368438526917796318452'
>>> sudoku.is_unique("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
True

*variant* is ``"classic"`` (the default), ``"x"`` (both main diagonals),
``"windoku"`` or ``"jigsaw"``, or several joined by ``+`` (``"x+windoku"``);
a jigsaw needs *regions*, a board of region numbers 1..N written with the
puzzle's symbols (any format), as ``dlx-sudoku --regions`` reads it.

Every function that takes a puzzle also takes a :class:`Puzzle` that
:func:`read` made (a jigsaw's own map comes with it: such a puzzle is solved
as a jigsaw, with the other variants *variant* names), which saves reading
it again: ``[solve(p) for p in read(text)]``.  Pencil marks (the
``candidates`` and ``pencil`` formats) are refused with :class:`ValueError`:
the binding does not take them yet.

Bad text raises :class:`dlx.FormatError` with ``dlx-sudoku``'s message and
line.  Givens that contradict each other are not an error: such a puzzle has
no solution (:func:`solve` returns ``None``, :func:`count` 0), as with
``dlx-sudoku``; :func:`conflict` says why.

The solvers (one matrix per board shape, built on first use) are kept per
thread, so threads may solve puzzles at the same time; the GIL is released
while they search.  :func:`solve` and :func:`count` choose the engine as
``dlx-sudoku --engine auto``: boards past 25x25 that dancing links do not
answer within 1,000,000 nodes go, for a first solution (:func:`solve`, or
:func:`count` with ``limit=1``), to the local search
(which fills sparse boards such as the empty 100x100 one), then to the SAT
engine (a *node_limit* below that keeps them on dancing links).
"""

from __future__ import annotations

import os
import threading
import warnings
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

from . import _dlx, _limit, _threads, _time_limit
from ._dlx import FormatError

__all__ = ["Puzzle", "Grade", "Step", "Rating", "read", "solve", "count", "is_unique", "conflict", "grade",
           "explain", "rate", "generate", "FormatError"]

_VARIANTS = {"classic": 0, "x": _dlx.SUDOKU_X, "diagonal": _dlx.SUDOKU_X, "windoku": _dlx.SUDOKU_WINDOKU,
             "hyper": _dlx.SUDOKU_WINDOKU, "jigsaw": 0, "irregular": 0}
_LAYOUTS = ("line", "grid", "compact", "pretty")


class Puzzle(NamedTuple):
    """A puzzle as read by :func:`read`."""

    box: int
    """Box size n: the board is n²×n²."""
    cells: bytes
    """The N² cells in row-major order, 0 for a blank."""
    line: int
    """The line of its first row in the text."""
    format: str
    """The format it was read in: line, grid, compact, drawn or count."""
    alphabet: str
    """The symbols it used: alnum, letters or hex."""
    spaced: bool
    """A grid whose rows were words (numbers or symbols between blanks)."""
    regions: Optional[bytes]
    """Its jigsaw map (N² region numbers 1..N) when read with ``variant`` jigsaw and no map given."""
    note: Optional[str] = None
    """How the reader guessed where the guess could be wrong (the alphabet of a 16x16 puzzle whose
    givens fit two), as ``dlx-sudoku`` says on stderr; :func:`read` also warns with it."""


class Grade(NamedTuple):
    """A puzzle's grade (``dlx-sudoku --grade``)."""

    grade: int
    """Nodes its uniqueness search entered off the solution's path: 0 for puzzles singles solve."""
    guesses: int
    """Nodes of that search that branched on a cell or unit with two or more candidates left."""


class Step(NamedTuple):
    """One step of an explained solve (``dlx-sudoku --explain``), the easiest available."""

    technique: str
    """The technique as players name it: ``"hidden single"``, ``"X-wing"``, ``"forcing chain"``."""
    rating: float
    """Its weight on Sudoku Explainer's scale (1.2 for a hidden single in a box; chains grow with length)."""
    placements: List[Tuple[int, int, int]]
    """The digit it places, as ``[(row, column, digit)]`` (1-based), or ``[]``."""
    eliminations: List[Tuple[int, int, int]]
    """The candidates it removes before that, as ``(row, column, digit)``."""
    text: str
    """The line ``dlx-sudoku --explain`` prints for it: ``'r3c7=5  hidden single in row 3'``."""


class Rating(NamedTuple):
    """A puzzle's rating (``dlx-sudoku --rate``)."""

    rating: float
    """The hardest step needed, always taking the easiest, on Sudoku Explainer's scale; a lower bound
    (7.5 or more) when the ladder does not solve the puzzle."""
    difficulty: str
    """Its class: ``easy``, ``medium``, ``hard``, ``expert`` or ``beyond logic``."""

    @property
    def solved(self) -> bool:
        """Whether the ladder's techniques solve the puzzle (the rating is then exact)."""
        return self.difficulty != "beyond logic"


def _text(source: Union[str, bytes, "os.PathLike[str]"]) -> Tuple[bytes, Optional[str]]:
    """The bytes of a puzzle text or of a file, and the file's name."""
    if isinstance(source, bytes):
        return source, None
    if isinstance(source, str):
        return source.encode("utf-8", "surrogateescape"), None
    name = os.fspath(source)
    with open(name, "rb") as f:
        return f.read(), os.fsdecode(name)


def _flags(variant: str) -> Tuple[int, bool]:
    """The variant flags and whether it is a jigsaw."""
    flags, jigsaw = 0, False
    for part in variant.replace(",", "+").split("+"):
        name = part.strip().lower()
        if name not in _VARIANTS:
            raise ValueError(f"unknown variant {part!r} (classic, x, windoku, jigsaw, joined by +)")
        flags |= _VARIANTS[name]
        jigsaw |= name in ("jigsaw", "irregular")
    return flags, jigsaw


def read(text: Union[str, bytes, "os.PathLike[str]"], format: str = "auto", alphabet: str = "auto",
         variant: str = "classic", regions: Optional[str] = None, path: bool = False) -> List[Puzzle]:
    """Every puzzle of a text, as ``dlx-sudoku`` reads it.

    *text* is the text (``str`` or ``bytes``), or with ``path=True`` (or an
    :class:`os.PathLike`) a file's name.  *format* is ``auto``, ``line``,
    ``grid``, ``compact``, ``drawn`` or ``count``; *alphabet* ``auto``,
    ``alnum``, ``letters`` or ``hex``.  With a jigsaw *variant* and no
    *regions*, each puzzle is followed by its own region map.  Raises
    :class:`dlx.FormatError` with the line at fault.
    """
    name: Optional[str]
    if path:
        fname = os.fsdecode(os.fspath(text))
        with open(fname, "rb") as f:
            data, name = f.read(), fname
    else:
        data, name = _text(text)
    _, jigsaw = _flags(variant)
    try:
        found = [Puzzle(*p) for p in _dlx.sudoku_read(data, format, alphabet, jigsaw and regions is None)]
    except FormatError as e:
        e.filename = name
        raise
    _warn_notes(found, name, 3)
    return found


def _warn_notes(found: List[Puzzle], name: Optional[str], stacklevel: int) -> None:
    """A :class:`dlx.FormatWarning` for each puzzle read by a guess that could be wrong."""
    from . import FormatWarning
    for pz in found:
        if pz.note:
            warnings.warn(f"{name or '<text>'}:{pz.line}: {pz.note}", FormatWarning, stacklevel=stacklevel)


_local = threading.local()


def _solver(box: int, flags: int, regions: Optional[bytes]) -> "_dlx.SudokuSolver":
    """This thread's solver of the shape, built on first use."""
    cache: Dict[Tuple[int, int, Optional[bytes]], _dlx.SudokuSolver] = getattr(_local, "solvers", None) or {}
    _local.solvers = cache
    key = (box, flags, regions)
    s = cache.get(key)
    if s is None:
        if len(cache) >= 16:
            cache.clear()
        s = cache[key] = _dlx.SudokuSolver(box, flags, regions)
    return s


def _checked(pz: Puzzle) -> Puzzle:
    """A Puzzle as :func:`read` makes them (one may be built by hand): ValueError otherwise."""
    box = pz.box
    if isinstance(box, bool) or not isinstance(box, int) or not _dlx.SUDOKU_MIN_BOX <= box <= _dlx.SUDOKU_MAX_BOX:
        raise ValueError(f"box must be an int from {_dlx.SUDOKU_MIN_BOX} to {_dlx.SUDOKU_MAX_BOX}, not {box!r}")
    n = box * box
    if not isinstance(pz.cells, bytes) or len(pz.cells) != n * n:
        raise ValueError(f"cells must be the {n * n} bytes of a {n}x{n} board")
    if max(pz.cells) > n:
        k = next(k for k, v in enumerate(pz.cells) if v > n)
        raise ValueError(f"r{k // n + 1}c{k % n + 1} holds {pz.cells[k]}, more than {n}")
    return pz


class _Job(NamedTuple):
    puzzle: Puzzle
    solver: "_dlx.SudokuSolver"
    layout: str


def _one(puzzle: Union[str, bytes, Puzzle], variant: str, regions: Optional[str], format: str, alphabet: str,
         output: Optional[str]) -> _Job:
    """The one puzzle of a text (or as read), its solver and the layout of its answers."""
    flags, jigsaw = _flags(variant)
    if isinstance(puzzle, Puzzle):
        pz = _checked(puzzle)
        # A puzzle read with its jigsaw map is a jigsaw whatever *variant* says besides:
        # solved as classic, its answer broke the regions.
        if regions is None and pz.regions is not None:
            return _Job(pz, _solver(pz.box, flags, pz.regions), _layout(pz, output))
    else:
        data, _ = _text(puzzle)
        found = [Puzzle(*p) for p in _dlx.sudoku_read(data, format, alphabet, False)]
        if len(found) != 1:
            raise ValueError(f"expected one puzzle, found {len(found)}")
        pz = found[0]
        _warn_notes(found, None, 4)
    if jigsaw and regions is None:
        raise ValueError("a jigsaw needs its region map: regions=")
    rmap = None
    if jigsaw:
        rdata, _ = _text(regions)  # type: ignore[arg-type]
        rbox, rmap = _dlx.sudoku_read_regions(rdata, pz.alphabet)
        if rbox != pz.box:
            raise ValueError(f"the region map is {rbox * rbox}x{rbox * rbox}, the puzzle "
                             f"{pz.box * pz.box}x{pz.box * pz.box}")
    return _Job(pz, _solver(pz.box, flags, rmap), _layout(pz, output))


def _layout(pz: Puzzle, output: Optional[str]) -> str:
    """The layout of a puzzle's answers: *output*, or the puzzle's own (as dlx-sudoku chooses it)."""
    if output is None:
        output = {"line": "line", "grid": "grid", "drawn": "pretty"}.get(pz.format, "compact")
        if pz.format == "count" and pz.spaced:
            output = "grid"
    elif output not in _LAYOUTS:
        raise ValueError(f"unknown output {output!r} ({', '.join(_LAYOUTS)})")
    return output


def _write(job: _Job, board: bytes) -> str:
    return _dlx.sudoku_write(board, job.puzzle.box, job.layout, job.puzzle.alphabet)


def solve(puzzle: Union[str, bytes, Puzzle], *, variant: str = "classic", regions: Optional[str] = None,
          format: str = "auto", alphabet: str = "auto", output: Optional[str] = None,
          node_limit: Optional[int] = None, time_limit: Optional[float] = None) -> Optional[str]:
    """The first solution of one puzzle, as text in its layout (or *output*'s).

    ``None`` when it has no solution (contradictory givens included).  A
    search stopped by *node_limit* or *time_limit* raises
    :class:`dlx.LimitReached`.  See the module's documentation for the
    formats and variants.
    """
    job = _one(puzzle, variant, regions, format, alphabet, output)
    n, first, stop, _, stats = job.solver.solve(job.puzzle.cells, 1, _limit(node_limit, "node_limit"),
                                                _time_limit(time_limit), 1)
    if first is None:
        _check_stop(n, stop, stats)
        return None
    return _write(job, first)


def _check_stop(n: int, stop: str, stats: Tuple[int, int, int, int, int, float, str]) -> None:
    if stop in ("node_limit", "time_limit"):
        from . import LimitReached, Stats
        raise LimitReached(n, Stats(*stats))


def count(puzzle: Union[str, bytes, Puzzle], limit: Optional[int] = 2, *, variant: str = "classic",
          regions: Optional[str] = None, format: str = "auto", alphabet: str = "auto",
          threads: int = 1, node_limit: Optional[int] = None, time_limit: Optional[float] = None) -> int:
    """The number of solutions of one puzzle, up to *limit* (default 2: 0, 1 or 2).

    ``limit=None`` counts them all (with *threads* > 1 the search of this
    one puzzle is split over that many threads).  A search stopped by
    *node_limit* or *time_limit* raises :class:`dlx.LimitReached`.
    """
    job = _one(puzzle, variant, regions, format, alphabet, None)
    threads = _threads(threads)
    n, _, stop, _, stats = job.solver.solve(job.puzzle.cells, _limit(limit, "limit"),
                                            _limit(node_limit, "node_limit"), _time_limit(time_limit), threads)
    _check_stop(n, stop, stats)
    return n


def is_unique(puzzle: Union[str, bytes, Puzzle], **kwargs: Any) -> bool:
    """Whether the puzzle has exactly one solution (``dlx-sudoku --unique``)."""
    return count(puzzle, 2, **kwargs) == 1


def conflict(puzzle: Union[str, bytes, Puzzle], *, variant: str = "classic", regions: Optional[str] = None,
             format: str = "auto", alphabet: str = "auto") -> Optional[str]:
    """Why the givens contradict each other, e.g. ``'r1c1 and r1c5 both hold 3'``; ``None`` if they do not."""
    job = _one(puzzle, variant, regions, format, alphabet, None)
    _, _, _, why, _ = job.solver.solve(job.puzzle.cells, 1, 1, 0.0, 1)
    return why


def grade(puzzle: Union[str, bytes, Puzzle], *, variant: str = "classic", regions: Optional[str] = None,
          format: str = "auto", alphabet: str = "auto", node_limit: Optional[int] = None,
          time_limit: Optional[float] = None) -> Optional[Grade]:
    """The puzzle's difficulty grade (``dlx-sudoku --grade``), or ``None`` without a unique solution.

    The grade counts the search nodes its uniqueness check enters off the
    solution's path; it depends on the puzzle alone (see the README's
    Grading).  A search stopped by a limit raises :class:`dlx.LimitReached`.
    """
    job = _one(puzzle, variant, regions, format, alphabet, None)
    g, n, guesses, stop, _ = job.solver.grade(job.puzzle.cells, _limit(node_limit, "node_limit"),
                                              _time_limit(time_limit))
    if stop in ("node_limit", "time_limit"):
        from . import LimitReached, Stats
        raise LimitReached(n, Stats(n, 0, 0, guesses, 0, 0.0, stop))
    return None if g is None else Grade(g, guesses)


def _explained(puzzle: Union[str, bytes, Puzzle], format: str,
               alphabet: str) -> Optional[Tuple[List[Step], Rating]]:
    """The steps and the rating of a classic 9x9 puzzle, or ``None`` without a unique solution."""
    job = _one(puzzle, "classic", None, format, alphabet, None)
    if job.puzzle.box != 3 or job.puzzle.regions is not None:
        raise ValueError("explain and rate know classic 9x9 sudoku only")
    # A rating means something only for a unique puzzle, and the uniqueness techniques rely on it.
    if count(job.puzzle) != 1:
        return None
    steps, tenths, _, difficulty = _dlx.sudoku_explain(job.puzzle.cells)
    return ([Step(t, r / 10, p, e, text) for t, r, p, e, text in steps], Rating(tenths / 10, difficulty))


def explain(puzzle: Union[str, bytes, Puzzle], *, format: str = "auto",
            alphabet: str = "auto") -> Optional[List[Step]]:
    """The steps a person would take on a classic 9x9 puzzle (``dlx-sudoku --explain``).

    Always the easiest step available, from hidden singles to forcing
    chains; when the ladder runs out before the board is full, the steps
    stop there (:func:`rate` then says ``beyond logic``).  ``None`` when
    the puzzle has no solution or several.  Other boards raise
    :class:`ValueError`.
    """
    done = _explained(puzzle, format, alphabet)
    return None if done is None else done[0]


def rate(puzzle: Union[str, bytes, Puzzle], *, format: str = "auto", alphabet: str = "auto") -> Optional[Rating]:
    """The puzzle's rating on Sudoku Explainer's scale and its class (``dlx-sudoku --rate``).

    ``None`` when the puzzle has no solution or several; other boards than
    classic 9x9 raise :class:`ValueError`.
    """
    done = _explained(puzzle, format, alphabet)
    return None if done is None else done[1]


def generate(n: int = 3, seed: int = 0, minimal: bool = True, *, clues: Optional[int] = None,
             symmetric: bool = False, number: int = 0, variant: str = "classic",
             regions: Optional[str] = None, output: str = "line", node_limit: Optional[int] = None,
             time_limit: Optional[float] = None) -> str:
    """A puzzle with exactly one solution on an n²×n² board (``dlx-sudoku --generate``).

    *seed* chooses the series and *number* the puzzle in it: ``generate(seed=s,
    number=k)`` is the (k+1)-th puzzle of ``dlx-sudoku --generate K --seed s``,
    the same on every machine.  *minimal* takes clues away until none can go
    without a second solution; ``clues=K`` (with ``minimal=False``) stops at
    K clues instead.  *symmetric* keeps 180-degree rotational symmetry.
    *node_limit* caps each uniqueness search (default 10,000,000 nodes) and
    *time_limit* the puzzle; a puzzle that falls short of its request raises
    :class:`dlx.LimitReached`.  Returns the puzzle as text (*output*: line,
    grid, compact or pretty).
    """
    if isinstance(n, bool) or not isinstance(n, int) or not _dlx.SUDOKU_MIN_BOX <= n <= _dlx.SUDOKU_MAX_BOX:
        raise ValueError(f"n must be {_dlx.SUDOKU_MIN_BOX}..{_dlx.SUDOKU_MAX_BOX}")
    if clues is not None and minimal:
        raise ValueError("clues= stops short of minimal: pass minimal=False with it")
    if clues is None and not minimal:
        raise ValueError("minimal=False needs clues=")
    if not isinstance(seed, int) or not 0 <= seed < 1 << 64 or not isinstance(number, int) or number < 0:
        raise ValueError("seed and number must be ints, 0 or more (seed below 2**64)")
    if output not in _LAYOUTS:
        raise ValueError(f"unknown output {output!r} ({', '.join(_LAYOUTS)})")
    flags, jigsaw = _flags(variant)
    rmap = None
    if jigsaw:
        if regions is None:
            raise ValueError("a jigsaw needs its region map: regions=")
        rdata, _ = _text(regions)
        rbox, rmap = _dlx.sudoku_read_regions(rdata, "auto")
        if rbox != n:
            raise ValueError(f"the region map is {rbox * rbox}x{rbox * rbox}, not {n * n}x{n * n}")
    solver = _solver(n, flags, rmap)
    puzzle, _, k, is_minimal, stop = solver.generate(seed, number, clues or 0, symmetric,
                                                     _limit(node_limit, "node_limit"), _time_limit(time_limit))
    if puzzle is None or stop != "complete" or (minimal and not is_minimal):
        from . import LimitReached, Stats
        raise LimitReached(0 if puzzle is None else 1, Stats(0 if puzzle is None else 1, 0, 0, 0, 0, 0.0,
                                                             stop if stop != "complete" else "node_limit"))
    return _dlx.sudoku_write(puzzle, n, output, "auto")
