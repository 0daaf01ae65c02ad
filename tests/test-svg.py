#!/usr/bin/env python3
"""The pictures of dlx-sudoku --output svg and dlx --svg, read back as XML.

test-svg.py DLX DLX_SUDOKU TEST_DATA DATA [render | pdf yes|no]

(TEST_DATA: tests/data; DATA: the repository's data/.)

Parses each SVG with xml.etree (well-formed), finds the boards and reads
what they show: the digit in each cell, the cells of each piece, the thick
lines between regions.  That is compared with what the programs print as
text and with rules checked here (a valid sudoku, a partition of the
board).  With `render`, a few pictures are rendered to PNG by rsvg-convert
(librsvg2-bin), and the test is skipped (77) where it is missing.  With
`pdf yes`, dlx-sudoku --output pdf makes the pages asked for (counted in
the file, and read back by pdftotext where poppler-utils is there); with
`pdf no` (a build without librsvg and cairo) it says so, exit 2.
"""
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
CELL = 10.0
failures = 0
passed = 0


def check(ok, what):
    global failures, passed
    if ok:
        passed += 1
    else:
        failures += 1
        print("FAIL:", what)


def run(argv, stdin=""):
    p = subprocess.run(argv, input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def classes(e):
    return (e.get("class") or "").split()


def boards(root, kind):
    return [e for e in root.iter(NS + "svg") if kind in classes(e)]


def texts(board, cls):
    """{(row, col): text} of the <text> elements of a class, placed by their centre."""
    out = {}
    for t in board.iter(NS + "text"):
        if cls not in classes(t):
            continue
        size = float(t.get("font-size"))
        x, y = float(t.get("x")), float(t.get("y")) - 0.35 * size
        out[(int(y // CELL), int(x // CELL))] = t.text
    return out


def unit_edges(d):
    """The unit cell edges a path of M/H/V commands draws, as (('h'|'v'), row, col)."""
    edges = set()
    for m in re.finditer(r"M([-\d.]+) ([-\d.]+)([HV])([-\d.]+)", d):
        x, y, kind, to = float(m[1]), float(m[2]), m[3], float(m[4])
        if kind == "H":
            for c in range(int(round(min(x, to) / CELL)), int(round(max(x, to) / CELL))):
                edges.add(("h", int(round(y / CELL)), c))
        else:
            for r in range(int(round(min(y, to) / CELL)), int(round(max(y, to) / CELL))):
                edges.add(("v", r, int(round(x / CELL))))
    return edges


def expected_edges(label, rows, cols):
    """The unit edges between cells of different labels, the outside being -1."""
    def at(r, c):
        return label[r][c] if 0 <= r < rows and 0 <= c < cols else -1
    e = set()
    for r in range(rows + 1):
        for c in range(cols):
            if at(r - 1, c) != at(r, c):
                e.add(("h", r, c))
    for r in range(rows):
        for c in range(cols + 1):
            if at(r, c - 1) != at(r, c):
                e.add(("v", r, c))
    return e


def pattern_grid(br, bc):
    """A full valid board of br x bc boxes: the shifted pattern."""
    n = br * bc
    return [[((r % br) * bc + r // br + c) % n + 1 for c in range(n)] for r in range(n)]


def valid(grid, br, bc, regions=None):
    n = br * bc
    full = set(range(1, n + 1))
    units = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    if regions is None:
        units += [[(r, c) for r in range(n) for c in range(n) if (r // br) * (n // bc) + c // bc == b] for b in range(n)]
    else:
        units += [[(r, c) for r in range(n) for c in range(n) if regions[r][c] == g] for g in set(sum(regions, []))]
    return all({grid[r][c] for r, c in u} == full for u in units)


def box_labels(br, bc):
    n = br * bc
    return [[(r // br) * (n // bc) + c // bc for c in range(n)] for r in range(n)]


def parse_grid_text(text, n):
    nums = [int(w) for w in text.split()]
    return [nums[r * n:(r + 1) * n] for r in range(n)]


def test_sudoku_shapes(sudoku):
    """Every box shape and size, up to 100x100, read as numbers; the solution drawn over the givens."""
    for br, bc in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (2, 5), (5, 5), (10, 10)]:
        n = br * bc
        full = pattern_grid(br, bc)
        puzzle = [[0 if (r * 7 + c * 3) % 5 == 0 else full[r][c] for c in range(n)] for r in range(n)]
        text = "\n".join(" ".join(str(v) for v in row) for row in puzzle) + "\n"
        box = ["--box", "%dx%d" % (br, bc)]
        rc, out, err = run([sudoku, "--format", "grid", "--output", "grid"] + box, text)
        check(rc == 0, "%dx%d boxes: text solve: %d %s" % (br, bc, rc, err))
        solution = parse_grid_text(out, n)
        rc, svg, err = run([sudoku, "--format", "grid", "--output", "svg"] + box, text)
        check(rc == 0 and err == "", "%dx%d boxes: svg: %d %s" % (br, bc, rc, err))
        root = ET.fromstring(svg)
        bs = boards(root, "sudoku")
        check(len(bs) == 1, "%dx%d: one board" % (br, bc))
        b = bs[0]
        cells = [e for e in b.iter(NS + "rect") if "cell" in classes(e)]
        check(len(cells) == n * n, "%dx%d: %d cells, not %d" % (br, bc, len(cells), n * n))
        givens, filled = texts(b, "given"), texts(b, "filled")
        want_givens = {(r, c): str(puzzle[r][c]) for r in range(n) for c in range(n) if puzzle[r][c]}
        check(givens == want_givens, "%dx%d: the givens drawn are the puzzle's" % (br, bc))
        check(set(filled) == {(r, c) for r in range(n) for c in range(n) if not puzzle[r][c]},
              "%dx%d: a filled digit in every blank cell, none elsewhere" % (br, bc))
        drawn = [[int(givens.get((r, c)) or filled[(r, c)]) for c in range(n)] for r in range(n)]
        check(drawn == solution, "%dx%d: the board drawn is the printed solution" % (br, bc))
        check(valid(drawn, br, bc), "%dx%d: the board drawn is a valid sudoku" % (br, bc))
        paths = [e for e in b.iter(NS + "path") if "regions" in classes(e)]
        check(len(paths) == 1 and unit_edges(paths[0].get("d")) == expected_edges(box_labels(br, bc), n, n),
              "%dx%d: thick lines exactly around the boxes" % (br, bc))
        captions = texts(b, "caption")
        check(list(captions.values()) == ["1"], "%dx%d: caption" % (br, bc))


def test_alphabet(sudoku):
    """A 16x16 read in letters is drawn in letters; the same board read as numbers in numbers."""
    full = pattern_grid(4, 4)
    letters = "".join("." if (r + c) % 3 == 0 else "ABCDEFGHIJKLMNOP"[full[r][c] - 1] for r in range(16) for c in range(16))
    rc, svg, err = run([sudoku, "--alphabet", "letters", "--output", "svg"], letters + "\n")
    check(rc == 0, "letters: %d %s" % (rc, err))
    b = boards(ET.fromstring(svg), "sudoku")[0]
    givens = texts(b, "given")
    check(givens == {(i // 16, i % 16): ch for i, ch in enumerate(letters) if ch != "."}, "letters: the givens as letters")
    check(all(t in "ABCDEFGHIJKLMNOP" for t in texts(b, "filled").values()), "letters: the filled digits as letters")


def test_variants(sudoku, data):
    """X and windoku generated: the puzzle's givens, the diagonals, the windows shaded."""
    args = ["--generate", "3", "--seed", "4", "--variant", "x+windoku"]
    rc, out, err = run([sudoku] + args)
    check(rc == 0, "x+windoku: text")
    rc, svg, err = run([sudoku] + args + ["--output", "svg"])
    check(rc == 0 and err == "", "x+windoku: svg: %d %s" % (rc, err))
    bs = boards(ET.fromstring(svg), "sudoku")
    check(len(bs) == 3, "x+windoku: three boards")
    for k, (b, line) in enumerate(zip(bs, out.split())):
        want = {(i // 9, i % 9): ch for i, ch in enumerate(line) if ch != "."}
        check(texts(b, "given") == want, "x+windoku %d: the givens" % k)
        check(texts(b, "filled") == {}, "x+windoku %d: a puzzle has no filled digits" % k)
        check(len([e for e in b.iter(NS + "line") if "diagonal" in classes(e)]) == 2, "x+windoku: two diagonals")
        shaded = {(int(float(e.get("y")) // CELL), int(float(e.get("x")) // CELL))
                  for e in b.iter(NS + "rect") if "window" in classes(e)}
        windows = {(r, c) for r in range(9) for c in range(9) if r % 4 != 0 and c % 4 != 0}
        check(shaded == windows, "x+windoku %d: the four windows shaded" % k)
        check(texts(b, "caption") != {} and list(texts(b, "caption").values()) == [str(k + 1)], "x+windoku: numbered")
    # Plain boards have neither.
    rc, svg, err = run([sudoku, "--generate", "1", "--output", "svg"])
    b = boards(ET.fromstring(svg), "sudoku")[0]
    check(not [e for e in b.iter(NS + "line")] and not [e for e in b.iter(NS + "rect") if "window" in classes(e)],
          "classic: no diagonals, no windows")


def first_cells(cage):
    """{(row, col): cage} of each cage's first cell in row-major order."""
    out, seen = {}, set()
    for r, row in enumerate(cage):
        for c, g in enumerate(row):
            if g is not None and g not in seen:
                seen.add(g)
                out[(r, c)] = g
    return out


def test_killer(sudoku, data):
    """Killer cages: a dashed outline and each cage's sum in its first cell; the solution obeys them."""
    path = os.path.join(data, "cli", "dlx-sudoku", "killer", "killer9.cages")
    lines = [ln.strip() for ln in open(path) if ln.strip() and not ln.startswith("#")]
    cage = [list(ln) for ln in lines[:9]]
    sums = {k: int(v) for k, v in (w.split("=") for w in " ".join(lines[9:]).split())}
    rc, out, err = run([sudoku, "--variant", "killer", "--output", "grid", path])
    check(rc == 0, "killer: text")
    grid = parse_grid_text(out, 9)
    rc, svg, err = run([sudoku, "--variant", "killer", "--output", "svg", path])
    check(rc == 0 and err == "", "killer: svg: %d %s" % (rc, err))
    b = boards(ET.fromstring(svg), "sudoku")[0]
    want = {rc_: str(sums[g]) for rc_, g in first_cells(cage).items()}
    check(texts(b, "cage-sum") == want, "killer: each sum in its cage's first cell")
    filled = texts(b, "filled")
    drawn = [[int(filled.get((r, c), 0)) for c in range(9)] for r in range(9)]
    check(drawn == grid and valid(drawn, 3, 3), "killer: the solution drawn is the text's, a valid sudoku")
    for g, total in sums.items():
        digits = [drawn[r][c] for r in range(9) for c in range(9) if cage[r][c] == g]
        check(sum(digits) == total and len(set(digits)) == len(digits), "killer: cage %s sums to %d" % (g, total))
    paths = [e for e in b.iter(NS + "path") if "cages" in classes(e)]
    check(len(paths) == 1 and paths[0].get("stroke-dasharray"), "killer: one dashed path of cages")
    # Generated: SumoCue's line (cell = sum * 256 + cage) against the drawing of the same seed.
    rc, line, err = run([sudoku, "--generate", "2", "--seed", "4", "--variant", "killer"])
    rc2, svg, err = run([sudoku, "--generate", "2", "--seed", "4", "--variant", "killer", "--output", "svg"])
    check(rc == 0 and rc2 == 0, "killer: generated")
    for k, (b, ln) in enumerate(zip(boards(ET.fromstring(svg), "sudoku"), line.split())):
        cells = [int(v) for v in ln.split(":")[3:] if v]
        gen = [[cells[r * 9 + c] % 256 for c in range(9)] for r in range(9)]
        want = {rc_: str(cells[rc_[0] * 9 + rc_[1]] // 256) for rc_ in first_cells(gen)}
        want = {p: v for p, v in want.items() if v != "0"}
        check(texts(b, "cage-sum") == want and want, "killer: generated puzzle %d's sums" % k)
        check(texts(b, "given") == {} and texts(b, "filled") == {}, "killer: a generated puzzle is its cages alone")


def test_parity(sudoku, data):
    """Even cells a grey square, odd cells a grey circle, where the map marks them."""
    folder = os.path.join(data, "cli", "dlx-sudoku", "killer")
    marks = [ln.split() for ln in open(os.path.join(folder, "parity9.map")) if ln.strip() and not ln.startswith("#")]
    puzzle = open(os.path.join(folder, "parity-solve.in")).read()
    rc, svg, err = run([sudoku, "--parity", os.path.join(folder, "parity9.map"), "--output", "svg"], puzzle)
    check(rc == 0 and err == "", "parity: svg: %d %s" % (rc, err))
    b = boards(ET.fromstring(svg), "sudoku")[0]
    even = {(int(float(e.get("y")) // CELL), int(float(e.get("x")) // CELL)) for e in b.iter(NS + "rect")
            if "even" in classes(e)}
    odd = {(int(float(e.get("cy")) // CELL), int(float(e.get("cx")) // CELL)) for e in b.iter(NS + "circle")
           if "odd" in classes(e)}
    check(even == {(r, c) for r in range(9) for c in range(9) if marks[r][c] == "e"}, "parity: even cells")
    check(odd == {(r, c) for r in range(9) for c in range(9) if marks[r][c] == "o"}, "parity: odd cells")
    filled = texts(b, "filled")
    givens = texts(b, "given")
    for (r, c), v in list(filled.items()) + list(givens.items()):
        check(int(v) % 2 == (0 if marks[r][c] == "e" else 1), "parity: r%dc%d holds %s" % (r + 1, c + 1, v))


def test_jigsaw(sudoku, data):
    mapfile = os.path.join(data, "cli", "dlx-sudoku", "jigsaw", "jigsaw9.map")
    regions = [[int(ch) for ch in line.strip()] for line in open(mapfile) if line.strip()]
    rc, out, err = run([sudoku, "--generate", "1", "--seed", "3", "--regions", mapfile])
    check(rc == 0, "jigsaw: generate")
    rc, sol, err = run([sudoku, "--regions", mapfile, "--output", "compact"], out)
    rc, svg, err = run([sudoku, "--regions", mapfile, "--output", "svg"], out)
    check(rc == 0 and err == "", "jigsaw: svg %d %s" % (rc, err))
    b = boards(ET.fromstring(svg), "sudoku")[0]
    path = [e for e in b.iter(NS + "path") if "regions" in classes(e)][0]
    check(unit_edges(path.get("d")) == expected_edges(regions, 9, 9), "jigsaw: thick lines exactly between regions")
    givens, filled = texts(b, "given"), texts(b, "filled")
    drawn = [[int(givens.get((r, c)) or filled[(r, c)]) for c in range(9)] for r in range(9)]
    check(drawn == [[int(ch) for ch in row] for row in sol.split()], "jigsaw: the printed solution")
    check(valid(drawn, 3, 3, regions), "jigsaw: valid on its regions")


def test_grid(sudoku, top):
    """--grid samurai: only the 369 cells drawn, thick lines around its 3x3 boxes and holes, the solution, five valid 9x9s."""
    lines = open(os.path.join(top, "samurai.txt")).read().split("\n")
    puzzle = "\n".join(lines[3:24]) + "\n"
    rc, sol, err = run([sudoku, "--grid", "samurai"], puzzle)
    check(rc == 0, "grid: solve")
    rc, svg, err = run([sudoku, "--grid", "samurai", "--output", "svg"], puzzle)
    check(rc == 0 and err == "", "grid: svg %d %s" % (rc, err))
    b = boards(ET.fromstring(svg), "grid")[0]
    corners = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
    cell = [[any(r0 <= r < r0 + 9 and c0 <= c < c0 + 9 for r0, c0 in corners) for c in range(21)] for r in range(21)]
    rects = [e for e in b.iter(NS + "rect") if "cell" in classes(e)]
    check(len(rects) == 369 and all(cell[int(float(e.get("y")) // CELL)][int(float(e.get("x")) // CELL)] for e in rects),
          "grid: a rectangle for each of the 369 cells and none in the holes")
    label = [[(r // 3) * 7 + c // 3 if cell[r][c] else -1 for c in range(21)] for r in range(21)]
    path = [e for e in b.iter(NS + "path") if "regions" in classes(e)][0]
    check(unit_edges(path.get("d")) == expected_edges(label, 21, 21), "grid: thick lines exactly around boxes and holes")
    givens, filled = texts(b, "given"), texts(b, "filled")
    rows = sol.split("\n")
    printed = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != " "}
    drawn = {**filled, **givens}
    check(drawn == printed and len(drawn) == 369, "grid: the printed solution")
    check(all(valid([[int(drawn[(r0 + r, c0 + c)]) for c in range(9)] for r in range(9)], 3, 3) for r0, c0 in corners),
          "grid: five valid 9x9 sudokus")


def test_sheets(sudoku):
    """--per-page: A4 pages, each board inside its page's margins, none overlapping."""
    for per_page, count in [(1, 2), (3, 7), (6, 6), (12, 13)]:
        rc, svg, err = run([sudoku, "--generate", str(count), "--size", "2", "--output", "svg", "--per-page", str(per_page)])
        check(rc == 0, "per-page %d: %d %s" % (per_page, rc, err))
        root = ET.fromstring(svg)
        pages = math.ceil(count / per_page)
        check(root.get("width") == "210.00mm" and root.get("height") == "%.2fmm" % (297 * pages),
              "per-page %d: %d A4 pages: %s x %s" % (per_page, pages, root.get("width"), root.get("height")))
        check(len([e for e in root if "page" in classes(e)]) == pages, "per-page %d: page frames" % per_page)
        bs = boards(root, "sudoku")
        check(len(bs) == count, "per-page %d: %d boards" % (per_page, count))
        boxes = []
        for k, b in enumerate(bs):
            x, y, w, h = (float(b.get(a)) for a in ("x", "y", "width", "height"))
            top = 297 * (k // per_page)
            check(x >= 15 - 1e-6 and x + w <= 195 + 1e-6 and y >= top + 15 - 1e-6 and y + h <= top + 282 + 1e-6,
                  "per-page %d: board %d inside page %d's margins" % (per_page, k + 1, k // per_page + 1))
            boxes.append((x, y, w, h))
        for i in range(len(boxes)):
            for j in range(i):
                a, b = boxes[i], boxes[j]
                apart = a[0] + a[2] <= b[0] + 1e-6 or b[0] + b[2] <= a[0] + 1e-6 or \
                    a[1] + a[3] <= b[1] + 1e-6 or b[1] + b[3] <= a[1] + 1e-6
                check(apart, "per-page %d: boards %d and %d apart" % (per_page, j + 1, i + 1))


def test_no_solution(sudoku):
    """A puzzle without a solution keeps its slot: its givens, and why under it."""
    puzzles = "1234" + "." * 12 + "\n" + "11" + "." * 14 + "\n"
    rc, svg, err = run([sudoku, "--output", "svg"], puzzles)
    check(rc == 1, "no solution: status 1, not %d" % rc)
    bs = boards(ET.fromstring(svg), "sudoku")
    check(len(bs) == 2, "no solution: both boards drawn")
    check(texts(bs[1], "given") == {(0, 0): "1", (0, 1): "1"} and texts(bs[1], "filled") == {},
          "no solution: the givens alone")
    check(list(texts(bs[1], "caption").values()) == ["2: no solution"], "no solution: said under the board")


def piece_cells(piece):
    return {(int(float(m[2]) // CELL), int(float(m[1]) // CELL)) for m in re.finditer(r"M([-\d.]+) ([-\d.]+)h", piece.get("d"))}


def label_cell(t):
    return (int((float(t.get("y")) - 2.1) // CELL), int(float(t.get("x")) // CELL))


def test_tilings(dlx, data):
    """Pentominoes: each piece of the picture covers the cells of its option in the printed solution."""
    problem = os.path.join(data, "pentominoes-3x20.dlx")
    rc, text, err = run([dlx, "--all", "--limit", "2", problem])
    check(rc == 0, "pentominoes: text")
    rc, svg, err = run([dlx, "--all", "--limit", "2", "--svg", "-", problem])
    check(rc == 0 and err == "", "pentominoes: svg %d %s" % (rc, err))
    root = ET.fromstring(svg)
    bs = boards(root, "tiling")
    check(len(bs) == 2, "pentominoes: two solutions drawn")
    for k, (b, sol) in enumerate(zip(bs, text.strip().split("\n\n"))):
        want = {}
        for line in sol.split("\n"):
            name, *cells = line.split()
            want[name] = {tuple(int(v) for v in re.fullmatch(r"r(\d+)c(\d+)", c).groups()) for c in cells}
        pieces = [e for e in b.iter(NS + "path") if "piece" in classes(e)]
        check(len(pieces) == 12, "pentominoes %d: 12 pieces, not %d" % (k, len(pieces)))
        labels = [t for t in b.iter(NS + "text") if "label" in classes(t)]
        got = {}
        for t in labels:
            owner = [p for p in pieces if label_cell(t) in piece_cells(p)]
            check(len(owner) == 1, "pentominoes: label %s on one piece" % t.text)
            if owner:
                got[t.text] = piece_cells(owner[0])
        check(got == want, "pentominoes %d: each piece's cells are its option's" % k)
        covered = [c for cells in got.values() for c in cells]
        check(sorted(covered) == sorted((r, c) for r in range(3) for c in range(20)), "pentominoes: a partition")
        fills = {p.get("fill") for p in pieces}
        check(len(fills) == 12, "pentominoes: 12 colours")
        outline = [e for e in b.iter(NS + "path") if "outlines" in classes(e)][0]
        owner = [[next(n for n, cs in got.items() if (r, c) in cs) for c in range(20)] for r in range(3)]
        check(unit_edges(outline.get("d")) == expected_edges(owner, 3, 20), "pentominoes: lines between pieces")
    check(list(texts(bs[1], "caption").values()) == ["solution 2"], "pentominoes: numbered")


def test_cell_forms(dlx):
    """N.M and x,y names, a hole, a cell no piece covers, and problems with no geometry."""
    tmp = tempfile.mkdtemp()
    try:
        # A 2x3 board of N.M cells without 1.2, and 0.2 secondary: dominoes and a monomino.
        dot = "A B 0.0 0.1 1.0 1.1 | 0.2\nA 0.0 0.1\nB 1.0 1.1\nA 0.0 1.0\nB 0.1 1.1\n"
        # x,y: column x, row y; "2,0" is column 2 of row 0.
        xy = "I J 0,0 1,0 2,0 0,1\nI 0,0 1,0 2,0\nJ 0,1\n"
        for name, text, rows, cols, pieces in [("dot", dot, 2, 3, {"A": {(0, 0), (0, 1)}, "B": {(1, 0), (1, 1)}}),
                                               ("xy", xy, 2, 3, {"I": {(0, 0), (0, 1), (0, 2)}, "J": {(1, 0)}})]:
            rc, svg, err = run([dlx, "--svg", "-"], text)
            check(rc == 0, "%s: %d %s" % (name, rc, err))
            b = boards(ET.fromstring(svg), "tiling")[0]
            vb = [float(v) for v in b.get("viewBox").split()]
            check((vb[2], vb[3]) == (cols * CELL + 2, rows * CELL + 2), "%s: a %dx%d board" % (name, rows, cols))
            ps = [e for e in b.iter(NS + "path") if "piece" in classes(e)]
            got = {}
            for t in b.iter(NS + "text"):
                if "label" in classes(t):
                    got[t.text] = next(piece_cells(p) for p in ps if label_cell(t) in piece_cells(p))
            check(got == pieces, "%s: pieces %s" % (name, got))
            empty = [e for e in b.iter(NS + "rect") if "cell" in classes(e)]
            check(len(empty) == (1 if name == "dot" else 0), "%s: the uncovered named cell drawn empty" % name)
        rc, svg, err = run([dlx, "--svg", os.path.join(tmp, "none.svg")], "a b c\na b\nc\n")
        check(rc == 2 and "no item names a cell of a grid" in err and not os.path.exists(os.path.join(tmp, "none.svg")),
              "no geometry: exit 2 with a message, no file: %d %s" % (rc, err))
        # The file gets a picture, the text goes to stdout as always.
        out_file = os.path.join(tmp, "t.svg")
        rc, text, err = run([dlx, "--svg", out_file], dot)
        check(rc == 0 and text.startswith("A 0.0 0.1") and ET.parse(out_file).getroot().tag == NS + "svg",
              "--svg FILE: text on stdout, picture in the file")
        # No solution: the empty board, said so.
        rc, svg, err = run([dlx, "--svg", "-"], "A 0.0 0.1\nA 0.0\n")
        b = boards(ET.fromstring(svg), "tiling")[0]
        check(rc == 1 and list(texts(b, "caption").values()) == ["no solution"], "no solution: the empty board")
    finally:
        shutil.rmtree(tmp)


def render(dlx, sudoku, data, top):
    rsvg = shutil.which("rsvg-convert")
    if not rsvg:
        print("rsvg-convert is missing (Debian's librsvg2-bin): skipped")
        sys.exit(77)
    tmp = tempfile.mkdtemp()
    try:
        cases = {
            "sheet": ([sudoku, "--generate", "6", "--seed", "1", "--variant", "x+windoku", "--output", "svg",
                       "--per-page", "4"], ""),
            "100x100": ([sudoku, "--format", "grid", "--output", "svg"],
                        "\n".join(" ".join(str(v) for v in row) for row in pattern_grid(10, 10)) + "\n"),
            "jigsaw": ([sudoku, "--regions", os.path.join(data, "cli", "dlx-sudoku", "jigsaw", "jigsaw9.map"),
                        "--generate", "1", "--output", "svg"], ""),
            "pentominoes": ([dlx, "--all", "--limit", "3", "--svg", "-", os.path.join(top, "pentominoes-3x20.dlx")], ""),
        }
        for name, (argv, stdin) in cases.items():
            rc, svg, err = run(argv, stdin)
            check(rc == 0, "render %s: the picture: %d %s" % (name, rc, err))
            src, png = os.path.join(tmp, name + ".svg"), os.path.join(tmp, name + ".png")
            with open(src, "w") as f:
                f.write(svg)
            p = subprocess.run([rsvg, "-o", png, src], stderr=subprocess.PIPE, timeout=300)
            check(p.returncode == 0 and p.stderr == b"", "render %s: rsvg-convert: %s" % (name, p.stderr.decode()))
            with open(png, "rb") as f:
                head = f.read(24)
            check(head[:8] == b"\x89PNG\r\n\x1a\n", "render %s: a PNG" % name)
            w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            check(w > 100 and h > 100, "render %s: %dx%d pixels" % (name, w, h))
    finally:
        shutil.rmtree(tmp)


def run_bytes(argv):
    # Under AddressSanitizer: fontconfig, pango and librsvg keep their caches (fonts, patterns) until
    # the process ends, which LeakSanitizer reports as leaks; the rest of the sanitizers stay on.
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


def pdf(sudoku, built):
    if not built:
        rc, out, err = run_bytes([sudoku, "--generate", "1", "--output", "pdf"])
        check(rc == 2 and out == b"" and "built without PDF" in err, "pdf not built: said so: %d %s" % (rc, err))
        return
    for per_page, count in [(None, 2), (3, 7), (4, 4), (64, 65)]:
        argv = [sudoku, "--generate", str(count), "--size", "2", "--seed", "9", "--output", "pdf"]
        argv += ["--per-page", str(per_page)] if per_page else []
        rc, out, err = run_bytes(argv)
        check(rc == 0 and err == "", "pdf %s/%d: %d %s" % (per_page, count, rc, err))
        check(out.startswith(b"%PDF-") and out.rstrip().endswith(b"%%EOF"), "pdf %s/%d: a whole PDF" % (per_page, count))
        pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", out))
        want = math.ceil(count / (per_page or 1))
        check(pages == want, "pdf %s/%d: %d pages, not %d" % (per_page, count, pages, want))
        check(re.search(rb"/MediaBox\s*\[\s*0 0 595\.\d* 841\.\d*", out) is not None, "pdf: A4 pages")
        pdftotext = shutil.which("pdftotext")
        if pdftotext and per_page == 3:
            p = subprocess.run([pdftotext, "-", "-"], input=out, stdout=subprocess.PIPE, timeout=60)
            pages_text = p.stdout.decode().split("\f")
            # The captions: boards 1-3 on page 1, 4-6 on page 2, 7 on page 3.
            for page in range(want):
                words = set(pages_text[page].split())
                for k in range(page * 3 + 1, min(page * 3 + 3, count) + 1):
                    check(str(k) in words, "pdf: board %d's number on page %d" % (k, page + 1))
    if built and os.path.exists("/dev/full"):
        # A full device: the write's own error, not "write error: unknown" (cairo keeps no errno).
        env = dict(os.environ)  # as run_bytes(): the font caches are no leak of ours
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        with open("/dev/full", "wb") as full:
            p = subprocess.run([sudoku, "--generate", "1", "--output", "pdf"], stdout=full,
                               stderr=subprocess.PIPE, timeout=60, env=env)
        err = p.stderr.decode()
        check(p.returncode == 3 and "No space left on device" in err, "pdf to /dev/full: %d %s" % (p.returncode, err))
    # An answer that cannot be drawn as PDF still leaves the text alone: errors go to stderr.
    rc, out, err = run_bytes([sudoku, "--generate", "1", "--output", "pdf", "--count"])
    check(rc == 2 and out == b"", "pdf with --count: refused")


def main():
    dlx, sudoku, data, top = sys.argv[1:5]
    if sys.argv[5:] == ["render"]:
        render(dlx, sudoku, data, top)
    elif sys.argv[5:6] == ["pdf"]:
        pdf(sudoku, sys.argv[6] == "yes")
    else:
        test_sudoku_shapes(sudoku)
        test_alphabet(sudoku)
        test_variants(sudoku, data)
        test_jigsaw(sudoku, data)
        test_killer(sudoku, data)
        test_parity(sudoku, data)
        test_sheets(sudoku)
        test_grid(sudoku, top)
        test_no_solution(sudoku)
        test_tilings(dlx, top)
        test_cell_forms(dlx)
    print("%d passed, %d failed" % (passed, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
