#!/usr/bin/env python3
"""sudoku-cnf.py BOX [FILE]: the first puzzle of FILE (one line, '.' for blanks,
symbols 1-9 A-Z a-z @ $ & as dlx-gen-sudoku writes them) as DIMACS CNF on stdout.

For comparing dlx with a SAT solver on the same board (BENCHMARKS.md, large
boards): variable (r*N + c)*N + d + 1 says cell (r, c) holds digit d+1; every
cell holds one digit and every row, column and box holds each digit once,
each "exactly one" as one clause plus pairwise exclusions; one unit clause
per given.  E.g. `tools/sudoku-cnf.py 6 puzzle.txt > p.cnf && minisat p.cnf`
(Debian's minisat).
"""
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&"


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: sudoku-cnf.py BOX [FILE]")
    box = int(sys.argv[1])
    n = box * box
    text = open(sys.argv[2]).read() if len(sys.argv) == 3 else sys.stdin.read()
    line = text.split()[0] if text.split() else ""
    if len(line) != n * n:
        sys.exit(f"sudoku-cnf.py: a {n}x{n} puzzle has {n * n} symbols, not {len(line)}")

    def var(r, c, d):
        return (r * n + c) * n + d + 1

    clauses = []

    def exactly_one(lits):
        clauses.append(lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                clauses.append([-lits[i], -lits[j]])

    for r in range(n):
        for c in range(n):
            exactly_one([var(r, c, d) for d in range(n)])
    for d in range(n):
        for k in range(n):
            exactly_one([var(k, c, d) for c in range(n)])
            exactly_one([var(r, k, d) for r in range(n)])
            br, bc = k // box * box, k % box * box
            exactly_one([var(br + i // box, bc + i % box, d) for i in range(n)])
    for i, ch in enumerate(line):
        if ch not in ".0":
            d = SYMBOLS.index(ch)
            if d >= n:
                sys.exit(f"sudoku-cnf.py: '{ch}' is not a digit of a {n}x{n} board")
            clauses.append([var(i // n, i % n, d)])
    out = [f"p cnf {n ** 3} {len(clauses)}"]
    out.extend(" ".join(map(str, cl)) + " 0" for cl in clauses)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
