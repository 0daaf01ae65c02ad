#!/bin/sh
# Large boards with few clues through the SAT engine: 36x36 puzzles keeping
# 45% of a solution's cells (dlx-gen-sudoku 6 N SEED 45, where dancing links
# stall) and the empty 25x25 board, each answered by dlx-sudoku --engine sat
# (and the puzzles by --engine auto), and the empty 49x49 board, which auto
# must leave to dancing links; every answer checked by sudoku-verify.  Skips
# (77) when dlx was built without CaDiCaL.
# Usage: test-sat-sudoku.sh DLX_SUDOKU GEN_SUDOKU SUDOKU_VERIFY
set -u
sudoku=$1 gen=$2 verify=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '%16s\n' '' | tr ' ' . > "$tmp/4.txt"
if ! "$sudoku" --engine sat "$tmp/4.txt" > /dev/null 2> "$tmp/err"; then
	grep -q 'built without CaDiCaL' "$tmp/err" && { echo "skip: built without CaDiCaL"; exit 77; }
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
# An empty board through the SAT engine: 25x25 (the empty 36x36 and 49x49 boards are heavy-tailed
# for it: 5.6 s and 42 s here, where dancing links fill 49x49 in 0.2 s).
empty() { awk -v n="$1" 'BEGIN { for (r = 0; r < n; r++) { s = "0"; for (c = 1; c < n; c++) s = s " 0"; print s } }'; }
empty 25 > "$tmp/e25.txt"
if ! "$sudoku" --engine sat --time-limit 100 --output line --alphabet alnum "$tmp/e25.txt" > "$tmp/s25.txt" 2> "$tmp/err25"; then
	echo "FAIL empty 25x25: exit status"; cat "$tmp/err25"; status=1
else
	printf '%625s\n' '' | tr ' ' . > "$tmp/e25line.txt"
	"$verify" "$tmp/e25line.txt" "$tmp/s25.txt" && echo "ok empty 25x25 --engine sat" || status=1
fi
# auto leaves to dancing links what they answer within its budget: the empty 49x49 board.
empty 49 > "$tmp/e49.txt"
if ! "$sudoku" --time-limit 100 --stats --output line --alphabet alnum "$tmp/e49.txt" > "$tmp/s49.txt" 2> "$tmp/err49"; then
	echo "FAIL empty 49x49 --engine auto: exit status"; cat "$tmp/err49"; status=1
elif grep -q 'sat for [1-9]' "$tmp/err49" || ! grep -q 'nodes: [1-9]' "$tmp/err49"; then
	echo "FAIL empty 49x49 --engine auto: not answered by dancing links"; cat "$tmp/err49"; status=1
else
	printf '%2401s\n' '' | tr ' ' . > "$tmp/e49line.txt"
	"$verify" "$tmp/e49line.txt" "$tmp/s49.txt" && echo "ok empty 49x49 --engine auto: dancing links" || status=1
fi
exit $status
