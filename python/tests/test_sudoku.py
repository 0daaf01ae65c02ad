"""dlx.sudoku: solutions checked by an independent rules checker written
here, counts, uniqueness, generation, grades, formats, variants, errors."""

import itertools
import math
import os
import threading

import pytest

import dlx
from dlx import sudoku
from conftest import DATA, SHARED, TEST_DATA

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&"


# ---- an independent checker ----------------------------------------------

def units(box, variant="classic", regions=None):
    """The cells of every unit of an n²×n² board (row-major indices)."""
    n = box * box
    us = [[r * n + c for c in range(n)] for r in range(n)]
    us += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None:
        us += [[(br * box + r) * n + bc * box + c for r in range(box) for c in range(box)]
               for br in range(box) for bc in range(box)]
    else:
        us += [[k for k in range(n * n) if regions[k] == reg] for reg in range(1, n + 1)]
    if "x" in variant.split("+"):
        us += [[k * n + k for k in range(n)], [k * n + n - 1 - k for k in range(n)]]
    if "windoku" in variant.split("+"):
        starts = [1 + k * (box + 1) for k in range(box - 1)]
        us += [[(r0 + r) * n + c0 + c for r in range(box) for c in range(box)] for r0 in starts for c0 in starts]
    return us


def digits(text, n):
    """A line-layout board as digits 1..n (0 blank)."""
    return [0 if ch in "._0-" else SYMBOLS.index(ch) + 1 for ch in text]


def assert_solves(puzzle_line, solution_line, box, variant="classic", regions=None):
    n = box * box
    p, s = digits(puzzle_line, n), digits(solution_line, n)
    assert len(s) == n * n
    assert all(1 <= d <= n for d in s)
    assert all(g in (0, d) for g, d in zip(p, s)), "a given was changed"
    for u in units(box, variant, regions):
        assert sorted(s[k] for k in u) == list(range(1, n + 1)), f"unit {u} broken"


def lines(path, limit=None):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if limit and len(out) == limit:
                    break
    return out


# ---- solving -------------------------------------------------------------

def test_solve_sample_17_clue(data):
    for puzzle in lines(data / "sudoku17-sample.txt", 300):
        sol = sudoku.solve(puzzle)
        assert_solves(puzzle, sol, 3)


def test_solve_16x16_sample(data):
    for puzzle in lines(data / "sudoku16-sample.txt", 5):
        sol = sudoku.solve(puzzle)
        assert len(sol) == 256
        # The sample is in hex (0 is a blank): the answer keeps the puzzle's alphabet.
        hexed = "".join(SYMBOLS[int(ch, 17) - 1] if ch not in "0." else "." for ch in puzzle)
        assert_solves(hexed, "".join(SYMBOLS[int(ch, 17) - 1] for ch in sol), 4)


@pytest.mark.skipif(not (SHARED / "sudoku9").is_dir(), reason="../shared/data is not here")
@pytest.mark.parametrize("name", ["17_clue.txt", "forum_hardest_1905_11plus.txt", "magictour_top1465.txt",
                                  "serg_benchmark.txt", "se_rated_sample.txt"])
def test_shared_collections(name):
    for puzzle in lines(SHARED / "sudoku9" / name, 200):
        puzzle = puzzle[:81]
        sol = sudoku.solve(puzzle)
        assert sol is not None
        assert_solves(puzzle, sol, 3)
        n = sudoku.count(puzzle)
        assert n in (1, 2)
        assert sudoku.is_unique(puzzle) == (n == 1)


def test_counts_known(test_data):
    # Counts checked by an independent brute-force counter (see the file's header).
    for line in lines(test_data / "sudoku" / "counts.txt"):
        puzzle, want = line.rsplit(":", 1)
        assert sudoku.count(puzzle, limit=None) == int(want)
        assert sudoku.count(puzzle, limit=None, threads=2) == int(want)
        assert sudoku.count(puzzle) == min(int(want), 2)


def test_empty_4x4_board_count():
    assert sudoku.count("." * 16, limit=None) == 288


def test_variants(test_data):
    for line in lines(test_data / "sudoku" / "variants.txt"):
        parts = line.split(":")
        kind, puzzle, want = parts[:3]
        box = {16: 2, 81: 3, 256: 4}[len(puzzle)]
        regions = None
        kwargs = {"variant": kind}
        if len(parts) > 3:
            regions = [int(ch, 36) for ch in parts[3]]
            kwargs["regions"] = parts[3]
        sol = sudoku.solve(puzzle, **kwargs)
        assert sol == want
        assert_solves(puzzle, sol, box, kind, regions)
        assert sudoku.is_unique(puzzle, **kwargs)


def test_formats_and_layouts():
    line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    want = sudoku.solve(line)
    rows = [line[k:k + 9] for k in range(0, 81, 9)]
    compact = "\n".join(rows)
    grid = "\n".join(" ".join("0" if ch == "." else ch for ch in r) for r in rows)
    drawn = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "")
        + " | ".join(" ".join(rows[r][c:c + 3]) for c in (0, 3, 6)) for r in range(9))
    assert sudoku.solve(compact) == "\n".join(want[k:k + 9] for k in range(0, 81, 9))
    assert sudoku.solve(grid) == "\n".join(" ".join(want[k:k + 9]) for k in range(0, 81, 9))
    drawn_answer = sudoku.solve(drawn)
    assert "|" in drawn_answer and "+" in drawn_answer
    assert "".join(ch for ch in drawn_answer if ch.isdigit()) == want
    assert sudoku.solve(compact, output="line") == want
    assert sudoku.solve(line, output="grid") == sudoku.solve(grid)
    assert [p.format for p in sudoku.read(line + "\n" + line + "\n")] == ["line", "line"]


def test_read_many(data):
    puzzles = sudoku.read(data / "sudoku17-sample.txt")
    assert len(puzzles) == 1000
    assert all(p.box == 3 and len(p.cells) == 81 for p in puzzles)
    assert puzzles[0].line >= 1


HEX16 = ("A.67.4D.2..9C.BF..3..6...B.E9..19..........326....4...8E.......7.3..A7...D.682....D26B....ECA..38E"
         ".6..4C.2....7.4..C.E2.1397B.F..7......A....FC4..C......7..E.D...9.8.E..56...AB...B.9A....D613.69.8."
         "A0...4..52.C.BDE.6.9....7......D.9..C..4....524F8B..A..D...")


def test_read_notes_guesses():
    """A reading that is a guess says so: Puzzle.note and a FormatWarning (the CLI's note on stderr)."""
    sure = sudoku.read(HEX16)
    assert sure[0].alphabet == "hex" and sure[0].note is None
    # '0' the only blank, symbols hex could read too: alnum, and a warning naming the line.
    guess = "\n" + HEX16.replace("0", "1").replace(".", "0") + "\n"
    with pytest.warns(dlx.FormatWarning, match=r"<text>:2: '0' read as a blank") as w:
        puzzles = sudoku.read(guess)
    assert len(w) == 1 and w[0].filename == __file__
    assert puzzles[0].alphabet == "alnum" and "--alphabet hex" in puzzles[0].note
    with pytest.warns(dlx.FormatWarning) as w:
        sudoku.solve(guess.strip())
    assert w[0].filename == __file__
    # The same puzzle as a grid of words: hex, with no guess.
    spaced = "\n".join(" ".join(HEX16[r * 16:r * 16 + 16]) for r in range(16))
    assert sudoku.read(spaced)[0].cells == sure[0].cells
    # A Puzzle built by hand needs no note.
    assert sudoku.Puzzle(4, sure[0].cells, 1, "line", "hex", False, None).note is None


def test_no_solution_and_conflicts():
    clash = "11" + "." * 79
    assert sudoku.solve(clash) is None
    assert sudoku.count(clash) == 0
    assert sudoku.conflict(clash) == "r1c1 and r1c2 both hold 1"
    assert sudoku.conflict("." * 81) is None
    assert sudoku.grade(clash) is None
    # Givens that break no unit but leave no solution.
    # r1c9 must hold 9, which r2c9 holds in the same box.
    dead = "12345678." + "........9" + "." * 63
    assert sudoku.conflict(dead) is None
    assert sudoku.solve(dead) is None
    assert sudoku.count(dead, limit=None) == 0


@pytest.mark.parametrize("text,line,message", [
    ("1234\n", 1, ""),
    ("# a comment\n" + "." * 80 + "\n", 2, "wrong length"),
    ("." * 81 + "\n" + "." * 40 + "x" + "." * 40 + "\n", 2, ""),
])
def test_bad_text(text, line, message):
    with pytest.raises(dlx.FormatError) as e:
        sudoku.read(text)
    assert e.value.line == line
    assert message in e.value.message


def test_solve_wants_one_puzzle():
    with pytest.raises(ValueError):
        sudoku.solve("." * 81 + "\n" + "." * 81 + "\n")
    with pytest.raises(ValueError):
        sudoku.solve("." * 81, variant="sideways")
    with pytest.raises(ValueError):
        sudoku.solve("." * 81, variant="jigsaw")


# ---- generating and grading ----------------------------------------------

@pytest.mark.parametrize("n,seed", [(2, 1), (3, 1), (3, 2), (3, 7)])
def test_generate_minimal_unique(n, seed):
    puzzle = sudoku.generate(n=n, seed=seed)
    assert puzzle == sudoku.generate(n=n, seed=seed)  # the same for a seed
    assert len(puzzle) == n ** 4
    assert sudoku.is_unique(puzzle)
    assert_solves(puzzle, sudoku.solve(puzzle), n)
    # Minimal: every clue taken away again allows a second solution.
    for k, ch in enumerate(puzzle):
        if ch != ".":
            assert sudoku.count(puzzle[:k] + "." + puzzle[k + 1:]) == 2


def test_generate_series_and_options():
    a, b = sudoku.generate(seed=5), sudoku.generate(seed=5, number=1)
    assert a != b
    sym = sudoku.generate(seed=3, symmetric=True)
    assert all((sym[k] == ".") == (sym[80 - k] == ".") for k in range(81))
    some = sudoku.generate(seed=3, minimal=False, clues=40)
    assert sum(ch != "." for ch in some) >= 40 and sudoku.is_unique(some)
    x = sudoku.generate(seed=4, variant="x")
    assert sudoku.is_unique(x, variant="x")
    assert_solves(x, sudoku.solve(x, variant="x"), 3, "x")
    pretty = sudoku.generate(seed=1, output="pretty")
    assert "|" in pretty
    with pytest.raises(ValueError):
        sudoku.generate(n=1)
    with pytest.raises(ValueError):
        sudoku.generate(clues=30)
    with pytest.raises(ValueError):
        sudoku.generate(seed=-1)


def test_grades_rank_easy_below_hard(test_data):
    easy = [sudoku.grade(p) for p in lines(test_data / "sudoku" / "grade-easy.txt", 60)]
    hard = [sudoku.grade(p) for p in lines(test_data / "sudoku" / "grade-hard.txt", 60)]
    assert all(g is not None for g in easy + hard)
    mean = lambda gs: sum(g.grade for g in gs) / len(gs)
    assert mean(easy) * 5 < mean(hard)
    assert all(g.grade >= 0 and g.guesses >= 0 for g in easy + hard)


def test_grade_of_a_singles_puzzle():
    # A full board less one cell: one candidate there, no guess.
    full = sudoku.solve(sudoku.generate(seed=9))
    assert sudoku.grade("." + full[1:]) == sudoku.Grade(0, 0)
    assert sudoku.grade("." * 81) is None  # many solutions


def test_limits_raise():
    hard = lines(TEST_DATA / "sudoku" / "grade-hard.txt", 1)[0]
    with pytest.raises(dlx.LimitReached):
        sudoku.count(hard, node_limit=5)
    with pytest.raises(dlx.LimitReached):
        sudoku.solve("." * 256, node_limit=10)


def test_threads_solve_at_once(data):
    puzzles = lines(data / "sudoku17-sample.txt", 200)
    want = [sudoku.solve(p) for p in puzzles]
    results = {}

    def work(k):
        results[k] = [sudoku.solve(p) for p in puzzles]

    ts = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(results[k] == want for k in range(3))


def test_puzzles_as_read(data):
    text = "\n".join(lines(data / "sudoku17-sample.txt", 50)) + "\n"
    puzzles = sudoku.read(text)
    assert [sudoku.solve(p) for p in puzzles] == [sudoku.solve(line) for line in text.split()]
    assert all(sudoku.is_unique(p) for p in puzzles)
    # A jigsaw whose map follows the puzzle: the Puzzle brings its map along.
    jig = sudoku.read("1...........4..2\n1122112234443334\n", variant="jigsaw")
    assert len(jig) == 1 and jig[0].regions is not None
    assert sudoku.solve(jig[0], variant="jigsaw") == "1234342121434312"
    assert sudoku.solve(jig[0], variant="jigsaw", output="compact") == "1234\n3421\n2143\n4312"
    # Its map makes it a jigsaw without variant= too (it was solved as classic, breaking the regions).
    classic = sudoku.solve("1...........4..2")
    assert classic != "1234342121434312"
    assert sudoku.solve(jig[0]) == "1234342121434312"
    assert sudoku.count(jig[0], limit=None) == sudoku.count("1...........4..2", variant="jigsaw",
                                                            regions="1122112234443334", limit=None)
    with pytest.raises(ValueError, match="classic 9x9"):
        sudoku.explain(sudoku.read("." * 81 + "\n" + "".join(str(k // 9 + 1) for k in range(81)) + "\n",
                                   variant="jigsaw")[0])


def test_pencil_marks_are_refused():
    # Read as their single-candidate cells alone, they were another puzzle: 292 solutions for 1.
    given = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    marks = "".join("123456789" if c == "." else "." * (int(c) - 1) + c + "." * (9 - int(c)) for c in given)
    with pytest.raises(ValueError, match="pencil marks"):
        sudoku.read(marks)
    with pytest.raises(ValueError, match="pencil marks"):
        sudoku.count(marks)


@pytest.mark.skipif(not os.path.exists(os.path.join(os.path.dirname(dlx.__file__), "dlx-cadical.so")),
                    reason="built without CaDiCaL: no SAT engine beside the extension")
def test_big_boards_go_to_the_sat_engine(test_data):
    # As dlx-sudoku's default engine: past 25x25, what dancing links do not answer within a
    # million nodes goes to the SAT engine (the binding had kept to dancing links).
    (puzzle,) = lines(test_data / "sudoku" / "sat36.txt")
    # Its givens fit hex too (no '0', no letter past hex's): said, not guessed.
    with pytest.raises(dlx.LimitReached):
        sudoku.solve(puzzle, node_limit=999_999, alphabet="alnum")  # below the budget: dancing links alone
    assert_solves(puzzle, sudoku.solve(puzzle, time_limit=300, alphabet="alnum"), 6)
    assert sudoku.count(puzzle, limit=1, alphabet="alnum") == 1


def test_empty_big_boards_go_to_the_local_search():
    # Dancing links stall on the empty 64x64 board (and the SAT engine on 81x81 and up): past
    # their budget solve() fills it by local search, with or without CaDiCaL.
    board = "." * 4096
    assert_solves(board, sudoku.solve(board, time_limit=300), 8)


def test_puzzles_built_by_hand_are_checked():
    good = sudoku.read("." * 81)[0]
    assert sudoku.count(good._replace(cells=bytes([1]) + bytes(80)), limit=2) == 2
    # A box past 32 bits was taken modulo 2**32 (a 9x9 board); a digit past N gave no solution.
    for bad, message in ((good._replace(box=2**32 + 3), "box must be"), (good._replace(box=-1), "box must be"),
                         (good._replace(box=True), "box must be"), (good._replace(cells=bytes(80)), "81 bytes"),
                         (good._replace(cells=bytes([0, 10]) + bytes(79)), "r1c2 holds 10, more than 9")):
        with pytest.raises(ValueError, match=message):
            sudoku.solve(bad)
    for bad in (0, 1025, 2**32 + 1):
        with pytest.raises(ValueError, match="threads"):
            sudoku.count(good, limit=2, threads=bad)
    assert sudoku.count(good, limit=3, time_limit=math.inf) == 3


def test_rectangular_boxes_are_refused_clearly():
    # dlx-sudoku reads 6x6 boards of 2x3 boxes; the binding's boards are n x n boxes for now.
    six = "123456\n456123\n231564\n564231\n312645\n645312\n"
    with pytest.raises(ValueError, match="square boxes only"):
        sudoku.read(six)
