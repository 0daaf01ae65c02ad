#!/bin/sh
# Big boards with few givens, which dancing links and the SAT engine do not
# fill in minutes: the empty 81x81 and 100x100 boards and 100x100 puzzles
# keeping 5% of a solution's cells, by dlx-sudoku's default engine (auto:
# its dancing-links budget, then the local search) and by --engine local;
# and a 64x64 puzzle at 30% that auto answers in the local search's second
# turn, after one of CaDiCaL's, also when CaDiCaL runs out of memory.
# Each answer is checked by tools/sudoku-grid-verify.awk, written from the
# rules (rows, columns and boxes hold 1..N once, the givens kept).
# Usage: test-big-boards.sh DLX_SUDOKU TOOLS_DIR
set -u
sudoku=$1 tools=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

# solve NAME BOX ENGINE: the puzzle in $tmp/NAME.txt, answered by the local search and checked.
solve() {
	if ! "$sudoku" --engine "$3" --threads 1 --time-limit 300 --output grid --stats "$tmp/$1.txt" \
		> "$tmp/$1.sol" 2> "$tmp/err"; then
		echo "FAIL $1 --engine $3: exit status"; cat "$tmp/err"; status=1
	elif ! grep -q 'local for 1' "$tmp/err"; then
		echo "FAIL $1 --engine $3: not answered by the local search"; cat "$tmp/err"; status=1
	elif ! awk -v box="$2" -f "$tools/sudoku-grid-verify.awk" "$tmp/$1.txt" "$tmp/$1.sol"; then
		echo "FAIL $1 --engine $3: a wrong board"; status=1
	else
		echo "ok $1 --engine $3: $(sed 's/.*\(time: [0-9.]* s\).*/\1/' "$tmp/err")"
	fi
}

for box in 9 10; do
	awk -v box=$box -v pct=0 -v seed=1 -f "$tools/sudoku-grid-puzzle.awk" > "$tmp/empty$box.txt"
	solve empty$box $box auto
	solve empty$box $box local
done
for seed in 1 2; do
	awk -v box=10 -v pct=5 -v seed=$seed -f "$tools/sudoku-grid-puzzle.awk" > "$tmp/sparse100-$seed.txt"
	solve sparse100-$seed 10 local
done

# Auto's turns (with CaDiCaL): a 64x64 puzzle at 30% given (tests/data/sudoku64-30pct.txt, made by
# sudoku-grid-puzzle.awk box 8, pct 30, seed 3) that the local search answers in 6,746,802 moves, past
# its first turn of 20 N³ = 5,242,880, so after a turn of CaDiCaL, which does not answer it: the
# local search must go on where it stopped (before the turns, auto gave it to CaDiCaL for good).
printf '%16s\n' '' | tr ' ' . > "$tmp/4.txt"
if "$sudoku" --engine sat "$tmp/4.txt" > /dev/null 2>&1; then
	cp "$tools/../tests/data/sudoku64-30pct.txt" "$tmp/turns64.txt"
	solve turns64 8 auto
	grep -q 'nodes: 6746802,' "$tmp/err" || { echo "FAIL turns64: not the local search's second turn"; cat "$tmp/err"; status=1; }
	# CaDiCaL out of memory (a big board under `ulimit -v`): the std::bad_alloc it threw through its
	# C interface ended the process in std::terminate() (exit 134).  Now --engine sat says so (exit 3),
	# and auto goes on with the local search alone: the same answer in the same moves.
	(ulimit -v 400000 && exec "$sudoku" --engine sat --threads 1 "$tmp/empty10.txt") > /dev/null 2> "$tmp/err"
	rc=$?
	if [ $rc = 3 ] && grep -q 'out of memory' "$tmp/err"; then
		echo "ok sat out of memory: exit 3"
	else
		echo "FAIL sat out of memory: exit $rc"; cat "$tmp/err"; status=1
	fi
	(ulimit -v 150000 && exec "$sudoku" --engine auto --threads 1 --time-limit 300 --output grid --stats \
		"$tmp/turns64.txt") > "$tmp/turns64.sol" 2> "$tmp/err"
	rc=$?
	if [ $rc = 0 ] && grep -q 'nodes: 6746802,' "$tmp/err" &&
		awk -v box=8 -f "$tools/sudoku-grid-verify.awk" "$tmp/turns64.txt" "$tmp/turns64.sol"; then
		echo "ok turns64 with CaDiCaL out of memory: $(sed 's/.*\(time: [0-9.]* s\).*/\1/' "$tmp/err")"
	else
		echo "FAIL turns64 with CaDiCaL out of memory: exit $rc"; cat "$tmp/err"; status=1
	fi
else
	echo "skip turns64: built without CaDiCaL"
fi
exit $status
