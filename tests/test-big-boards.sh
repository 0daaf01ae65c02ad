#!/bin/sh
# Big boards with few givens, which dancing links and the SAT engine do not
# fill in minutes: the empty 81x81 and 100x100 boards and 100x100 puzzles
# keeping 5% of a solution's cells, by dlx-sudoku's default engine (auto:
# its dancing-links budget, then the local search) and by --engine local.
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
exit $status
