#!/bin/sh
# Progress on a terminal: when standard output is the same terminal as the
# progress line, an answer starts a line of its own instead of ending the
# progress line (issue 13: dlx-sudoku printed its answer right after the
# last report).  The programs run under script(1), so that both streams are
# a pseudo-terminal as in an interactive shell.
# Usage: test-terminal.sh DLX_SUDOKU DLX GEN_QUEENS
set -u
sud=$1 dlx=$2 queens=$3
command -v script >/dev/null 2>&1 || { echo "script(1) not found: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# check NAME FILE: FILE shows a progress report, and every "count >= " in it starts a line.
check() {
	if grep -q 'done' "$2" && [ "$(grep -c 'count >= ' "$2")" -gt 0 ] && ! grep -q '[^[:space:]]count >= ' "$2"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $1:"
		od -c "$2" | tail -n 8
	fi
}
empty_board() { # N: an empty N x N board on one line
	i=0; while [ $i -lt $(($1 * $1)) ]; do printf .; i=$((i + 1)); done; echo
}
empty_board 16 > "$tmp/empty16"
# A lone puzzle: the search's own progress line, then the partial count.
# The first report comes at 2 s: the limits leave 1.4 s for a poll past it
# (0.6 s was too little once under ASan on a loaded machine).
script -qec "$sud --count --time-limit 3.4 $tmp/empty16" /dev/null > "$tmp/lone" 2>&1
check "dlx-sudoku, a lone puzzle" "$tmp/lone"
# Several puzzles, one thread: "puzzles done" lines between the answers.
for k in 1 2 3 4 5 6; do cat "$tmp/empty16"; done > "$tmp/six16"
script -qec "$sud --count --threads 1 --time-limit 0.6 $tmp/six16" /dev/null > "$tmp/seq" 2>&1
check "dlx-sudoku, one thread" "$tmp/seq"
script -qec "$sud --count --threads 2 --time-limit 1.2 $tmp/six16" /dev/null > "$tmp/pipe" 2>&1
check "dlx-sudoku, two threads" "$tmp/pipe"
# dlx ends its progress line before the count, as it always did.
"$queens" 16 > "$tmp/q16"
script -qec "$dlx --count --threads 1 --time-limit 3.4 $tmp/q16" /dev/null > "$tmp/dlx" 2>&1
check "dlx" "$tmp/dlx"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
