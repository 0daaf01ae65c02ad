#!/usr/bin/env python3
"""Independent answers for tools/bench.sh's multiplicity and cost rows.

usage: mult-check.py assign FILE     the cheapest assignment of a
                                     dlx-gen-assign file, by the Hungarian
                                     method (O(n^3), shares nothing with dlx)
       mult-check.py tiles R C T     tilings of an R x C board by dominoes and
                                     straight trominoes, exactly T trominoes
                                     (dlx-gen-trominoes), by a memoized count
                                     over the first empty cell
       mult-check.py cheapest FILE   the least cost of an exact cover of a
                                     file of primary items and costed options
                                     (dlx-gen-tilings RxC SEED) and how many
                                     covers cost that, by a memoized search
                                     over the first uncovered item: "COST N"
"""
import functools
import re
import sys


def hungarian(cost):
    """The least total of cost[i][p(i)] over permutations p (Kuhn-Munkres with potentials)."""
    n = len(cost)
    inf = float("inf")
    u, v = [0] * (n + 1), [0] * (n + 1)
    match, way = [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        match[0], j0 = i, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    return sum(cost[match[j] - 1][j - 1] for j in range(1, n + 1))


def assign(path):
    entries = []
    with open(path) as f:
        for line in f:
            m = re.fullmatch(r"w(\d+) j(\d+) \|(\d+)\n?", line)
            if m:
                entries.append(tuple(int(g) for g in m.groups()))
    n = max(e[0] for e in entries) + 1
    cost = [[0] * n for _ in range(n)]
    for i, j, c in entries:
        cost[i][j] = c
    return hungarian(cost)


def tiles(rows, cols, t):
    full = (1 << (rows * cols)) - 1

    @functools.lru_cache(maxsize=None)
    def count(filled, left):
        if filled == full:
            return int(left == 0)
        cell = (~filled & (filled + 1)).bit_length() - 1
        r, c = divmod(cell, cols)
        n = 0
        for length in (2, 3):
            if length == 3 and left == 0:
                continue
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr * (length - 1) >= rows or c + dc * (length - 1) >= cols:
                    continue
                piece = sum(1 << ((r + dr * k) * cols + c + dc * k) for k in range(length))
                if not piece & filled:
                    n += count(filled | piece, left - (length == 3))
        return n

    return count(0, t)


def cheapest(path):
    """(least cost, how many covers cost that) over the covered items as a bit set."""
    items, options = None, []
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith("|"):
                continue
            if items is None:
                items = {name: k for k, name in enumerate(words)}
                continue
            mask, cost = 0, 0
            for w in words:
                if w.startswith("|"):
                    cost += int(w[1:])
                else:
                    mask |= 1 << items[w]
            options.append((mask, cost))
    by_first = [[] for _ in items]
    for mask, cost in options:
        by_first[(mask & -mask).bit_length() - 1].append((mask, cost))
    full = (1 << len(items)) - 1
    inf = float("inf")

    @functools.lru_cache(maxsize=None)
    def best(covered):
        if covered == full:
            return 0, 1
        first = (~covered & (covered + 1)).bit_length() - 1
        least, count = inf, 0
        # every item below first is covered: the options that fit start at first
        for mask, cost in by_first[first]:
            if not mask & covered:
                c, n = best(covered | mask)
                if c + cost < least:
                    least, count = c + cost, n
                elif c + cost == least:
                    count += n
        return least, count

    c, n = best(0)
    return f"{c} {n}" if n else "none"


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    if len(sys.argv) == 3 and sys.argv[1] == "assign":
        print(assign(sys.argv[2]))
    elif len(sys.argv) == 5 and sys.argv[1] == "tiles":
        print(tiles(*(int(a) for a in sys.argv[2:])))
    elif len(sys.argv) == 3 and sys.argv[1] == "cheapest":
        print(cheapest(sys.argv[2]))
    else:
        sys.exit(__doc__)
