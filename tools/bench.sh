#!/usr/bin/env bash
# The dlx benchmark suite: speed, search effort and memory, with every answer
# checked while it is measured.  See BENCHMARKS.md for the latest results.
#
# usage: tools/bench.sh [--build DIR] [--data DIR] [--runs N] [--quick] [--csv]
#                       [--only SECTION[,SECTION...]]
#   --build DIR  a meson build directory (default: build)
#   --data DIR   the benchmark data, with sudoku9/ and sudoku16/ (default: ../shared/data)
#   --runs N     runs per measurement; the median is reported (default: 3)
#   --quick      first 2000 puzzles of each set, the smaller exact-cover instances, 1 run
#   --csv        CSV instead of a Markdown table
#   --only       sections: sudoku9 sudoku16 sudoku25 bigboards turns exact parallel
#                progress memory memo zdd mult (default: all)
#
# Timings are the programs' own (--stats: wall time of reading, solving and
# writing, without process start-up), single-threaded unless a row says
# otherwise.  Exit status: 0 when every check passed, 1 when one failed, 2 on
# a usage or setup problem.
set -euo pipefail

build=build data=../shared/data runs=3 quick=0 csv=0
sections="sudoku9 sudoku16 sudoku25 bigboards turns exact parallel progress memory memo zdd mult"
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--data) data=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--quick) quick=1; shift ;;
	--csv) csv=1; shift ;;
	--only) sections=${2//,/ }; shift 2 ;;
	*) echo "usage: tools/bench.sh [--build DIR] [--data DIR] [--runs N] [--quick] [--csv] [--only SECTIONS]" >&2; exit 2 ;;
	esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench: --runs needs a positive number" >&2; exit 2; }
[ $quick = 1 ] && runs=1

# The programs' place in the build tree; builds from before the layout of src/ had them in src/.
bin=$build/src/cli; [ -x "$bin/dlx" ] || bin=$build/src
dlx=$bin/dlx sud=$bin/dlx-sudoku verify=$build/tools/sudoku-verify
gen_q=$build/tools/dlx-gen-queens gen_p=$build/tools/dlx-gen-pentominoes
gen_l=$build/tools/dlx-gen-langford gen_t=$build/tools/dlx-gen-tilings gen_s=$build/tools/dlx-gen-sudoku ceiling=$build/tools/sudoku-dlx-ceiling
gen_tr=$build/tools/dlx-gen-trominoes gen_a=$build/tools/dlx-gen-assign
# The independent answers of the multiplicity and cost rows; Debian's python3 (CI has no other).
mult_check() { /usr/bin/python3 "$(dirname "${BASH_SOURCE[0]}")/mult-check.py" "$@"; }
for b in "$dlx" "$sud" "$verify" "$gen_q" "$gen_p" "$gen_l" "$gen_t" "$gen_s" "$ceiling" "$gen_tr" "$gen_a"; do
	[ -x "$b" ] || { echo "bench: $b is missing: build first (ninja -C $build)" >&2; exit 2; }
done
# Single-thread figures must stay single-threaded once the programs default to all cores.
one=()
"$sud" --help | grep -q -- '--threads' && one=(--threads 1)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# The machine and build, so results can be compared across machines.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
cmd=$(grep -o '"command": "[^"]*src/\(core/\)\{0,1\}dlx[-a-z]*\.c[^"]*"' "$build/compile_commands.json" 2>/dev/null | head -n 1 |
	sed 's/"command": "//; s/"$//' || true)
compiler=$( (${cmd%% *} --version 2>/dev/null || true) | head -n 1)
flags=$(printf '%s\n' $cmd | grep -E '^-(O|f|m|W|g|DNDEBUG|std)' | tr '\n' ' ' || true)

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed -n "s/.*$1: \([0-9.]*\).*/\1/p" | tail -n 1; }

rows=()
row() { # section instance mode threads seconds rate nodes updates check
	rows+=("$(printf '%s\037' "$@")")
	case $9 in ok*) ;; *) failed=1 ;; esac
}

# sudoku_set NAME FILE SECTION [REFERENCE_SOLUTIONS]: solve mode and uniqueness mode.
sudoku_set() {
	local name=$1 file=$2 section=$3 ref=${4:-} input=$2 t secs=() useqs=() n
	if [ $quick = 1 ]; then
		head -n 2000 "$file" > "$tmp/$name.in"
		input=$tmp/$name.in
		[ -n "$ref" ] && head -n 2000 "$ref" > "$tmp/$name.ref" && ref=$tmp/$name.ref
	fi
	n=$(grep -c . "$input")
	for ((t = 0; t < runs; t++)); do
		"$sud" "${one[@]}" --stats "$input" > "$tmp/sol" 2> "$tmp/err" || true
		secs+=("$(field time < "$tmp/err")")
	done
	local s nodes updates check
	s=$(printf '%s\n' "${secs[@]}" | median)
	nodes=$(field nodes < "$tmp/err") updates=$(field updates < "$tmp/err")
	if check=$("$verify" --allow-none "$input" "$tmp/sol" 2>&1); then
		if [ -n "$ref" ] && ! cmp -s "$tmp/sol" "$ref"; then
			check="FAIL: solutions differ from $(basename "$ref")"
		else
			check="ok: $check"
		fi
	else
		check="FAIL: $check"
	fi
	local none_solve
	none_solve=$(grep -c '^no solution' "$tmp/sol" || true)
	row "$section" "$name" first "1" "$s" "$(awk -v n="$n" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" \
		"$(awk -v a="$nodes" -v n="$n" 'BEGIN { printf "%.1f", a / n }')" \
		"$(awk -v a="$updates" -v n="$n" 'BEGIN { printf "%.0f", a / n }')" "$check"
	[ "$section" = sudoku9 ] || return 0

	for ((t = 0; t < runs; t++)); do
		"$sud" "${one[@]}" --unique --stats "$input" > "$tmp/uniq" 2> "$tmp/err" || true
		useqs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${useqs[@]}" | median)
	nodes=$(field nodes < "$tmp/err") updates=$(field updates < "$tmp/err")
	local u m z
	u=$(grep -c '^unique$' "$tmp/uniq" || true) m=$(grep -c '^multiple$' "$tmp/uniq" || true)
	z=$(grep -c '^none$' "$tmp/uniq" || true)
	if [ $((u + m + z)) -ne "$n" ]; then
		check="FAIL: $((u + m + z)) answers for $n puzzles"
	elif [ "$z" -ne "$none_solve" ]; then
		check="FAIL: $z none, but $none_solve unsolved in first-solution mode"
	elif [[ $name == 17_clue* ]] && [ "$u" -ne "$n" ]; then
		check="FAIL: $m of the 17-clue puzzles (all unique) not unique"
	else
		check="ok: $u unique, $m multiple, $z none"
	fi
	row "$section" "$name" unique "1" "$s" "$(awk -v n="$n" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" \
		"$(awk -v a="$nodes" -v n="$n" 'BEGIN { printf "%.1f", a / n }')" \
		"$(awk -v a="$updates" -v n="$n" 'BEGIN { printf "%.0f", a / n }')" "$check"

	# The yardstick: the same search in a DLX specialised to 9x9 (tools/sudoku-dlx-ceiling.c).
	local cout cseqs=() cnodes=$nodes cupdates=$updates
	for ((t = 0; t < runs; t++)); do
		cout=$("$ceiling" "$input" 2>&1) || true
		cseqs+=("$(field time <<< "$cout")")
	done
	s=$(printf '%s\n' "${cseqs[@]}" | median)
	if [ "$(field unique <<< "$cout"),$(field multiple <<< "$cout"),$(field none <<< "$cout")" != "$u,$m,$z" ]; then
		check="FAIL: answers differ from dlx-sudoku's: $cout"
	elif [ "$(field nodes <<< "$cout"),$(field updates <<< "$cout")" != "$cnodes,$cupdates" ]; then
		check="FAIL: $(field nodes <<< "$cout") nodes and $(field updates <<< "$cout") updates, dlx-sudoku $cnodes and $cupdates"
	else
		check="ok: same answers, nodes and updates as --unique"
	fi
	row "$section" "$name" ceiling "1" "$s" "$(awk -v n="$n" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" \
		"$(awk -v a="$cnodes" -v n="$n" 'BEGIN { printf "%.1f", a / n }')" \
		"$(awk -v a="$cupdates" -v n="$n" 'BEGIN { printf "%.0f", a / n }')" "$check"
}

# exact_count NAME FILE EXPECTED [THREADS [SECTION [MODE [EXTRA_OPTION]]]]: seconds to count every solution.
exact_count() {
	local name=$1 file=$2 want=$3 threads=${4:-1} section=${5:-exact} mode=${6:-count} extra=${7:---no-progress}
	local t secs=() got s
	for ((t = 0; t < runs; t++)); do
		got=$("$dlx" --threads "$threads" --count --stats "$extra" "$file" 2> "$tmp/err")
		secs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${secs[@]}" | median)
	last_secs=$s
	local check="ok: $got solutions"
	[ "$got" = "$want" ] || check="FAIL: $got solutions, want $want"
	row "$section" "$name" "$mode" "$threads" "$s" "" "$(field nodes < "$tmp/err")" "$(field updates < "$tmp/err")" "$check"
}

# sudoku_count NAME PUZZLE EXPECTED: seconds for dlx-sudoku to count every solution of one puzzle line.
sudoku_count() {
	local name=$1 puzzle=$2 want=$3 t secs=() got s
	printf '%s\n' "$puzzle" > "$tmp/$name.in"
	for ((t = 0; t < runs; t++)); do
		got=$("$sud" "${one[@]}" --count --stats --no-progress "$tmp/$name.in" 2> "$tmp/err")
		secs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${secs[@]}" | median)
	local check="ok: $got solutions"
	[ "$got" = "$want" ] || check="FAIL: $got solutions, want $want"
	row exact "$name" count 1 "$s" "" "$(field nodes < "$tmp/err")" "$(field updates < "$tmp/err")" "$check"
}

# big_set NAME BOX CLUES COUNT LIMIT [OPTION]: COUNT shuffled valid boards of
# box size BOX keeping CLUES percent of their cells, each solved alone (first
# solution) with --time-limit LIMIT and OPTION (e.g. --propagate).  Reports
# the median and the worst time per puzzle, the median nodes, and how many
# finished: a heavy tail shows as the worst, and as puzzles stopped at the
# limit (issue 13: large boards with few clues stall).  Up to 64x64 the
# puzzles are dlx-gen-sudoku's lines, checked by sudoku-verify; past it
# (81x81, 100x100, beyond the one-symbol formats) rows of numbers from
# tools/sudoku-grid-puzzle.awk (seeds 1..COUNT), checked by
# tools/sudoku-grid-verify.awk.
big_set() {
	local name=$1 box=$2 clues=$3 count=$4 limit=$5 extra=${6:-} k t times=() nodes=() solved=0 worst=0 s
	local here bad="" grid=0
	here=$(dirname "${BASH_SOURCE[0]}")
	[ "$box" -gt 8 ] && grid=1 extra="$extra --output grid"
	[ $grid = 1 ] || "$gen_s" "$box" "$count" 1 "$clues" > "$tmp/$name.all"
	for ((k = 1; k <= count; k++)); do
		if [ $grid = 1 ]; then
			awk -v box="$box" -v pct="$clues" -v seed="$k" -f "$here/sudoku-grid-puzzle.awk" > "$tmp/$name.one"
		else
			sed -n "${k}p" "$tmp/$name.all" > "$tmp/$name.one"
		fi
		"$sud" "${one[@]}" $extra --time-limit "$limit" --stats "$tmp/$name.one" > "$tmp/$name.sol" 2> "$tmp/err" || true
		t=$(field time < "$tmp/err")
		nodes+=("$(field nodes < "$tmp/err")")
		if grep -q '^unknown (stopped' "$tmp/$name.sol"; then
			t=$limit
		elif if [ $grid = 1 ]; then awk -v box="$box" -f "$here/sudoku-grid-verify.awk" "$tmp/$name.one" "$tmp/$name.sol"
			else "$verify" "$tmp/$name.one" "$tmp/$name.sol"; fi > /dev/null 2>&1; then
			solved=$((solved + 1))
		else
			bad="FAIL: puzzle $k's answer is wrong"
		fi
		times+=("$t")
		worst=$(awk -v a="$worst" -v b="$t" 'BEGIN { print (b > a ? b : a) }')
	done
	s=$(printf '%s\n' "${times[@]}" | median)
	row bigboards "$name" first 1 "$s" "" "$(printf '%s\n' "${nodes[@]}" | median)" "" \
		"${bad:-ok: $solved of $count solved within $limit s each, worst $worst s}"
}

has() { case " $sections " in *" $1 "*) return 0 ;; esac; return 1; }

# puzzles_of FILE: FILE, or a copy of its puzzles alone when its lines carry more (the rated sample's
# "PUZZLE RATING"): dlx-sudoku skips such a rating, but the yardstick reads it as a malformed puzzle,
# and every program is given the same bytes.
puzzles_of() {
	if grep -q '[[:space:]][^[:space:]]' "$1"; then
		local copy
		copy=$tmp/puzzles-$(basename "$1")
		awk '{ print $1 }' "$1" > "$copy" && echo "$copy"
	else
		echo "$1"
	fi
}

if has sudoku9; then
	if [ -d "$data/sudoku9" ]; then
		for f in "$data"/sudoku9/*.txt; do sudoku_set "$(basename "$f" .txt)" "$(puzzles_of "$f")" sudoku9; done
	else
		echo "bench: $data/sudoku9 not found, 9x9 sets skipped" >&2
	fi
fi
if has sudoku16; then
	g=$data/sudoku16/goomii17_2000.txt
	if [ -f "$g" ]; then
		sudoku_set goomii17_2000 "$g" sudoku16 "$data/sudoku16/goomii17_2000_solutions.txt"
	else
		echo "bench: $g not found, 16x16 skipped" >&2
	fi
fi
if has sudoku25; then
	# Shuffled valid grids with 60% of the cells kept; seed 1 makes them the same set every time.
	"$gen_s" 5 $([ $quick = 1 ] && echo 50 || echo 200) 1 60 > "$tmp/sudoku25.txt"
	sudoku_set "generated25x25_60pct" "$tmp/sudoku25.txt" sudoku25
fi
if has bigboards; then
	# Seed 1 makes them the same sets every run; a stopped puzzle counts as the limit.  Rows per engine:
	# dlx (dancing links, with and without --propagate), sat (CaDiCaL), local (the local search) and
	# auto (dlx within 1,000,000 nodes, then local, then sat), each puzzle solved alone; the note
	# gives the worst time; for local and auto "nodes" counts the local search's moves where it answered.
	if [ $quick = 1 ]; then
		big_set sudoku36_45pct_dlx 6 45 4 1 "--engine dlx"
		big_set sudoku36_45pct_sat 6 45 4 60 "--engine sat"
		big_set sudoku100_empty_local 10 0 1 60 "--engine local"
	else
		for c in 35 45 55; do
			big_set "sudoku36_${c}pct_dlx" 6 "$c" 12 3 "--engine dlx"
			big_set "sudoku36_${c}pct_propagate" 6 "$c" 12 3 "--engine dlx --propagate"
			big_set "sudoku36_${c}pct_sat" 6 "$c" 12 60 "--engine sat"
			big_set "sudoku36_${c}pct_auto" 6 "$c" 12 60 "--engine auto"
		done
		big_set sudoku64_empty_dlx 8 0 1 10 "--engine dlx"
		big_set sudoku64_empty_sat 8 0 1 60 "--engine sat"
		big_set sudoku64_50pct_dlx 8 50 4 10 "--engine dlx"
		big_set sudoku64_50pct_propagate 8 50 4 10 "--engine dlx --propagate"
		big_set sudoku64_50pct_sat 8 50 4 120 "--engine sat"
		big_set sudoku64_50pct_auto 8 50 4 120 "--engine auto"
		big_set sudoku64_10pct_local 8 10 4 60 "--engine local"
		big_set sudoku64_10pct_auto 8 10 4 60 "--engine auto"
		# Past a fifth given the local search lives on its narrowing (the singles first, candidates kept).
		big_set sudoku64_25pct_local 8 25 4 60 "--engine local"
		big_set sudoku100_20pct_local 10 20 4 60 "--engine local"
		for b in 9 10; do
			big_set "sudoku$((b * b))_empty_local" $b 0 1 60 "--engine local"
			big_set "sudoku$((b * b))_empty_auto" $b 0 1 60 "--engine auto"
			big_set "sudoku$((b * b))_10pct_local" $b 10 4 60 "--engine local"
			big_set "sudoku$((b * b))_10pct_auto" $b 10 4 60 "--engine auto"
		done
	fi
fi
if has turns && [ $quick = 0 ]; then
	# Auto's turns of the local search and CaDiCaL (stop 41): where each engine alone answers some
	# puzzles and not others, 49x49 at 35% given (CaDiCaL's) and 64x64 at 30% (the local search's,
	# which --time-limit now leaves unbounded in moves).
	big_set sudoku49_35pct_sat 7 35 4 120 "--engine sat"
	big_set sudoku49_35pct_auto 7 35 4 120 "--engine auto"
	big_set sudoku64_30pct_sat 8 30 4 60 "--engine sat"
	big_set sudoku64_30pct_local 8 30 4 120 "--engine local"
	big_set sudoku64_30pct_auto 8 30 4 120 "--engine auto"
fi
if has exact; then
	"$gen_q" 12 > "$tmp/q12"; "$gen_q" 13 > "$tmp/q13"; "$gen_l" 11 > "$tmp/l11"; "$gen_l" 12 > "$tmp/l12"
	"$gen_p" 5x12 > "$tmp/p512"; "$gen_p" 6x10 > "$tmp/p610"; "$gen_q" 14 > "$tmp/q14"
	"$gen_p" 8x8h > "$tmp/p88h"
	exact_count queens12 "$tmp/q12" 14200
	exact_count queens13 "$tmp/q13" 73712
	exact_count langford11 "$tmp/l11" 35584
	exact_count langford12 "$tmp/l12" 216288
	# Full 6x6 grids with 2x3 boxes: 28,200,960, 39,168 of them with the first row 123456.
	sudoku_count sudoku6x6-first-row "123456$(printf '%.0s.' {1..30})" 39168
	if [ $quick = 0 ]; then
		sudoku_count sudoku6x6-all "$(printf '%.0s.' {1..36})" 28200960
		exact_count queens14 "$tmp/q14" 365596
		exact_count pentominoes5x12 "$tmp/p512" 4040
		exact_count pentominoes6x10 "$tmp/p610" 9356
		exact_count pentominoes8x8h "$tmp/p88h" 520
	fi
fi
if has parallel; then
	cores=$(nproc)
	"$gen_q" 14 > "$tmp/q14"; "$gen_p" 6x10 > "$tmp/p610"
	for th in 1 "$cores"; do
		exact_count queens14 "$tmp/q14" 365596 "$th" parallel
		exact_count pentominoes6x10 "$tmp/p610" 9356 "$th" parallel
	done
	if [ ${#one[@]} -gt 0 ] && [ -d "$data/sudoku9" ]; then
		# head closes the pipe early: cat then dies of SIGPIPE, which is fine here.
		for f in "$data"/sudoku9/*.txt; do cat "$(puzzles_of "$f")"; done | head -n 100000 > "$tmp/100k.txt" || true
		for th in 1 "$cores"; do
			secs=()
			for ((t = 0; t < runs; t++)); do
				"$sud" --threads "$th" --unique --stats "$tmp/100k.txt" > "$tmp/uniq$th" 2> "$tmp/err" || true
				secs+=("$(field time < "$tmp/err")")
			done
			s=$(printf '%s\n' "${secs[@]}" | median)
			check=ok
			[ "$th" = 1 ] || cmp -s "$tmp/uniq1" "$tmp/uniq$th" || check="FAIL: output differs from 1 thread"
			row parallel 9x9_100k unique "$th" "$s" "$(awk -v s="$s" 'BEGIN { printf "%.0f", 100000 / s }')" \
				"" "" "$check"
		done
	fi
fi
if has progress; then
	# Progress reporting must not change results, and must cost less than 2%.
	"$gen_q" $([ $quick = 1 ] && echo 13 || echo 14) > "$tmp/qp"
	want=$([ $quick = 1 ] && echo 73712 || echo 365596)
	exact_count queens-progress-off "$tmp/qp" "$want" 1 progress no-progress --no-progress
	off=$last_secs
	exact_count queens-progress-on "$tmp/qp" "$want" 1 progress progress --progress
	on=$last_secs
	row progress "queens overhead" "on vs off" 1 "" "" "" "" \
		"ok: $(awk -v a="$on" -v b="$off" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }')"
fi
# memo_count NAME FILE EXPECTED ORDER: dlx --count --memo, one thread; the check names the table's peak memory.
memo_count() {
	local name=$1 file=$2 want=$3 order=$4 t secs=() got s
	for ((t = 0; t < runs; t++)); do
		got=$("$dlx" --threads 1 --count --memo --order "$order" --stats --no-progress "$file" 2> "$tmp/err")
		secs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${secs[@]}" | median)
	local check="ok: $got, table $(sed -n 's/.*peak table memory: \([0-9.]* MiB\).*/\1/p' "$tmp/err")"
	[ "$got" = "$want" ] || check="FAIL: $got solutions, want $want"
	row memo "$name" "memo-$order" 1 "$s" "" "$(field nodes < "$tmp/err")" "$(field updates < "$tmp/err")" "$check"
}
if has memo; then
	# Domino tilings of 2n x 2n boards (known counts), by both rules; the plain instances of `exact`, memoized.
	domino=(2 36 6728 12988816 258584046368 53060477521960000 112202208776036178000000
		2444888770250892795802079170816)
	for n in 4 5 6 7 $([ $quick = 1 ] || echo 8); do
		"$gen_t" "$((2 * n))x$((2 * n))" > "$tmp/d$n"
		for o in first mrv; do memo_count "dominoes$((2 * n))x$((2 * n))" "$tmp/d$n" "${domino[n - 1]}" "$o"; done
	done
	"$gen_q" 12 > "$tmp/q12"; "$gen_l" 11 > "$tmp/l11"; "$gen_p" 5x12 > "$tmp/p512"
	memo_count queens12 "$tmp/q12" 14200 mrv
	memo_count langford11 "$tmp/l11" 35584 mrv
	[ $quick = 1 ] || memo_count pentominoes5x12 "$tmp/p512" 4040 mrv
fi
# zdd_run NAME FILE EXPECTED ARGS...: dlx with ARGS on FILE, the whole process timed (/usr/bin/time),
# its peak memory and the diagram's nodes in the check; EXPECTED is the count, or the solutions drawn.
zdd_run() {
	local name=$1 file=$2 want=$3 t secs=() got s
	shift 3
	for ((t = 0; t < runs; t++)); do
		got=$(/usr/bin/time -f 'time: %e rss: %M' "$dlx" --stats --no-progress "$@" "$file" 2> "$tmp/err" |
			{ if [[ " $* " == *" --sample "* ]]; then grep -c '^$'; else cat; fi; })
		secs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${secs[@]}" | median)
	local check="ok: $got, $(sed -n 's/^diagram: \([0-9]*\) nodes.*/\1/p' "$tmp/err") nodes, peak $(field rss < "$tmp/err") KB"
	[ "$got" = "$want" ] || check="FAIL: $got, want $want"
	row zdd "$name" "${*//$tmp\//}" 1 "$s" "" "$(field 'search nodes' < "$tmp/err")" "" "$check"
}
if has zdd; then
	# The diagrams of 2n x 2n domino tilings (whole process: build, count, write), and uniform draws.
	domino=(2 36 6728 12988816 258584046368 53060477521960000 112202208776036178000000)
	for n in 4 5 6 $([ $quick = 1 ] || echo 7); do
		"$gen_t" "$((2 * n))x$((2 * n))" > "$tmp/d$n"
		zdd_run "dominoes$((2 * n))x$((2 * n))" "$tmp/d$n" "${domino[n - 1]}" --zdd "$tmp/z$n" --count --order first
	done
	zdd_run "dominoes10x10" "$tmp/d5" 1000 --sample 1000 --seed 1 --order first
	[ $quick = 1 ] || zdd_run "dominoes14x14" "$tmp/d7" 1000 --from-zdd "$tmp/z7" --sample 1000 --seed 1
fi
# best_cost NAME FILE [tiling]: seconds for dlx --best, its cost checked by the Hungarian method
# (an assignment) or, for a tiling with costs, its cost and ties by a memoized search (mult-check.py).
best_cost() {
	local name=$1 file=$2 kind=${3:-assign} t secs=() got s want ties check
	for ((t = 0; t < runs; t++)); do
		"$dlx" --best --stats --no-progress "$file" > "$tmp/out" 2> "$tmp/err"
		got=$(sed -n 's/^cost //p' "$tmp/out")
		secs+=("$(field time < "$tmp/err")")
	done
	s=$(printf '%s\n' "${secs[@]}" | median)
	if [ "$kind" = tiling ]; then
		ties=$(sed -n 's/^ties: \([0-9]*\) solutions\{0,1\} cost .*/\1/p' "$tmp/out")
		want=$(mult_check cheapest "$file")
		check="ok: cost $got, $ties tie(s); memoized search $want"
		[ "$got $ties" = "$want" ] || check="FAIL: cost $got, $ties tie(s); memoized search $want"
	else
		want=$(mult_check assign "$file")
		check="ok: cost $got, Hungarian method $want"
		[ "$got" = "$want" ] || check="FAIL: cost $got, Hungarian method $want"
	fi
	row mult "$name" best 1 "$s" "" "$(field nodes < "$tmp/err")" "$(field updates < "$tmp/err")" "$check"
}
if has mult; then
	# Exactly T straight trominoes among dominoes (a bound T:T), counts from tools/mult-check.py.
	for spec in 5x6x4 6x6x4 $([ $quick = 1 ] || echo 6x8x4); do
		IFS=x read -r r c t <<< "$spec"
		"$gen_tr" "$r" "$c" "$t" > "$tmp/tr"
		exact_count "trominoes${r}x$c-t$t" "$tmp/tr" "$(mult_check tiles "$r" "$c" "$t")" 1 mult
	done
	# The assignment problem: the cheapest (branch and bound) against every solution.
	"$gen_a" 10 1 > "$tmp/a10"; "$gen_a" 20 1 > "$tmp/a20"; "$gen_a" 30 1 > "$tmp/a30"; "$gen_a" 40 1 > "$tmp/a40"
	best_cost assign10 "$tmp/a10"
	exact_count assign10 "$tmp/a10" 3628800 1 mult
	best_cost assign20 "$tmp/a20"
	best_cost assign30 "$tmp/a30"
	best_cost assign40 "$tmp/a40"
	# Tilings with costs (dlx-gen-tilings FAMILY RxC 1): the cheapest tiling.
	for spec in domino:8x8 domino:10x10 tromino:6x6 tetromino:6x6 $([ $quick = 1 ] || echo tetromino:8x8); do
		"$gen_t" "${spec%%:*}" "${spec#*:}" 1 > "$tmp/tc"
		best_cost "${spec%%:*}es${spec#*:}-cost" "$tmp/tc" tiling
	done
fi
if has memory; then
	# Peak memory must not grow with the number of puzzles: the input is streamed.
	if [ -d "$data/sudoku9" ]; then
		n=$([ $quick = 1 ] && echo 100000 || echo 1000000)
		# Enough copies of the 17-clue set for n lines (a bare 'while :' would outlive head).
		reps=$(( n / $(grep -c . "$data/sudoku9/17_clue.txt") + 1 ))
		for ((k = 0; k < reps; k++)); do cat "$data/sudoku9/17_clue.txt"; done | head -n "$n" > "$tmp/many.txt" || true
		head -n 1000 "$tmp/many.txt" > "$tmp/few.txt"
		for f in few many; do
			/usr/bin/time -f '%M' -o "$tmp/rss" "$sud" "${one[@]}" --stats "$tmp/$f.txt" > /dev/null 2> "$tmp/err"
			row memory "9x9_$(grep -c . "$tmp/$f.txt")_puzzles" first 1 "$(field time < "$tmp/err")" "" "" "" \
				"ok: max RSS $(cat "$tmp/rss") KiB"
		done
	fi
	for spec in "6 75 36x36" "8 85 64x64"; do
		set -- $spec
		"$gen_s" "$1" 3 1 "$2" > "$tmp/big.txt"
		/usr/bin/time -f '%M' -o "$tmp/rss" "$sud" "${one[@]}" --stats "$tmp/big.txt" > "$tmp/big.sol" 2> "$tmp/err"
		if c=$("$verify" "$tmp/big.txt" "$tmp/big.sol" 2>&1); then c="ok: max RSS $(cat "$tmp/rss") KiB, $c"; else c="FAIL: $c"; fi
		row memory "$3_3_puzzles" first 1 "$(field time < "$tmp/err")" "" "" "" "$c"
	done
fi

if [ $csv = 1 ]; then
	echo "section,instance,mode,threads,seconds,puzzles_per_s,nodes,updates,check"
	for r in "${rows[@]}"; do
		IFS=$'\037' read -r a b c d e f g h i <<< "$r"
		printf '%s,%s,%s,%s,%s,%s,%s,%s,"%s"\n' "$a" "$b" "$c" "$d" "$e" "$f" "$g" "$h" "$i"
	done
else
	echo "Machine: $cpu, $(nproc) cores; compiler: ${compiler:-unknown}; flags: ${flags:-unknown}"
	echo "Runs per figure: $runs (median)$([ $quick = 1 ] && echo ', quick mode: samples of each set')"
	echo
	echo "| section | instance | mode | threads | seconds | puzzles/s | nodes | updates | check |"
	echo "|---|---|---|---:|---:|---:|---:|---:|---|"
	for r in "${rows[@]}"; do
		IFS=$'\037' read -r a b c d e f g h i <<< "$r"
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$a" "$b" "$c" "$d" "$e" "$f" "$g" "$h" "$i"
	done
	echo
	echo "Sudoku rows give nodes and updates per puzzle; exact-cover rows give totals."
fi
exit $failed
