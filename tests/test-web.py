#!/usr/bin/env python3
"""The browser page (web/dlx.html) in a real headless chromium, through Selenium.

Run by tools/test-web.sh, which builds the page and the programs:
  test-web.py --page DLX.HTML --cli DIR [--data DIR] [--screenshot PNG]

The page is opened from disk (file://).  Every answer read back from it is
compared with what dlx-sudoku or dlx (in DIR) print for the same text on
their standard input: standard output, standard error and exit status; the
16x16 answers also with the collection's own solutions, and the board drawn
with the answer.  A search runs in the worker while the page answers, and
the Stop button ends it.  The screenshot must not be blank.
Exit status: 0 passed, 1 failed, 77 skipped (no browser to drive).
"""
import argparse
import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import time
import zlib

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A guard against a hang, not a measure: every search here takes well under a second.
PATIENCE = 120.0

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name}" + (f"\n{detail}" if detail else ""), file=sys.stderr)


class Page:
    def __init__(self, driver):
        self.d = driver

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def set_value(self, element_id, value):
        self.js("document.getElementById(arguments[0]).value = arguments[1];", element_id, value)

    def text(self, element_id):
        return self.js("return document.getElementById(arguments[0]).textContent;", element_id)

    def state(self, section):
        return self.js("return document.getElementById(arguments[0]).dataset.state;", f"{section}-status")

    def click(self, section, button_id):
        """Clicks a button and returns at once, the search (if any) under way."""
        self.js("document.getElementById(arguments[0]).dataset.state = 'idle';", f"{section}-status")
        self.d.find_element("id", button_id).click()

    def wait(self, section):
        deadline = time.monotonic() + PATIENCE
        while self.state(section) != "done":
            if time.monotonic() > deadline:
                raise RuntimeError(f"{section}: no answer in {PATIENCE} s")
            time.sleep(0.02)

    def run(self, section, button_id):
        """Clicks and waits: (stdout, stderr, exit status) as the page shows them."""
        self.click(section, button_id)
        self.wait(section)
        status = re.match(r"exit status (\d+)", self.text(f"{section}-status"))
        return self.text(f"{section}-out"), self.text(f"{section}-err"), int(status.group(1)) if status else None


def cli(prog, args, text):
    r = subprocess.run([prog, *args], input=text.encode(), capture_output=True, check=False)
    return r.stdout.decode(), r.stderr.decode(), r.returncode


VERBOSE = False


def compare(name, got, want):
    if VERBOSE:
        print(f"{name}: {got!r}")
    labels = ("standard output", "standard error", "exit status")
    for label, g, w in zip(labels, got, want):
        check(f"{name}: {label}", g == w, f"  page: {g!r}\n  cli:  {w!r}")


def read_lines(path, n):
    with open(path, encoding="utf-8") as f:
        return [next(f).rstrip("\n") for _ in range(n)]


def png_colors(png):
    """The distinct colors of an 8-bit RGB or RGBA PNG (what chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        n = int.from_bytes(png[pos:pos + 4], "big")
        kind, body = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = (int.from_bytes(body[0:4], "big"),
                int.from_bytes(body[4:8], "big"), body[8], body[9], body[10], body[11], body[12])
            assert depth == 8 and ctype in (2, 6) and not interlace, "an unexpected PNG kind"
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colors = set()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colors.update(bytes(line[k:k + bpp]) for k in range(0, stride, bpp))
        prev = line
    return colors


def queens(n):
    """n queens in Knuth's format: rows and columns primary, diagonals secondary."""
    rows = " ".join(f"r{i}" for i in range(n))
    cols = " ".join(f"c{j}" for j in range(n))
    diags = " ".join([f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])
    lines = [f"{rows} {cols} | {diags}"]
    lines += [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    return "\n".join(lines) + "\n"


def test_sudoku(page, sudoku, data):
    # The shared collections: hard 9x9 puzzles and 16x16 ones with their solutions.
    hardest = os.path.join(data, "sudoku9", "forum_hardest_1905_11plus.txt")
    goomii = os.path.join(data, "sudoku16", "goomii17_2000.txt")
    if os.path.exists(hardest) and os.path.exists(goomii):
        text = "\n".join(read_lines(hardest, 5)) + "\n"
        page.set_value("sudoku-input", text)
        got = page.run("sudoku", "solve")
        compare("hardest 9x9, solve", got, cli(sudoku, [], text))
        # The board drawn is the first answer, givens and all.
        cells = page.js("return Array.from(document.querySelectorAll('#board div'), d => d.textContent).join('');")
        check("hardest 9x9: the board is the first answer", cells == got[0].split("\n")[0], f"  {cells!r}")
        givens = page.js("return document.querySelectorAll('#board div.given').length;")
        check("hardest 9x9: the givens are set apart", givens == sum(ch != "." for ch in text.split("\n")[0]))

        text = "\n".join(read_lines(goomii, 3)) + "\n"
        page.set_value("sudoku-input", text)
        got = page.run("sudoku", "solve")
        compare("16x16, solve", got, cli(sudoku, [], text))
        want = read_lines(goomii.replace(".txt", "_solutions.txt"), 3)
        check("16x16: the collection's solutions", got[0].split("\n")[:3] == want, f"  {got[0]!r}")
    else:
        print(f"test-web.py: {data} has no sudoku9/ and sudoku16/ collections: their checks skipped",
              file=sys.stderr)

    # The repository's own samples, in every mode.
    text = "\n".join(read_lines(os.path.join(REPO, "data", "sudoku17-sample.txt"), 30)) + "\n"
    page.set_value("sudoku-input", text)
    for mode, args in (("solve", []), ("count", ["--count"]), ("unique", ["--unique"]), ("grade", ["--grade"])):
        compare(f"17-clue sample, {mode}", page.run("sudoku", mode), cli(sudoku, args, text))
    text = "\n".join(read_lines(os.path.join(REPO, "data", "sudoku16-sample.txt"), 2)) + "\n"
    page.set_value("sudoku-input", text)
    compare("16x16 sample, unique", page.run("sudoku", "unique"), cli(sudoku, ["--unique"], text))

    # A drawn grid answers in kind; a judge's count format keeps its layout.
    drawn = cli(sudoku, ["--output", "pretty"], "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n")[0]
    drawn = drawn.replace("8 1 2", "8 . .", 1)
    page.set_value("sudoku-input", drawn)
    compare("a drawn grid", page.run("sudoku", "solve"), cli(sudoku, [], drawn))
    judge = "2\n" + "\n".join(["1.34", "3412", "2143", "4.21", "", "12..", "....", "....", "...."]) + "\n"
    page.set_value("sudoku-input", judge)
    compare("the count format", page.run("sudoku", "solve"), cli(sudoku, [], judge))

    # Bad input: the program's message, word for word, and its status.
    for name, text in (("a short line", "1234567\n"),
                       ("a bad symbol", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.x\n"),
                       ("a grid row too long", "1...\n" + "." * 81 + "\n"),
                       ("no puzzle", ""),
                       ("contradicting givens", "11" + "." * 79 + "\n")):
        page.set_value("sudoku-input", text)
        got = page.run("sudoku", "solve")
        compare(f"{name}", got, cli(sudoku, [], text))
        check(f"{name}: a message", got[1].startswith("dlx-sudoku: <stdin>"), f"  {got[1]!r}")

    # A node limit stops each puzzle as the program's does.
    hard = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"
    page.set_value("sudoku-input", hard)
    page.set_value("sudoku-node-limit", "5")
    compare("node limit", page.run("sudoku", "count"), cli(sudoku, ["--count", "--node-limit", "5"], hard))
    page.set_value("sudoku-node-limit", "x")
    compare("a bad node limit", page.run("sudoku", "solve"), cli(sudoku, ["--node-limit", "x"], hard))
    page.set_value("sudoku-node-limit", "")

    # Variants.
    xpuzzle = cli(sudoku, ["--generate", "1", "--variant", "x", "--seed", "3"], "")[0]
    page.set_value("sudoku-input", xpuzzle)
    page.set_value("variant", "1")
    compare("X-sudoku, solve", page.run("sudoku", "solve"), cli(sudoku, ["--variant", "x"], xpuzzle))
    compare("X-sudoku, unique", page.run("sudoku", "unique"), cli(sudoku, ["--variant", "x", "--unique"], xpuzzle))
    diagonal = page.js("return document.querySelectorAll('#board div.diagonal').length;")
    check("X-sudoku: the diagonals shaded", diagonal == 17, f"  {diagonal}")
    page.set_value("variant", "0")

    # Jigsaw: each puzzle followed by its region map; the regions drawn.
    with open(os.path.join(REPO, "tests", "data", "cli", "dlx-sudoku", "jigsaw", "jigsaw-inline-line.in"),
              encoding="utf-8") as f:
        jigsaw = f.read()
    page.set_value("sudoku-input", jigsaw)
    page.set_value("variant", "256")
    compare("jigsaw, solve", page.run("sudoku", "solve"), cli(sudoku, ["--variant", "jigsaw"], jigsaw))
    compare("jigsaw, bad map", (page.set_value("sudoku-input", "..2.4.3......3..\n1122112234443344\n"),
                                page.run("sudoku", "solve"))[1],
            cli(sudoku, ["--variant", "jigsaw"], "..2.4.3......3..\n1122112234443344\n"))
    page.set_value("sudoku-input", jigsaw)
    page.run("sudoku", "count")
    regions = [line for line in jigsaw.splitlines() if len(line) == 81 and line.isdigit()][0]
    right = page.js("return Array.from(document.querySelectorAll('#board div'), d => d.classList.contains('box-right'));")
    want = [c % 9 < 8 and regions[c] != regions[c + 1] for c in range(81)]
    check("jigsaw: the regions' borders drawn", right == want)
    page.set_value("variant", "0")

    # Generation: the same puzzle as the program's for the same request, put in the input.
    for box, seed, clues, sym, sym_name in (("3x3", "5", "", 0, None), ("2x3", "7", "14", 1, "rotate180"),
                                            ("4x4", "2", "", 5, "random")):
        page.set_value("gen-box", box)
        page.set_value("gen-seed", seed)
        page.set_value("gen-clues", clues)
        page.set_value("gen-symmetry", str(sym))
        args = ["--generate", "1", "--box", box, "--seed", seed] + (["--clues", clues] if clues else [])
        args += ["--symmetry", sym_name] if sym_name else []
        got = page.run("sudoku", "generate")
        compare(f"generate {box} seed {seed}", got, cli(sudoku, args, ""))
        check(f"generate {box}: the puzzle in the input", page.js(
            "return document.getElementById('sudoku-input').value;") == got[0])
        side = int(box[0]) * int(box[2])
        check(f"generate {box}: the board", page.js("return document.querySelectorAll('#board div').length;")
              == side * side)


def test_knuth(page, dlx):
    for name, args, page_args in (("pentominoes-3x20.dlx", ["--count"], ("count", "")),
                                  ("queens8.dlx", ["--limit", "10"], ("list", "10")),
                                  ("knuth-example.dlx", [], ("list", "1")),
                                  ("knuth-colors.dlx", ["--all"], ("list", "")),
                                  ("langford7.dlx", ["--all"], ("list", ""))):
        with open(os.path.join(REPO, "data", name), encoding="utf-8") as f:
            text = f.read()
        page.set_value("knuth-input", text)
        page.set_value("knuth-limit", page_args[1])
        page.set_value("knuth-node-limit", "100000000")
        got = page.run("knuth", f"knuth-{page_args[0]}")
        compare(f"{name}, {page_args[0]}", got, cli(dlx, args + ["--node-limit", "100000000"], text))
    text = queens(8)
    page.set_value("knuth-input", text)
    page.set_value("knuth-node-limit", "50")
    compare("node limit, count", page.run("knuth", "knuth-count"), cli(dlx, ["--count", "--node-limit", "50"], text))
    page.set_value("knuth-limit", "")
    compare("node limit, list", page.run("knuth", "knuth-list"), cli(dlx, ["--all", "--node-limit", "50"], text))
    page.set_value("knuth-node-limit", "")
    for name, text in (("an unknown item", "a b\na c\n"), ("no items", ""), ("an item twice", "a a\na\n"),
                       ("an option without a primary item", "a | x\nx\na\n")):
        page.set_value("knuth-input", text)
        compare(name, page.run("knuth", "knuth-count"), cli(dlx, ["--count"], text))


def test_worker(page):
    # 16 queens: millions of nodes.  While the worker searches, the page answers.
    page.set_value("knuth-input", queens(16))
    page.set_value("knuth-node-limit", "")
    page.click("knuth", "knuth-count")
    check("a long search: the page answers while the worker searches", page.state("knuth") == "busy")
    check("a long search: Stop is on", page.js("return !document.getElementById('stop').disabled;"))
    page.d.find_element("id", "stop").click()
    page.wait("knuth")
    check("Stop ends the search", page.text("knuth-status").startswith("stopped"), page.text("knuth-status"))
    page.set_value("knuth-input", "a b\na\nb\n")
    check("a new worker after Stop", page.run("knuth", "knuth-count")[:2] == ("1\n", ""))


def test_served(page, path):
    """The same file from a static web server: solves as from disk."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=os.path.dirname(os.path.abspath(path)))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page.d.get(f"http://127.0.0.1:{server.server_address[1]}/{os.path.basename(path)}")
        page.set_value("sudoku-input", "1.3.\n..1.\n.1..\n...1\n")
        check("served over http: solves", page.run("sudoku", "solve") == ("1234\n3412\n2143\n4321\n", "", 0))
    finally:
        server.shutdown()
        server.server_close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data"))
    ap.add_argument("--screenshot")
    ap.add_argument("--verbose", action="store_true", help="print every answer read from the page")
    a = ap.parse_args()
    global VERBOSE
    VERBOSE = a.verbose
    sudoku, dlx = os.path.join(a.cli, "dlx-sudoku"), os.path.join(a.cli, "dlx")

    o = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,1000",
                "--hide-scrollbars"):
        o.add_argument(arg)
    o.binary_location = "/usr/bin/chromium"
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    except WebDriverException as e:
        print(f"test-web.py: skipped: chromium does not start: {e.msg}", file=sys.stderr)
        return 77
    try:
        page = Page(driver)
        # The source page alone cannot search, and says what to open instead.
        driver.get("file://" + os.path.join(REPO, "web", "index.html"))
        check("web/index.html points to the built page", "build-web/web/dlx.html" in page.js(
            "return document.body.textContent;"))
        driver.get_log("browser")  # its error is meant: not the built page's
        driver.get("file://" + os.path.abspath(a.page))
        check("the page loads", "dlx" in driver.title, driver.title)
        test_sudoku(page, sudoku, a.data)
        test_knuth(page, dlx)
        test_worker(page)

        # The picture: a puzzle solved on its board.
        page.set_value("sudoku-input", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n")
        page.run("sudoku", "solve")
        with open(os.path.join(REPO, "data", "knuth-example.dlx"), encoding="utf-8") as f:
            page.set_value("knuth-input", f.read())
        page.set_value("knuth-limit", "10")
        page.run("knuth", "knuth-list")
        page.js("window.scrollTo(0, 0);")
        # The sudoku section alone: a smaller picture for README.md.
        driver.set_window_size(1100, 800)
        png = driver.get_screenshot_as_png()
        colors = png_colors(png)
        check("the screenshot is not blank", len(colors) > 16, f"  {len(colors)} colors")
        if a.screenshot:
            with open(a.screenshot, "wb") as f:
                f.write(png)
        severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check("no errors in the console", not severe, "\n".join(e["message"] for e in severe))
        test_served(page, a.page)
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
