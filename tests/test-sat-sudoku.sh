#!/bin/sh
# Large boards with few clues through the SAT engine: 36x36 puzzles keeping
# 45% of a solution's cells (dlx-gen-sudoku 6 N SEED 45, where dancing links
# stall) and the empty 49x49 board, each answered by dlx-sudoku --engine sat
# (and the puzzles by --engine auto) and checked by sudoku-verify.  Skips
# (77) when dlx was built without CaDiCaL.
# Usage: test-sat-sudoku.sh DLX_SUDOKU GEN_SUDOKU SUDOKU_VERIFY
set -u
sudoku=$1 gen=$2 verify=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%16s\n' '' | tr ' ' . > "$tmp/4.txt"
if ! "$sudoku" --engine sat "$tmp/4.txt" > /dev/null 2> "$tmp/err"; then
	grep -q 'needs dlx built with libcadical-dev' "$tmp/err" && { echo "skip: built without CaDiCaL"; exit 77; }
	cat "$tmp/err"; exit 1
fi
status=0
"$gen" 6 4 7 45 > "$tmp/p36.txt"
for engine in sat auto; do
	if ! "$sudoku" --engine $engine --threads 2 --time-limit 100 --stats "$tmp/p36.txt" > "$tmp/s36.txt"; then
		echo "FAIL 36x36 --engine $engine: exit status"; status=1
	elif ! "$verify" "$tmp/p36.txt" "$tmp/s36.txt"; then
		echo "FAIL 36x36 --engine $engine: a wrong answer"; status=1
	else
		echo "ok 36x36 45% --engine $engine: 4 puzzles"
	fi
done
# The empty 49x49 board, in grid form (one row of 49 zeros, 49 times).
awk 'BEGIN { for (r = 0; r < 49; r++) { s = "0"; for (c = 1; c < 49; c++) s = s " 0"; print s } }' > "$tmp/e49.txt"
if ! "$sudoku" --engine sat --time-limit 100 --output line --alphabet alnum "$tmp/e49.txt" > "$tmp/s49.txt" 2> "$tmp/err49"; then
	echo "FAIL empty 49x49: exit status"; cat "$tmp/err49"; status=1
else
	tr -d '\n' < "$tmp/s49.txt" | wc -c | grep -q '^2401$' || { echo "FAIL empty 49x49: not 2401 cells"; status=1; }
	printf '%2401s\n' '' | tr ' ' . > "$tmp/e49line.txt"
	"$verify" "$tmp/e49line.txt" "$tmp/s49.txt" && echo "ok empty 49x49 --engine sat" || status=1
fi
exit $status
