#!/usr/bin/env bash
# dlx --part K/M (and K/M.J/N) with --checkpoint and --resume end to end:
# each part's count, stopped by --node-limit and by SIGTERM and resumed,
# ends with the totals of one uninterrupted `--part K/M --threads 1` run;
# dlx-sum-parts adds the resumed parts' outputs up to the whole count; a
# resume with another part, another M or without --part is refused (exit
# 2, the file as it was); --all --output with a part lists each of the
# part's solutions once across stops.
# Usage: test-checkpoint-parts.sh DLX GEN_QUEENS DLX_SUM_PARTS
set -u
dlx=$1 queens=$2 sum_parts=$3
tmp=$(mktemp -d) || exit 1
pid=''
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want '$2', got '$3'"; fi
}
totals() { sed -n -e 's/ (partial),/,/' -e 's/^solutions: \([^,]*\), nodes: \([0-9]*\), updates: \([0-9]*\), branches: \([0-9]*\),.*/\1 \2 \3 \4/p' "$1"; }

"$queens" 11 > "$tmp/q11"
"$queens" 16 > "$tmp/q16"
whole=$("$dlx" --count --threads 1 "$tmp/q11")

# Every part of 3, and the pieces of part 2/3 in 2: each stopped at three node limits, resumed to its end.
outs=''
for part in 1/3 2/3.1/2 2/3.2/2 3/3; do
	name=$(echo "$part" | tr '/.' '_-')
	"$dlx" --count --stats --threads 1 --part "$part" "$tmp/q11" > /dev/null 2> "$tmp/err"
	want=$(totals "$tmp/err")
	nodes=$(echo "$want" | cut -d' ' -f2)
	ck=$tmp/$name.ckpt
	"$dlx" --count --part "$part" --node-limit $((nodes / 4)) --checkpoint "$ck" "$tmp/q11" > /dev/null 2>&1
	check "$part first stop status" 4 $?
	for q in 2 3; do
		"$dlx" --count --stats --part "$part" --node-limit $((nodes * q / 4)) --resume "$ck" "$tmp/q11" > /dev/null 2> "$tmp/err"
		check "$part stop $q status" 4 $?
		check "$part stop $q nodes" $((nodes * q / 4)) "$(totals "$tmp/err" | cut -d' ' -f2)"
	done
	"$dlx" --count --stats --part "$part" --resume "$ck" "$tmp/q11" > "$tmp/$name.out" 2> "$tmp/err"
	check "$part final status" 0 $?
	check "$part totals" "$want" "$(totals "$tmp/err")"
	check "$part checkpoint removed" no "$([ -e "$ck" ] && echo yes || echo no)"
	outs="$outs $tmp/$name.out"
done
# shellcheck disable=SC2086
check "resumed parts add up" "$whole" "$("$sum_parts" $outs)"

# The same parts in threads, each stop in another number of them (2, 1, 3, then 2: a part's checkpoint
# of one thread resumes in threads and the other way round): the totals of one --threads 1 run.
# Threads stop within a poll interval each past the node limit, so a stop may end the part.
touts=''
for part in 1/3 2/3.1/2 2/3.2/2 3/3; do
	name=t$(echo "$part" | tr '/.' '_-')
	"$dlx" --count --stats --threads 1 --part "$part" "$tmp/q11" > /dev/null 2> "$tmp/err"
	want=$(totals "$tmp/err")
	nodes=$(echo "$want" | cut -d' ' -f2)
	ck=$tmp/$name.ckpt
	"$dlx" --count --threads 2 --part "$part" --node-limit $((nodes / 4)) --checkpoint "$ck" "$tmp/q11" > /dev/null 2>&1
	status=$?
	check "$part in threads first stop status" 4 $status
	q=1
	for threads in 1 3 2; do
		[ $status -eq 4 ] || break
		q=$((q + 1))
		if [ $q -eq 4 ]; then limit=(); else limit=(--node-limit $((nodes * q / 4))); fi
		"$dlx" --count --stats --threads $threads --part "$part" "${limit[@]}" --resume "$ck" "$tmp/q11" \
			> "$tmp/$name.out" 2> "$tmp/err"
		status=$?
		case $status in 0 | 4) ;; *) check "$part in $threads threads status" "0 or 4" $status ;; esac
	done
	check "$part in threads final status" 0 $status
	check "$part in threads totals" "$want" "$(totals "$tmp/err")"
	check "$part in threads checkpoint removed" no "$([ -e "$ck" ] && echo yes || echo no)"
	touts="$touts $tmp/$name.out"
done
# shellcheck disable=SC2086
check "parts resumed in threads add up" "$whole" "$("$sum_parts" $touts)"

# Refused: another part, another M, a piece, the whole search.  Exit 2, the file as it was.
"$dlx" --count --part 2/3 --node-limit 500 --checkpoint "$tmp/p.ckpt" "$tmp/q11" > /dev/null 2>&1
cp "$tmp/p.ckpt" "$tmp/p.orig"
for other in "--part 1/3" "--part 2/4" "--part 2/3.1/2" ""; do
	# shellcheck disable=SC2086
	"$dlx" --count $other --resume "$tmp/p.ckpt" "$tmp/q11" > "$tmp/out" 2> "$tmp/err"
	check "resume with '$other' status" 2 $?
	check "resume with '$other' stdout" "" "$(cat "$tmp/out")"
	cmp -s "$tmp/p.ckpt" "$tmp/p.orig"
	check "resume with '$other' untouched" 0 $?
done
check "other part said" "dlx: $tmp/p.ckpt: checkpoint of part 2/3 of the search, not of part 2/4" \
	"$("$dlx" --count --part 2/4 --resume "$tmp/p.ckpt" "$tmp/q11" 2>&1)"
# A whole search's checkpoint is no part's.
"$dlx" --count --node-limit 500 --checkpoint "$tmp/w.ckpt" "$tmp/q11" > /dev/null 2>&1
check "whole checkpoint said" "dlx: $tmp/w.ckpt: checkpoint of a count of the whole search in threads, not of a part" \
	"$("$dlx" --count --part 2/3 --resume "$tmp/w.ckpt" "$tmp/q11" 2>&1)"

# SIGTERM: the part's state saved, resumed to a node limit past it.
"$dlx" --count --stats --part 1/2 --checkpoint "$tmp/q16.ckpt" "$tmp/q16" > "$tmp/out" 2> "$tmp/err" &
pid=$!
for _ in $(seq 100); do [ -e "$tmp/q16.ckpt" ] && break; sleep 0.05; done
kill -TERM "$pid"
wait "$pid"
check "SIGTERM status" 143 $?
pid=''
check "SIGTERM partial count" 1 "$(grep -c "^part 1/2: count >= [0-9]* (interrupted by SIGTERM)\$" "$tmp/out")"
stopped=$(totals "$tmp/err" | cut -d' ' -f2)
"$dlx" --count --stats --part 1/2 --node-limit $((stopped + 1000)) --resume "$tmp/q16.ckpt" "$tmp/q16" > /dev/null 2> "$tmp/err"
check "SIGTERM resumed status" 4 $?
check "SIGTERM resumed to its node limit" "$((stopped + 1000))" "$(totals "$tmp/err" | cut -d' ' -f2)"
# SIGTERM on a small part, then resumed to the end: the uninterrupted part's totals.
"$dlx" --count --stats --threads 1 --part 2/3 "$tmp/q11" > /dev/null 2> "$tmp/err"
want=$(totals "$tmp/err")
"$dlx" --count --part 2/3 --checkpoint "$tmp/t.ckpt" --checkpoint-every 0.01 "$tmp/q11" > /dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do [ -e "$tmp/t.ckpt" ] && break; sleep 0.01; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
status=$?
pid=''
# A fast machine may finish the part first: then the count is out and the file gone.
if [ $status -eq 143 ]; then
	"$dlx" --count --stats --part 2/3 --resume "$tmp/t.ckpt" "$tmp/q11" > /dev/null 2> "$tmp/err"
	check "SIGTERM part totals" "$want" "$(totals "$tmp/err")"
else
	check "SIGTERM part finished" 0 $status
fi

# --all --output with a piece: the stops and resumes list each of its solutions once, as one run does.
"$queens" 9 > "$tmp/q9"
"$dlx" --all --stats --threads 1 --part 2/3.1/2 "$tmp/q9" > "$tmp/all.whole" 2> "$tmp/err"
nodes=$(totals "$tmp/err" | cut -d' ' -f2)
"$dlx" --all --part 2/3.1/2 --node-limit $((nodes / 3)) --checkpoint "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q9" 2> /dev/null
check "--all stop status" 4 $?
printf 'half a solution\n' >> "$tmp/all.out"
"$dlx" --all --part 2/3.1/2 --node-limit $((nodes * 2 / 3)) --resume "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q9" 2> /dev/null
check "--all second stop status" 4 $?
"$dlx" --all --part 2/3.1/2 --resume "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q9" 2> /dev/null
check "--all final status" 0 $?
cmp -s "$tmp/all.out" "$tmp/all.whole"
check "--all listing as one run's" 0 $?
check "--all listing not empty" yes "$([ -s "$tmp/all.whole" ] && echo yes)"
# The same piece listed in threads (2, then 1, then 3): each of its solutions once, in no fixed order.
blocks() { awk 'BEGIN { RS = "" } { gsub(/\n/, " | "); print }' "$1" | LC_ALL=C sort; }
"$dlx" --all --threads 2 --part 2/3.1/2 --node-limit $((nodes / 3)) --checkpoint "$tmp/allt.ckpt" --output "$tmp/allt.out" \
	"$tmp/q9" 2> /dev/null
check "--all in threads stop status" 4 $?
printf 'half a solution\n' >> "$tmp/allt.out"
"$dlx" --all --threads 1 --part 2/3.1/2 --node-limit $((nodes * 2 / 3)) --resume "$tmp/allt.ckpt" --output "$tmp/allt.out" \
	"$tmp/q9" 2> /dev/null
check "--all in one thread stop status" 4 $?
"$dlx" --all --threads 3 --part 2/3.1/2 --resume "$tmp/allt.ckpt" --output "$tmp/allt.out" "$tmp/q9" 2> /dev/null
check "--all in threads final status" 0 $?
check "--all in threads: each solution once" "$(blocks "$tmp/all.whole")" "$(blocks "$tmp/allt.out")"

echo "checkpoint-parts: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
