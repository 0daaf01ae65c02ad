#!/usr/bin/env bash
# dlx --count --threads N with --checkpoint and --resume end to end: a count
# in two threads stopped by SIGTERM, SIGKILL (after a save) and node limits,
# resumed in one thread and in two in turn, ends with the totals of one
# uninterrupted one-thread run; a resume at the node limit it stopped at
# saves the same bytes; a one-thread checkpoint is refused in threads, a
# threaded count's as a part's or as --all's listing, each saying why,
# exit 2, the file left as it was; --limit resumes in threads.  --all
# --output in threads, stopped by node limits and SIGKILL and resumed in
# other numbers of threads, lists each solution once.  With --propagate (pentominoes), the totals of one
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
# Refused as a part's, and as a listing's (a count's solutions were never written): the file as it was.
cp "$ck" "$tmp/before.ckpt"
"$dlx" --count --part 1/2 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "threaded resumed as a part status" 2 $?
check "threaded resumed as a part said" 1 "$(grep -c "checkpoint of a count of the whole search in threads, not of a part" "$tmp/err")"
"$dlx" --count --part 1/2 --threads 2 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "threaded resumed as a part in threads status" 2 $?
check "threaded resumed as a part in threads message" \
	"dlx: $ck: checkpoint of a count of the whole search in threads, not of a part" "$(cat "$tmp/err")"
: > "$tmp/listing"
"$dlx" --all --threads 2 --resume "$ck" --output "$tmp/listing" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "count resumed as a listing status" 2 $?
check "count resumed as a listing message" \
	"dlx: $ck: checkpoint of a count (or of a listing not written to a file), not of a listing: resume it with --count" \
	"$(cat "$tmp/err")"
cmp -s "$ck" "$tmp/before.ckpt"
check "refusals leave the file" 0 $?
# --limit in threads: a limit past the saved solutions counts on to it, and the answer is out.
saved=$("$dlx" --count --threads 2 --node-limit 1 --resume "$tmp/before.ckpt" "$tmp/q12" 2> /dev/null | sed -n 's/^count >= \([0-9]*\).*/\1/p')
cp "$tmp/before.ckpt" "$tmp/limit.ckpt"
"$dlx" --count --threads 2 --limit $((saved + 5)) --resume "$tmp/limit.ckpt" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "threaded --limit status" 0 $?
check "threaded --limit count" "$((saved + 5))" "$(cat "$tmp/out")"
check "threaded --limit file removed" no "$([ -e "$tmp/limit.ckpt" ] && echo yes || echo no)"
"$dlx" --count --stats --threads 1 --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "node limits: final status" 0 $?
check "node limits: final totals" "$whole" "$(totals "$tmp/err")"
check "node limits: file removed" no "$([ -e "$ck" ] && echo yes || echo no)"

# A count started in one thread saves its jobs: it resumes in threads, to one run's totals.
"$dlx" --count --node-limit 20000 --checkpoint "$tmp/one.ckpt" "$tmp/q12" > /dev/null 2>&1
check "one-thread count stop status" 4 $?
"$dlx" --count --stats --threads 2 --resume "$tmp/one.ckpt" "$tmp/q12" > /dev/null 2> "$tmp/err"
check "one-thread count resumed in threads status" 0 $?
check "one-thread count resumed in threads totals" "$whole" "$(totals "$tmp/err")"
# A listing in one thread saves the one search's path (its order is the search's): one thread only.
"$dlx" --all --output "$tmp/one.out" --threads 1 --node-limit 20000 --checkpoint "$tmp/one.ckpt" "$tmp/q12" > /dev/null 2>&1
"$dlx" --count --threads 2 --resume "$tmp/one.ckpt" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "one-thread in threads status" 2 $?
check "one-thread in threads message" "dlx: $tmp/one.ckpt: checkpoint of a one-thread search, not of a count in threads (resume it in one thread: --threads 1, dlx_search_resume())" "$(cat "$tmp/err")"
"$dlx" --count --stats --threads 1 --resume "$tmp/one.ckpt" "$tmp/q12" > /dev/null 2> "$tmp/err"
check "one-thread listing resumed as a count in one thread" "$whole" "$(totals "$tmp/err")"

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

# --all --output in threads: stopped by node limits and resumed in 1 to 3 threads, with what a killed
# run printed after its last save appended, then killed with SIGKILL while two threads list (saves
# every 10 ms, taken while the workers wait): each solution listed once.  Threads list in no fixed
# order, so the listings are compared as sorted solutions.
blocks() { awk 'BEGIN { RS = "" } { gsub(/\n/, " | "); print }' "$1" | LC_ALL=C sort; }
"$queens" 11 > "$tmp/q11"
"$dlx" --all --threads 1 "$tmp/q11" > "$tmp/all11.whole"
la=$tmp/all.ckpt
"$dlx" --all --threads 2 --node-limit 30000 --checkpoint "$la" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null
check "--all threads stop status" 4 $?
limit=30000
for threads in 3 1 2 3; do
	printf 'half a solution\n' >> "$tmp/all.out"
	limit=$((limit + 30000))
	"$dlx" --all --threads $threads --node-limit $limit --resume "$la" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null
	status=$?
	[ $status -eq 0 ] && break
	check "--all threads resumed in $threads status" 4 $status
done
[ $status -eq 4 ] && { "$dlx" --all --threads 2 --resume "$la" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null; status=$?; }
check "--all threads final status" 0 $status
check "--all threads: each solution once" "$(blocks "$tmp/all11.whole")" "$(blocks "$tmp/all.out")"
check "--all threads file removed" no "$([ -e "$la" ] && echo yes || echo no)"
"$queens" 12 > "$tmp/q12l"
"$dlx" --all --threads 1 "$tmp/q12l" > "$tmp/all12.whole"
lk=$tmp/allk.ckpt
rm -f "$tmp/allk.out"
runs=0 ended=no
while [ $runs -lt 6 ]; do
	runs=$((runs + 1))
	# A fresh run in threads: a listing saved in one thread (one search's path) resumes in one thread only.
	threads=$((runs % 3 + 1))
	if [ -e "$lk" ]; then from=(--resume "$lk"); else from=(--checkpoint "$lk"); threads=2; fi
	"$dlx" --all --threads $threads --checkpoint-every 0.01 "${from[@]}" --output "$tmp/allk.out" \
		"$tmp/q12l" > /dev/null 2>&1 &
	pid=$!
	sleep "0.0$((RANDOM % 8 + 2))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	status=$?
	pid=''
	if [ $status -eq 0 ]; then ended=yes; break; fi
	check "--all killed run $runs status" 137 $status
done
if [ $ended = no ]; then
	if [ -e "$lk" ]; then from=(--resume "$lk"); else from=(--checkpoint "$lk"); fi
	"$dlx" --all --threads 2 "${from[@]}" --output "$tmp/allk.out" "$tmp/q12l" 2> /dev/null
	check "--all killed: final status" 0 $?
fi
echo "checkpoint-threads: q12 listed, killed in $runs runs (ended by itself: $ended)"
check "--all killed and resumed: each solution once" "$(blocks "$tmp/all12.whole")" "$(blocks "$tmp/allk.out")"

echo "checkpoint-threads: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
