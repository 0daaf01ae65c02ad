#!/usr/bin/env bash
# dlx-sudoku --generate with --difficulty and --rating, each puzzle checked
# by other runs than the one that made it: --unique says unique, every clue
# taken away lets in a second solution (minimal), the solution keeps the
# clues and is a sudoku (tools/sudoku-verify, which shares no code with the
# solver), and --rate puts it in the class (its class word) or the range
# (its number, compared here).  The output is the same for --threads 1 and
# 2, and --stats counts one candidate more than it rejected per puzzle.
#
# usage: test-generate-rated.sh DLX_SUDOKU SUDOKU_VERIFY
set -euo pipefail

# DLX_TEST_WRAPPER (the valgrind setup's memcheck command) runs before each dlx-sudoku, as in test-cli.c.
read -r -a wrapper <<< "${DLX_TEST_WRAPPER:-}"
sudoku_bin=$1
verify=$2
sudoku() {
	"${wrapper[@]}" "$sudoku_bin" "$@"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# Each request: the options, then the expected class word, or MIN-MAX in tenths for a range.
requests=(
	"--difficulty easy|easy"
	"--difficulty medium|medium"
	"--difficulty hard|hard"
	"--difficulty expert|expert"
	"--rating 8.0-9.9|80-99"
	"--rating 7.0-9.0|70-90"
	"--rating 2.6-3.0 --symmetry rotate180|26-30"
	"--rating 4.2|42-42"
)
count=3
for req in "${requests[@]}"; do
	opts=${req%|*}
	want=${req#*|}
	# shellcheck disable=SC2086 # opts is a list of words
	sudoku --generate $count --seed 19 $opts --threads 1 --stats > "$tmp/one" 2> "$tmp/stats" ||
		fail "$opts: status $?: $(cat "$tmp/stats")"
	# shellcheck disable=SC2086
	sudoku --generate $count --seed 19 $opts --threads 2 > "$tmp/two" || fail "$opts --threads 2: status $?"
	cmp -s "$tmp/one" "$tmp/two" || fail "$opts: --threads 1 and 2 differ"
	[ "$(wc -l < "$tmp/one")" -eq $count ] || fail "$opts: $(wc -l < "$tmp/one") puzzles, not $count"
	[ "$(sort -u "$tmp/one" | wc -l)" -eq $count ] || fail "$opts: a puzzle is repeated"

	# --stats: "candidates: C, rejected: R" with C = R + count.
	c=$(sed -n 's/.*candidates: \([0-9]*\), rejected: \([0-9]*\).*/\1 \2/p' "$tmp/stats")
	[ -n "$c" ] || fail "$opts: --stats has no candidates: $(cat "$tmp/stats")"
	read -r made rejected <<< "$c"
	[ "$made" -eq $((rejected + count)) ] || fail "$opts: $made candidates, $rejected rejected, $count puzzles"

	# Unique, with a valid solution that keeps the clues.
	[ "$(sudoku --unique "$tmp/one" | sort -u)" = unique ] || fail "$opts: a puzzle is not unique"
	sudoku "$tmp/one" > "$tmp/solved"
	"$verify" "$tmp/one" "$tmp/solved" > /dev/null || fail "$opts: a solution does not check"

	# Minimal: each clue taken away (with its half-turn image for rotate180: minimal means no
	# orbit can go), one puzzle per line, lets in a second solution.
	half=0
	[[ $opts != *rotate180* ]] || half=1
	awk -v half=$half '{
		for (i = 1; i <= 81; i++) {
			if (substr($0, i, 1) == ".")
				continue
			p = substr($0, 1, i - 1) "." substr($0, i + 1)
			if (half)
				p = substr(p, 1, 81 - i) "." substr(p, 83 - i)
			print p
		} }' "$tmp/one" > "$tmp/less"
	[ "$(sudoku --unique "$tmp/less" | sort -u)" = multiple ] || fail "$opts: a puzzle is not minimal"

	# The rating, by its own run.
	sudoku --rate "$tmp/one" > "$tmp/rated"
	case $want in
	*-*)
		awk -v lo="${want%-*}" -v hi="${want#*-}" -v opts="$opts" '
			$1 !~ /^[0-9]+\.[0-9]$/ { print opts ": rated " $0 " (no number)"; bad = 1; next }
			{ t = substr($1, 1, length($1) - 2) * 10 + substr($1, length($1), 1)
			  if (t < lo + 0 || t > hi + 0) { print opts ": rated " $0; bad = 1 } }
			END { exit bad }' "$tmp/rated" >&2 || fail "$opts: a rating is out of the range"
		;;
	*)
		[ "$(awk '{ print $NF == "logic" ? $(NF - 1) : $NF }' "$tmp/rated" | sort -u)" = "$want" ] ||
			fail "$opts: rated $(tr '\n' ' ' < "$tmp/rated"), not all $want"
		;;
	esac
done

# The rejections are real: hard puzzles are rarer than easy ones among the candidates.
sudoku --generate 6 --seed 3 --difficulty hard --threads 1 --stats > /dev/null 2> "$tmp/stats"
grep -q 'rejected: [1-9]' "$tmp/stats" || fail "no hard candidate was rejected: $(cat "$tmp/stats")"

# A band no puzzle reaches: nothing printed, a note per puzzle, status 4.
set +e
sudoku --generate 2 --seed 1 --rating 9.0-9.9 --tries 4 > "$tmp/out" 2> "$tmp/err"
status=$?
set -e
[ $status -eq 4 ] || fail "unreachable band: status $status"
[ ! -s "$tmp/out" ] || fail "unreachable band: printed $(cat "$tmp/out")"
[ "$(grep -c 'none of 4 candidates rated 9.0-9.9' "$tmp/err")" -eq 2 ] || fail "unreachable band: $(cat "$tmp/err")"
# Beyond logic (past dynamic forcing chains): none in 30,000 candidates of seed 19, so only its refusal.
set +e
sudoku --generate 1 --seed 19 --difficulty beyond --tries 20 > "$tmp/out" 2> "$tmp/err"
status=$?
set -e
[ $status -eq 4 ] && [ ! -s "$tmp/out" ] || fail "beyond: status $status: $(cat "$tmp/out")"
grep -q 'none of 20 candidates rated beyond logic' "$tmp/err" || fail "beyond: $(cat "$tmp/err")"
echo "ok: ${#requests[@]} requests, $count puzzles each"
