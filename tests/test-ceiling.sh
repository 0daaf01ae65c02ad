#!/bin/sh
# The benchmark's yardstick (tools/sudoku-dlx-ceiling) must run the same
# search as dlx-sudoku --unique, or comparing their speeds means nothing:
# same answers and same node count on a sample with unique, multiple and
# clashing puzzles; a line that is not a puzzle is refused with status 2.
# Usage: test-ceiling.sh CEILING DLX_SUDOKU SAMPLE
set -u
ceiling=$1 sud=$2 sample=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
field() { sed -n "s/.*$1: \([0-9]*\).*/\1/p" | tail -n 1; }

{
	head -n 300 "$sample"
	echo '11...............................................................................'
	echo '.................................................................................'
	echo '123456789........................................................................'
} > "$tmp/mix.txt"
"$sud" --threads 1 --unique --stats "$tmp/mix.txt" > "$tmp/answers" 2> "$tmp/err"
"$ceiling" "$tmp/mix.txt" > "$tmp/ceiling" || fail "ceiling exited with $?"
for a in unique multiple none; do
	want=$(grep -c "^$a\$" "$tmp/answers")
	got=$(field "$a" < "$tmp/ceiling")
	[ "$want" = "$got" ] || fail "$a: dlx-sudoku $want, ceiling $got"
done
[ "$(grep -c '^unique$' "$tmp/answers")" -eq 300 ] || fail "the sample's 300 puzzles are not all unique"
want=$(field nodes < "$tmp/err")
got=$(field nodes < "$tmp/ceiling")
[ -n "$want" ] && [ "$want" = "$got" ] || fail "nodes: dlx-sudoku $want, ceiling $got"

echo '12345' > "$tmp/bad.txt"
"$ceiling" "$tmp/bad.txt" > /dev/null 2> "$tmp/bad.err"
rc=$?
[ $rc -eq 2 ] || fail "a bad line: status $rc, want 2"
grep -q 'bad.txt:1: not an 81-character puzzle' "$tmp/bad.err" || fail "a bad line: message $(cat "$tmp/bad.err")"
[ $failed -eq 0 ] && echo "ok: same answers and $got nodes"
exit $failed
