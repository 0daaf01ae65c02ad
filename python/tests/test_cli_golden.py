"""dlx.Problem.from_knuth against the dlx program's golden cases
(tests/data/cli/dlx, see its README): the same errors with the same lines
and messages, the same first solution, every solution and counts, Knuth's
bounds and costs included."""

import re
import warnings

import pytest

import dlx
from conftest import TEST_DATA

CASES = TEST_DATA / "cli" / "dlx"
ERROR = re.compile(r"^dlx: <stdin>(?::(\d+))?: (.*)\n$")
WARNING = re.compile(r"^dlx: <stdin>:(\d+): warning: (\d+ options?) without a primary item left out")


def cases():
    """The cases that read a problem from standard input: no arguments, --all, --count or --strict."""
    found = []
    for cmd in sorted(CASES.glob("*/**/*.cmd")):
        base = cmd.with_suffix("")
        args = cmd.read_text().splitlines()[0].split() if cmd.read_text() else []
        if args in ([], ["--all"], ["--count"], ["--strict"]) and base.with_suffix(".in").exists():
            found.append(pytest.param(base, args, id=str(base.relative_to(CASES))))
    return found


def printed(p, solution):
    """A solution as dlx prints it: its options in input order, each as its items on a line."""
    where = {id(o): k for k, o in enumerate(p.options)}
    return "".join(" ".join(o) + "\n" for o in sorted(solution, key=lambda o: where[id(o)]))


@pytest.mark.parametrize("base,args", cases())
def test_golden_case(base, args):
    data = base.with_suffix(".in").read_bytes()
    status = int(base.with_suffix(".status").read_text())
    out = base.with_suffix(".out")
    err = base.with_suffix(".err")
    if status == 2:
        m = ERROR.match(err.read_text())
        assert m, "not a message about the input"
        with pytest.raises(dlx.FormatError) as e:
            dlx.Problem.from_knuth(data, strict=args == ["--strict"])
        assert e.value.line == int(m.group(1) or 0)
        assert e.value.message == m.group(2)
        return
    # The same warning as dlx's, when dlx gives one, and none otherwise.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        p = dlx.Problem.from_knuth(data, strict=args == ["--strict"])
    w = WARNING.match(err.read_text()) if err.exists() else None
    said = [str(c.message) for c in caught if issubclass(c.category, dlx.FormatWarning)]
    assert len(said) == (1 if w else 0)
    if w:
        assert said[0].startswith(f"line {w.group(1)}: {w.group(2)} without a primary item")
    if not out.exists():
        return
    want = out.read_text()
    if args == ["--count"]:
        assert str(p.count()) + "\n" == want
    elif args == ["--all"]:
        assert "".join(printed(p, s) + "\n" for s in p.solutions()) == want
    else:
        first = p.first()
        assert (first is None) == (status == 1)
        assert (printed(p, first) if first is not None else "") == want


def test_there_are_cases():
    ids = [c.id for c in cases()]
    assert len(ids) >= 30
    assert any(i.startswith("errors-syntax/") for i in ids) and any(i.startswith("errors-input/") for i in ids)
