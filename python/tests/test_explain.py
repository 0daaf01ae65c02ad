"""dlx.sudoku.explain and rate: every step checked against the puzzle's
solution (placements right, eliminations never the solution's digit, the
placements filling the board), the text and ratings against the golden
cases of dlx-sudoku --explain and --rate, and the errors."""

import re

import pytest

from dlx import sudoku
from conftest import TEST_DATA

EXPLAIN = TEST_DATA / "cli" / "dlx-sudoku" / "explain"
# Past the dynamic forcing chains (magictour top 1465, second puzzle): its long chains rate 9.5 first.
BEYOND = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."


def cli_rating(r):
    """A Rating as dlx-sudoku --rate prints it."""
    return f"{r.rating:.1f} {r.difficulty}" if r.solved else f">={r.rating:.1f} {r.difficulty}"


def check_steps(puzzle, steps):
    """Each step against the solution, found by the search, not by the explainer."""
    solution = sudoku.solve(puzzle)
    assert solution is not None
    board = ["." if ch in "._0-" else ch for ch in puzzle]
    for s in steps:
        assert s.placements or s.eliminations, s
        assert s.rating >= 1.2
        for r, c, d in s.eliminations:
            assert 1 <= r <= 9 and 1 <= c <= 9 and 1 <= d <= 9
            assert solution[(r - 1) * 9 + c - 1] != str(d), f"{s.text}: removes the solution's {d} at r{r}c{c}"
            assert f"r{r}c{c}" in s.text and f"<>{d}" in s.text, s
        assert len(s.placements) <= 1
        for r, c, d in s.placements:
            k = (r - 1) * 9 + c - 1
            assert solution[k] == str(d), f"{s.text}: places {d} where the solution has {solution[k]}"
            assert board[k] == ".", f"{s.text}: r{r}c{c} was filled"
            board[k] = str(d)
            assert s.text.startswith(f"r{r}c{c}={d}  "), s
        assert s.technique in s.text or s.technique in ("pointing", "claiming")
    return "".join(board), solution


@pytest.mark.parametrize("seed", range(12))
def test_steps_against_the_solution(seed):
    puzzle = sudoku.generate(seed=seed, number=seed)
    steps = sudoku.explain(puzzle)
    rating = sudoku.rate(puzzle)
    assert steps is not None and rating is not None
    board, solution = check_steps(puzzle, steps)
    if rating.solved:
        assert board == solution, "the placements do not fill the board"
        assert rating.rating == max(s.rating for s in steps)
        bands = [(2.5, "easy"), (3.4, "medium"), (4.4, "hard"), (99.0, "expert")]
        assert rating.difficulty == next(name for top, name in bands if rating.rating <= top + 1e-9)
    else:
        assert "." in board and rating.difficulty == "beyond logic" and rating.rating >= 7.5


def test_beyond_logic():
    steps = sudoku.explain(BEYOND)
    rating = sudoku.rate(BEYOND)
    assert rating == sudoku.Rating(9.5, "beyond logic")
    assert not rating.solved
    board, solution = check_steps(BEYOND, steps)
    assert board != solution and "." in board


def test_text_as_the_cli_prints_it():
    puzzle = (EXPLAIN / "explain-x-wing.in").read_text()
    expected = (EXPLAIN / "explain-x-wing.out").read_text().splitlines()
    steps = sudoku.explain(puzzle)
    rating = sudoku.rate(puzzle)
    assert [s.text for s in steps] + ["solved: " + cli_rating(rating)] == expected
    assert any(s.technique == "X-wing" for s in steps)
    check_steps(puzzle.strip(), steps)


def test_ratings_as_the_cli_prints_them():
    for case in ("rate-bands", "rate-not-unique"):
        puzzles = sudoku.read(EXPLAIN / f"{case}.in", path=True)
        expected = (EXPLAIN / f"{case}.out").read_text().splitlines()
        got = []
        for p in puzzles:
            r = sudoku.rate(p)
            got.append(cli_rating(r) if r is not None else "none" if sudoku.count(p) == 0 else "multiple")
        assert got == expected, case


def test_not_unique_and_other_boards():
    assert sudoku.explain("." * 81) is None
    assert sudoku.rate("." * 81) is None
    clash = "11" + "." * 79
    assert sudoku.rate(clash) is None
    with pytest.raises(ValueError, match="classic 9x9"):
        sudoku.rate("1234" + "." * 12)
    with pytest.raises(ValueError, match="classic 9x9"):
        sudoku.explain(sudoku.generate(n=4, seed=1))
    with pytest.raises(ValueError, match="one puzzle"):
        sudoku.rate("")


def test_the_library_refuses_bad_cells():
    from dlx import _dlx
    with pytest.raises(ValueError):
        _dlx.sudoku_explain(b"\x00" * 80)
    with pytest.raises(ValueError):
        _dlx.sudoku_explain(b"\x0a" + b"\x00" * 80)


def test_step_objects():
    steps = sudoku.explain((EXPLAIN / "explain-x-wing.in").read_text())
    first = steps[0]
    assert isinstance(first, sudoku.Step)
    assert re.fullmatch(r"r\dc\d=\d  .*", first.text)
    assert first._fields == ("technique", "rating", "placements", "eliminations", "text")
