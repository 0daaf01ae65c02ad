#!/usr/bin/env bash
# Soak test of checkpoints: a count of queens N is killed with SIGKILL at
# random instants K times, each run going on from the checkpoint the last
# one left (dlx --resume), then resumed to the end; its solutions, nodes,
# updates and branches must equal those of one uninterrupted run.  A torn
# or wrong checkpoint fails the resume or the comparison.  With --all, the
# solutions are listed (--all --output) and the file the runs appended to
# must be byte for byte the uninterrupted run's listing.  With --threads,
# the runs search in threads, their numbers taken in turn from the list
# (2,1: two, then one, then two...), against the one-thread run; a listing
# in threads comes in no fixed order, so it must hold the same solutions,
# each once (compared sorted).
# With --problem, a problem file of one's own instead of queens N (items
# with bounds too: their checkpoints are Algorithm M's, in one thread).
# With --memo, the count is memoized (dlx --count --memo --order first): its
# checkpoints hold the tables, and the uninterrupted run it is compared
# with is one with --checkpoint (the count cut into jobs); in threads only
# the count is compared (nodes then depend on which table met a state).
#
# usage: tools/soak-checkpoint.sh [--build DIR] [--dlx PATH] [--gen-queens PATH]
#                                 [--queens N] [--kills K] [--seed S] [--all]
#                                 [--threads N[,N...]] [--problem FILE] [--memo]
#   --build DIR     where dlx and dlx-gen-queens were built (default: build)
#   --queens N      the problem (default 17: about 3 minutes in one thread)
#   --kills K       how many SIGKILLs (default 20)
#   --seed S        the random instants' seed (default: from the clock; printed)
#   --all           list the solutions rather than count them (mind N: queens 14
#                   lists 365,596 solutions, 40 MB)
#   --threads LIST  each run's threads in turn (default 1)
#   --problem FILE  soak this problem (Knuth's format) instead of queens N
#   --memo          a memoized count (tests/data/domino16.dlx is one that suits)
# Each kill comes at a uniform instant within T/K of its run's start (T:
# the uninterrupted run's time), and checkpoints are saved every T/(4K)
# seconds (at least 0.02 s), so that the runs make progress but the K of
# them never reach the end.
# Exit status 0 when the totals agree, 1 when they do not, 2 for bad usage.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
build=$root/build
dlx='' gen=''
queens=17 kills=20 seed='' mode=--count threads=1 problem= memo=()

usage() {
	sed -n '/^# usage:/,/^set /{ /^#/ s/^# \{0,1\}//p; }' "${BASH_SOURCE[0]}"
	exit "$1"
}
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--dlx) dlx=$2; shift 2 ;;
	--gen-queens) gen=$2; shift 2 ;;
	--queens) queens=$2; shift 2 ;;
	--kills) kills=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--all) mode=--all; shift ;;
	--threads) threads=$2; shift 2 ;;
	--problem) problem=$2; shift 2 ;;
	--memo) memo=(--memo --order first); shift ;;
	-h | --help) usage 0 ;;
	*) echo "soak-checkpoint: unknown argument '$1'" >&2; usage 2 ;;
	esac
done
dlx=${dlx:-$build/src/cli/dlx}
gen=${gen:-$build/tools/dlx-gen-queens}
seed=${seed:-$(date +%s)}
RANDOM=$seed
IFS=, read -r -a thread_list <<< "$threads"
# The threads of a fresh run (the list's first: a one-thread checkpoint resumes only in one
# thread), then of resume number $1, in turn from the list.
threads_of() { echo "${thread_list[$(( $1 % ${#thread_list[@]} ))]}"; }

tmp=$(mktemp -d)
pid=''
cleanup() {
	if [ -n "$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

if [ -n "$problem" ]; then
	cp "$problem" "$tmp/problem.dlx"
	name=$problem
else
	"$gen" "$queens" > "$tmp/problem.dlx"
	name="queens $queens"
fi
# "solutions: X, nodes: Y, updates: Z, branches: W, time: ..." without the time.
totals() { sed -n -e 's/ (partial),/,/' -e 's/^solutions: \([^,]*\), nodes: \([0-9]*\), updates: \([0-9]*\), branches: \([0-9]*\),.*/\1 \2 \3 \4/p' "$1"; }

# A memoized count with --checkpoint is cut into jobs, which its nodes depend on: the reference is such a run.
ref=()
if [ ${#memo[@]} -gt 0 ]; then
	if [ "$mode" != --count ]; then echo "soak-checkpoint: --memo counts: not with --all" >&2; exit 2; fi
	ref=(--checkpoint "$tmp/ref.ckpt")
fi
start=$(date +%s.%N)
"$dlx" $mode "${memo[@]}" --stats --threads 1 "${ref[@]}" "$tmp/problem.dlx" > "$tmp/whole.out" 2> "$tmp/whole.err"
secs=$(echo "$start $(date +%s.%N)" | awk '{ print $2 - $1 }')
whole=$(totals "$tmp/whole.err")
every=$(echo "$secs $kills" | awk '{ e = $1 / $2 / 4; print e < 0.02 ? 0.02 : e }')
span_ms=$(echo "$secs $kills" | awk '{ print int(1000 * $1 / $2) + 1 }')
echo "soak-checkpoint: $name, uninterrupted $secs s: $whole (solutions nodes updates branches)"
echo "soak-checkpoint: $kills kills within ${span_ms} ms of each start, a checkpoint every $every s, seed $seed," \
	"threads $threads in turn"

ck=$tmp/count.ckpt
killed=0 runs=0 ended=0 resumed=0
while [ "$killed" -lt "$kills" ]; do
	runs=$((runs + 1))
	# Killed before its first save, a run leaves no file: the next starts afresh.
	if [ -e "$ck" ]; then from=(--resume "$ck"); resumed=$((resumed + 1)); else from=(--checkpoint "$ck"); fi
	"$dlx" $mode "${memo[@]}" --stats --threads "$(threads_of "$resumed")" --checkpoint-every "$every" \
		"${from[@]}" --output "$tmp/run.out" "$tmp/problem.dlx" 2> "$tmp/run.err" &
	pid=$!
	ms=$((RANDOM * 32768 + RANDOM))
	ms=$((ms % span_ms))
	sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
	if kill -KILL "$pid" 2>/dev/null; then
		status=0
		wait "$pid" 2>/dev/null || status=$?
		pid=''
		if [ "$status" -eq 137 ]; then
			killed=$((killed + 1))
			continue
		fi
	else
		status=0
		wait "$pid" 2>/dev/null || status=$?
		pid=''
	fi
	# The run ended before its kill (a slow start measured T long): it must have counted to the end.
	if [ "$status" -ne 0 ]; then
		echo "soak-checkpoint: FAIL: run $runs exited with $status:" >&2
		cat "$tmp/run.err" >&2
		exit 1
	fi
	echo "soak-checkpoint: run $runs ended before its kill, after $killed kills" >&2
	cp "$tmp/run.err" "$tmp/final.err"
	ended=1
	break
done
if [ "$ended" -eq 0 ]; then
	if [ -e "$ck" ]; then from=(--resume "$ck"); else from=(--checkpoint "$ck"); fi
	if [ -e "$ck" ]; then resumed=$((resumed + 1)); fi
	"$dlx" $mode "${memo[@]}" --stats --threads "$(threads_of "$resumed")" "${from[@]}" --output "$tmp/run.out" \
		"$tmp/problem.dlx" 2> "$tmp/final.err"
fi
final=$(totals "$tmp/final.err")
# A memoized count in threads: its nodes depend on which thread's table met a state first; the count is exact.
if [ ${#memo[@]} -gt 0 ] && [ "$threads" != 1 ]; then
	whole=${whole%% *}
	final=${final%% *}
fi
# A kill between a save's temporary file and its rename leaves the temporary file: say how many.
left=$(find "$tmp" -name 'count.ckpt.*' | wc -l)
echo "soak-checkpoint: after $killed kills in $runs runs ($resumed from a checkpoint): $final" \
	"($left temporary files left by kills mid-save)"
if [ -e "$ck" ]; then
	echo "soak-checkpoint: FAIL: the checkpoint of a finished count was not removed" >&2
	exit 1
fi
if [ "$final" != "$whole" ]; then
	echo "soak-checkpoint: FAIL: resumed totals '$final' differ from the uninterrupted '$whole'" >&2
	cat "$tmp/final.err" >&2
	exit 1
fi
# Solutions one to a line, sorted: a listing in threads has no fixed order.
blocks() { awk 'BEGIN { RS = "" } { gsub(/\n/, " | "); print }' "$1" | LC_ALL=C sort; }
if [ "$threads" = 1 ]; then
	if ! cmp "$tmp/whole.out" "$tmp/run.out"; then
		echo "soak-checkpoint: FAIL: the output of the resumed runs differs from the uninterrupted run's" >&2
		exit 1
	fi
elif [ "$(blocks "$tmp/whole.out" | cksum)" != "$(blocks "$tmp/run.out" | cksum)" ]; then
	echo "soak-checkpoint: FAIL: the resumed runs' solutions differ from the uninterrupted run's" >&2
	exit 1
fi
echo "soak-checkpoint: ok"
