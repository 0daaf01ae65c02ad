#!/usr/bin/env bash
# How well dlx's rating (dlx-sudoku --rate) orders puzzles as Sudoku
# Explainer does: rates every puzzle of a file of "PUZZLE RATING" lines
# (../shared/data/sudoku9/se_rated_sample.txt by default) with
# build/tools/sudoku-rate-time, one thread, and prints a Markdown table per
# band of SE ratings: puzzles, how many the ladder solved, the mean rating,
# % exactly SE's, % within 0.5 of it (solved puzzles only: a puzzle beyond
# the ladder has a lower bound, counted apart: how often it is at most
# SE's rating); then Spearman's rank correlation (a
# puzzle beyond the ladder counts as its lower bound, 7.5 or its hardest
# step; ties ranked alike), and the mean and max time per puzzle.  BENCHMARKS.md has its
# latest output.  Needs Debian's /usr/bin/python3 (standard library only).
#
# usage: tools/rate-accuracy.sh [--build DIR] [FILE]
set -euo pipefail

build=build file=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	-*) echo "usage: tools/rate-accuracy.sh [--build DIR] [FILE]" >&2; exit 2 ;;
	*) file=$1; shift ;;
	esac
done
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
# The data sits beside the repository (../shared/data), or beside a worktree's parent.
for d in "$root/../shared/data" "$root/../../shared/data"; do
	[ -n "$file" ] || [ ! -d "$d" ] || file=$d/sudoku9/se_rated_sample.txt
done
bin=$build/tools/sudoku-rate-time
[ -x "$bin" ] || { echo "rate-accuracy: $bin is missing: build first (ninja -C $build)" >&2; exit 2; }
[ -n "$file" ] && [ -r "$file" ] || { echo "rate-accuracy: cannot read $file" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" < "$file" > "$tmp/rated"
/usr/bin/python3 - "$file" "$tmp/rated" <<'PY'
import sys
se = [float(l.split()[1]) for l in open(sys.argv[1]) if l.strip()]
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
rating = [int(r[0]) / 10 for r in rows]
solved_flag = [r[1] == "1" for r in rows]
ours = [rating[i] if solved_flag[i] else 0 for i in range(len(rows))]
us = [float(r[3]) for r in rows]
assert len(se) == len(ours), "one rating per puzzle"

def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r

def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)

val = rating
bands = [(2.5, 2.9), (3.0, 3.4), (3.5, 3.9), (4.0, 4.4), (4.5, 4.9), (5.0, 5.4), (5.5, 5.9), (6.0, 6.9),
         (7.0, 7.9), (8.0, 9.9)]
print("| SE rating | puzzles | solved by the ladder | our mean (solved) | exactly SE's | within 0.5 | beyond, bound <= SE | Spearman in band |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
def line(name, idx):
    n = len(idx)
    solved = [i for i in idx if ours[i] > 0]
    exact = sum(1 for i in idx if abs(val[i] - se[i]) < 0.05 and ours[i] > 0)
    # A puzzle beyond the ladder has a bound, not a rating: it counts as a miss here, and apart.
    near = sum(1 for i in idx if ours[i] > 0 and abs(val[i] - se[i]) <= 0.5 + 1e-9)
    beyond = [i for i in idx if ours[i] == 0]
    bound_ok = sum(1 for i in beyond if val[i] <= se[i] + 1e-9)
    mean = sum(ours[i] for i in solved) / len(solved) if solved else float("nan")
    rho = spearman([se[i] for i in idx], [val[i] for i in idx]) if len(set(se[i] for i in idx)) > 1 and len(set(val[i] for i in idx)) > 1 else float("nan")
    print(f"| {name} | {n} | {len(solved)} ({100 * len(solved) / n:.0f}%) | {mean:.2f} | {100 * exact / n:.0f}% | {100 * near / n:.0f}% | {bound_ok} of {len(beyond)} | {rho:.2f} |")
for lo, hi in bands:
    idx = [i for i in range(len(se)) if lo - 1e-9 <= se[i] <= hi + 1e-9]
    if idx:
        line(f"{lo:.1f}-{hi:.1f}", idx)
line("all", list(range(len(se))))
low = [i for i in range(len(se)) if se[i] <= 5.4 + 1e-9]
print()
print(f"Spearman rank correlation, all {len(se)} puzzles: {spearman(se, val):.3f}; "
      f"the {len(low)} puzzles SE rates 5.4 or less: {spearman([se[i] for i in low], [val[i] for i in low]):.3f}")
print(f"Time per puzzle (rating, one thread): mean {sum(us) / len(us) / 1000:.3f} ms, max {max(us) / 1000:.3f} ms")
PY
