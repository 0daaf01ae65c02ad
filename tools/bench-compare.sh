#!/usr/bin/env bash
# Compares two builds on the suite's main figures, alternating their runs so
# that a machine that slows down or speeds up during the session affects
# both alike (on a shared machine the drift between two sessions of
# tools/bench.sh can exceed 10%).  Prints the median of each and their ratio.
#
# usage: tools/bench-compare.sh [--runs N] [--data DIR] BUILD_A BUILD_B
# Single-threaded; every answer is checked against the known counts.
set -euo pipefail

runs=5 data=../shared/data
while [ $# -gt 2 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--data) data=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || { echo "usage: tools/bench-compare.sh [--runs N] [--data DIR] BUILD_A BUILD_B" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench-compare: --runs needs a positive number" >&2; exit 2; }
a=$1 b=$2
# A build's programs: src/cli/ since the layout of src/, src/ before it, so old builds compare too.
bin() { if [ -x "$1/src/cli/$2" ]; then echo "$1/src/cli/$2"; else echo "$1/src/$2"; fi; }
for d in "$a" "$b"; do
	[ -x "$(bin "$d" dlx)" ] && [ -x "$(bin "$d" dlx-sudoku)" ] || { echo "bench-compare: $d is not a build directory" >&2; exit 2; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$a/tools/dlx-gen-queens" 14 > "$tmp/queens14"
"$a/tools/dlx-gen-langford" 12 > "$tmp/langford12"
"$a/tools/dlx-gen-pentominoes" 6x10 > "$tmp/pentominoes6x10"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed -n "s#.*$1: \([0-9.]*\).*#\1#p" | tail -n 1; }
threads_one() { "$(bin "$1" dlx-sudoku)" --help | grep -q -- '--threads' && echo --threads=1 || true; }

# sudoku NAME FILE BUILD: puzzles/s in uniqueness mode, or "FAIL".
sudoku() {
	local out n
	out=$("$(bin "$3" dlx-sudoku)" $(threads_one "$3") --unique --stats "$2" 2>&1 >"$tmp/answers")
	n=$(grep -c . "$2")
	[ "$(grep -c '^unique$\|^multiple$' "$tmp/answers")" -eq "$n" ] || { echo FAIL; return; }
	echo "$out" | field 'puzzles/s'
}

# exact FILE WANT BUILD: seconds to count every solution, or "FAIL".
exact() {
	local got
	got=$("$(bin "$3" dlx)" --threads 1 --count --stats "$1" 2>"$tmp/err")
	[ "$got" = "$2" ] || { echo FAIL; return; }
	field time < "$tmp/err"
}

printf '| figure | %s | %s | ratio |\n|---|---:|---:|---:|\n' "$a" "$b"
measure() { # label unit kind args...
	local label=$1 unit=$2 kind=$3 t va=() vb=() ma mb
	shift 3
	for ((t = 0; t < runs; t++)); do
		va+=("$($kind "$@" "$a")")
		vb+=("$($kind "$@" "$b")")
	done
	case " ${va[*]} ${vb[*]} " in *FAIL*) printf '| %s | FAIL | FAIL | |\n' "$label"; return ;; esac
	ma=$(printf '%s\n' "${va[@]}" | median) mb=$(printf '%s\n' "${vb[@]}" | median)
	printf '| %s (%s) | %s | %s | %s |\n' "$label" "$unit" "$ma" "$mb" \
		"$(awk -v x="$ma" -v y="$mb" -v u="$unit" 'BEGIN { printf "%.2fx", u == "s" ? x / y : y / x }')"
}
for set in 17_clue magictour_top1465 forum_hardest_1905_11plus; do
	f=$data/sudoku9/$set.txt
	[ -f "$f" ] && measure "$set --unique" "puzzles/s" sudoku "$set" "$f"
done
measure "queens 14 --count" s exact "$tmp/queens14" 365596
measure "Langford 12 --count" s exact "$tmp/langford12" 216288
measure "pentominoes 6x10 --count" s exact "$tmp/pentominoes6x10" 9356
echo
echo "Medians of $runs alternating runs each; ratio = speed of the second build over the first."
