#!/usr/bin/env bash
# The cost of dlx-sudoku --generate with --difficulty or --rating: for each
# band, PUZZLES runs of `--generate 1 --seed S --threads 1 --stats` (S = 1
# .. PUZZLES, so one puzzle per run, each timed by /usr/bin/time) and prints
# a Markdown table of the medians of candidates rejected per accepted
# puzzle and of the time per puzzle: /usr/bin/time's wall time (the
# process's start included, in hundredths) and --stats' own (the making
# only, in milliseconds), with the mean rejected and the worst run.
# BENCHMARKS.md has its latest output.
#
# usage: tools/bench-generate-rated.sh [--build DIR] [--puzzles N] [BAND...]
#   BAND   a --difficulty class (easy) or a --rating range (7.0-9.0);
#          default: easy medium hard expert beyond 7.0-9.0
set -euo pipefail

build=build puzzles=20
bands=()
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--puzzles) puzzles=$2; shift 2 ;;
	-*) echo "usage: tools/bench-generate-rated.sh [--build DIR] [--puzzles N] [BAND...]" >&2; exit 2 ;;
	*) bands+=("$1"); shift ;;
	esac
done
[ ${#bands[@]} -gt 0 ] || bands=(easy medium hard expert beyond 7.0-9.0)
bin=$build/src/cli/dlx-sudoku
[ -x "$bin" ] || { echo "bench-generate-rated: $bin is missing: build first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-generate-rated: needs /usr/bin/time (Debian's time package)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Median of the numbers on stdin (the lower middle one for an even count).
median() {
	sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "| band | puzzles | rejected per puzzle: median | mean | max | wall time per puzzle: median | max | --stats time: median |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for band in "${bands[@]}"; do
	case $band in
	[0-9]*) opt=(--rating "$band") ;;
	*) opt=(--difficulty "$band") ;;
	esac
	: > "$tmp/rows"
	for ((s = 1; s <= puzzles; s++)); do
		/usr/bin/time -f '%e' -o "$tmp/time" "$bin" --generate 1 --seed "$s" "${opt[@]}" --threads 1 --stats \
			> /dev/null 2> "$tmp/stats" || { echo "bench-generate-rated: $band seed $s: $(cat "$tmp/stats")" >&2; exit 1; }
		rejected=$(sed -n 's/.*rejected: \([0-9]*\).*/\1/p' "$tmp/stats")
		own=$(sed -n 's/.*time: \([0-9.]*\) s.*/\1/p' "$tmp/stats")
		echo "$rejected $(tail -n 1 "$tmp/time") $own" >> "$tmp/rows"
	done
	rej_med=$(cut -d' ' -f1 "$tmp/rows" | median)
	rej_mean=$(awk '{ t += $1 } END { printf "%.1f", t / NR }' "$tmp/rows")
	rej_max=$(cut -d' ' -f1 "$tmp/rows" | sort -g | tail -n 1)
	t_med=$(cut -d' ' -f2 "$tmp/rows" | median)
	t_max=$(cut -d' ' -f2 "$tmp/rows" | sort -g | tail -n 1)
	own_med=$(cut -d' ' -f3 "$tmp/rows" | median)
	echo "| \`${opt[*]}\` | $puzzles | $rej_med | $rej_mean | $rej_max | ${t_med} s | ${t_max} s | ${own_med} s |"
done
