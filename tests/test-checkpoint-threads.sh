#!/usr/bin/env bash
# dlx --count --threads N with --checkpoint and --resume end to end: a count
# in two threads stopped by SIGTERM, SIGKILL (after a save) and node limits,
# resumed in one thread and in two in turn, ends with the totals of one
# uninterrupted one-thread run; a resume at the node limit it stopped at
# saves the same bytes; a one-thread checkpoint is refused in threads and a
# threaded one with --all, --limit or --part, each saying why, exit 2, the
# file left as it was.  With --propagate (pentominoes), the totals of one
# uninterrupted run in the first run's threads (the cut does not propagate).
# Usage: test-checkpoint-threads.sh DLX GEN_QUEENS PENTOMINOES
set -u
dlx=$1 queens=$2 pentominoes=$3
tmp=$(mktemp -d) || exit 1
pid=''
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want '$2', got '$3'"; fi
}
totals() { sed -n -e 's/ (partial),/,/' -e 's/^solutions: \([^,]*\), nodes: \([0-9]*\), updates: \([0-9]*\), branches: \([0-9]*\),.*/\1 \2 \3 \4/p' "$1"; }

"$queens" 12 > "$tmp/q12"
"$queens" 16 > "$tmp/q16"
"$queens" 8 > "$tmp/q8"
"$dlx" --count --stats --threads 1 "$tmp/q12" > /dev/null 2> "$tmp/whole.err"
whole=$(totals "$tmp/whole.err")
ck=$tmp/q12.ckpt

# Node limits in two threads, then one, then two...: each stop saved, the totals one run's.
"$dlx" --count --stats --threads 2 --node-limit 25000 --checkpoint "$ck" "$tmp/q12" > /dev/null 2> "$tmp/err"
check "threads node limit status" 4 $?
check "threads node limit saved" 1 "$(grep -c "^dlx: checkpoint saved in $ck (go on with --resume $ck)\$" "$tmp/err")"
stopped=$(totals "$tmp/err" | cut -d' ' -f2)
cp "$ck" "$tmp/first.ckpt"
"$dlx" --count --threads 2 --node-limit 25000 --resume "$ck" "$tmp/q12" > /dev/null 2>&1
check "same limit status" 4 $?
cmp -s "$ck" "$tmp/first.ckpt"
check "same limit, same bytes" 0 $?
for round in 1 2 3 4; do
	threads=$((round % 2 + 1))
	"$dlx" --count --stats --threads $threads --node-limit $((stopped + 25000)) --resume "$ck" "$tmp/q12" \
		> /dev/null 2> "$tmp/err"
	status=$?
	[ $status -eq 0 ] && break
	check "round $round status ($threads threads)" 4 $status
	stopped=$(totals "$tmp/err" | cut -d' ' -f2)
done
# Refused with the wrong options: the file as it was.
cp "$ck" "$tmp/before.ckpt"
"$dlx" --count --limit 3 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "threaded resumed with --limit status" 2 $?
check "threaded resumed with --limit message" \
	"dlx: $ck: checkpoint of a count in threads: it resumes as a count, without --all or --limit" "$(cat "$tmp/err")"
"$dlx" --count --part 1/2 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "threaded resumed as a part status" 2 $?
check "threaded resumed as a part said" 1 "$(grep -c "checkpoint of a count in threads, not of a one-thread search or a part" "$tmp/err")"
cmp -s "$ck" "$tmp/before.ckpt"
check "refusals leave the file" 0 $?
"$dlx" --count --stats --threads 1 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "node limits: final status" 0 $?
check "node limits: final totals" "$whole" "$(totals "$tmp/err")"
check "node limits: file removed" no "$([ -e "$ck" ] && echo yes || echo no)"

# A one-thread checkpoint resumes in one thread only.
"$dlx" --count --threads 1 --node-limit 20000 --checkpoint "$tmp/one.ckpt" "$tmp/q12" > /dev/null 2>&1
"$dlx" --count --threads 2 --resume "$tmp/one.ckpt" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "one-thread in threads status" 2 $?
check "one-thread in threads message" "dlx: $tmp/one.ckpt: checkpoint of a one-thread search, not of a count in threads (resume it in one thread: --threads 1, dlx_search_resume())" "$(cat "$tmp/err")"

# Signals while two threads run: SIGTERM saves at the stop (143), SIGKILL leaves the last periodic save.
q16=$tmp/q16.ckpt
for sig in TERM KILL TERM; do
	if [ -e "$q16" ]; then from=(--resume "$q16"); else from=(--checkpoint "$q16"); fi
	"$dlx" --count --stats --threads 2 --checkpoint-every 0.05 "${from[@]}" "$tmp/q16" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	# q16 takes minutes: the signal always comes first; wait for the first save, and a few more.
	for _ in $(seq 200); do [ -e "$q16" ] && break; sleep 0.05; done
	sleep 0.3
	kill -$sig "$pid"
	wait "$pid" 2>/dev/null
	status=$?
	pid=''
	case $sig in TERM) want=143 ;; KILL) want=137 ;; esac
	check "SIG$sig status" $want $status
	check "SIG$sig left a checkpoint" yes "$([ -e "$q16" ] && echo yes)"
	if [ $sig = TERM ]; then
		check "SIG$sig saved" 1 "$(grep -c "^dlx: checkpoint saved in $q16" "$tmp/err")"
		check "SIG$sig partial count" 1 "$(grep -c "^count >= [0-9]* (interrupted by SIGTERM)\$" "$tmp/out")"
	fi
done
# Where it stands: resumed in one thread to a node limit, then in two, each to its limit.
"$dlx" --count --stats --threads 1 --node-limit 1 --resume "$q16" "$tmp/q16" > /dev/null 2> "$tmp/err"
at=$(totals "$tmp/err" | cut -d' ' -f2)
check "SIGs: saved nodes counted" yes "$([ "${at:-0}" -gt 0 ] && echo yes)"
"$dlx" --count --stats --threads 1 --node-limit $((at + 50000)) --resume "$q16" "$tmp/q16" > /dev/null 2> "$tmp/err"
check "SIGs resumed in one thread" 4 $?
at1=$(totals "$tmp/err" | cut -d' ' -f2)
check "one thread stops at its node limit" yes "$([ "$at1" -ge $((at + 50000)) ] && echo yes)"
"$dlx" --count --stats --threads 2 --node-limit $((at1 + 50000)) --resume "$q16" "$tmp/q16" > /dev/null 2> "$tmp/err"
check "SIGs resumed in two threads" 4 $?

# SIGTERM and SIGKILL at random instants of a count of q13 (a fraction of a second), in two threads,
# then one, then two...: to the end, the totals of one uninterrupted run.
"$queens" 13 > "$tmp/q13"
"$dlx" --count --stats --threads 1 "$tmp/q13" > /dev/null 2> "$tmp/whole13.err"
whole13=$(totals "$tmp/whole13.err")
q13=$tmp/q13.ckpt
runs=0 ended=no
while [ $runs -lt 8 ]; do
	runs=$((runs + 1))
	threads=$((runs % 2 + 1))
	if [ -e "$q13" ]; then from=(--resume "$q13"); else from=(--checkpoint "$q13"); threads=2; fi
	"$dlx" --count --stats --threads $threads --checkpoint-every 0.01 "${from[@]}" "$tmp/q13" \
		> "$tmp/out" 2> "$tmp/err" &
	pid=$!
	sleep "0.0$((RANDOM % 8 + 1))"
	if [ $((runs % 2)) -eq 0 ]; then sig=KILL; else sig=TERM; fi
	kill -$sig "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	status=$?
	pid=''
	if [ $status -eq 0 ]; then ended=yes; break; fi
	case $status in 137 | 143) ;; *) check "q13 run $runs status" "137 or 143" $status ;; esac
done
if [ $ended = no ]; then
	if [ -e "$q13" ]; then from=(--resume "$q13"); else from=(--checkpoint "$q13"); fi
	"$dlx" --count --stats --threads 2 "${from[@]}" "$tmp/q13" > "$tmp/out" 2> "$tmp/err"
	check "q13 final status" 0 $?
fi
echo "checkpoint-threads: q13 stopped in $runs runs (ended by itself: $ended)"
check "q13 killed and resumed: totals" "$whole13" "$(totals "$tmp/err")"
check "q13 file removed" no "$([ -e "$q13" ] && echo yes || echo no)"

# --propagate: the cut of the first run's threads (2) kept across resumes in 1 and 3.
"$dlx" --count --stats --propagate --threads 2 "$pentominoes" > /dev/null 2> "$tmp/pent.err"
pent=$(totals "$tmp/pent.err")
"$dlx" --count --propagate --threads 2 --node-limit 3000 --checkpoint "$tmp/pent.ckpt" "$pentominoes" > /dev/null 2>&1
check "propagate stop status" 4 $?
"$dlx" --count --propagate --threads 1 --node-limit 6000 --resume "$tmp/pent.ckpt" "$pentominoes" > /dev/null 2>&1
check "propagate second stop status" 4 $?
"$dlx" --count --stats --propagate --threads 3 --resume "$tmp/pent.ckpt" "$pentominoes" > /dev/null 2> "$tmp/err"
check "propagate totals as one run in 2 threads" "$pent" "$(totals "$tmp/err")"

echo "checkpoint-threads: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
