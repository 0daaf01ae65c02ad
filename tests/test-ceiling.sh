#!/bin/sh
# The benchmark's yardstick (tools/sudoku-dlx-ceiling) must run the same
# search as dlx-sudoku --unique, or comparing their speeds means nothing:
# same answers, node count and link updates on a sample with unique, multiple,
# clashing and dead-end puzzles; a line that is not a puzzle is refused with status 2.
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
	# No clash, but r1c9 has no candidate left: the search's root is a dead end.
	echo '12345678.........9...............................................................'
} > "$tmp/mix.txt"
"$sud" --threads 1 --unique --stats "$tmp/mix.txt" > "$tmp/answers" 2> "$tmp/err"
"$ceiling" "$tmp/mix.txt" > "$tmp/ceiling" || fail "ceiling exited with $?"
for a in unique multiple none; do
	want=$(grep -c "^$a\$" "$tmp/answers")
	got=$(field "$a" < "$tmp/ceiling")
	[ "$want" = "$got" ] || fail "$a: dlx-sudoku $want, ceiling $got"
done
[ "$(grep -c '^unique$' "$tmp/answers")" -eq 300 ] || fail "the sample's 300 puzzles are not all unique"
for f in nodes updates; do
	want=$(field $f < "$tmp/err")
	got=$(field $f < "$tmp/ceiling")
	[ -n "$want" ] && [ "$want" = "$got" ] || fail "$f: dlx-sudoku $want, ceiling $got"
done

# Refused: a short line; a puzzle followed by a NUL byte and more (not a shorter line).
echo '12345' > "$tmp/bad1.txt"
{ head -n 1 "$sample" | tr -d '\n'; printf '\000x\n'; } > "$tmp/bad2.txt"
for k in 1 2; do
	"$ceiling" "$tmp/bad$k.txt" > /dev/null 2> "$tmp/bad.err"
	rc=$?
	[ $rc -eq 2 ] || fail "bad$k.txt: status $rc, want 2"
	grep -q "bad$k.txt:1: not an 81-character puzzle" "$tmp/bad.err" || fail "bad$k.txt: message $(cat "$tmp/bad.err")"
done
[ $failed -eq 0 ] && echo "ok: same answers, nodes and updates ($got)"
exit $failed
