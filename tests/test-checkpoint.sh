#!/usr/bin/env bash
# dlx --checkpoint and --resume end to end: a count stopped by --node-limit,
# --time-limit, SIGTERM, SIGINT and SIGHUP, each time resumed, ends with the
# totals of one uninterrupted run; the stop's status is the documented one;
# a resume at the node limit it stopped at saves the same bytes; the file
# is removed once the count is out; refused checkpoints (another problem,
# corrupted) say why, exit 2 and are left as they were; a checkpoint that
# cannot be written says so (exit 3 at a stop); --all --output lists each
# solution once across stops, what a killed run printed after its last
# save cut off; the same for items with bounds (Algorithm M).  The golden cases in
# tests/data/cli/dlx/checkpoint hold the usage errors.
# Usage: test-checkpoint.sh DLX GEN_QUEENS
set -u
dlx=$1 queens=$2
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

# A node limit stops it; resumed with the same limit it stops at once and saves the same bytes.
"$dlx" --count --stats --node-limit 20000 --checkpoint "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "node limit status" 4 $?
check "node limit stop said" "1" "$(grep -c "^dlx: checkpoint saved in $ck (go on with --resume $ck)\$" "$tmp/err")"
# A count saves its jobs (one worker): it stops within the worker's poll interval (4,096 nodes) past the limit.
nodes=$(totals "$tmp/err" | cut -d' ' -f2)
check "node limit nodes" yes "$([ "$nodes" -ge 20000 ] && [ "$nodes" -lt $((20000 + 4096)) ] && echo yes)"
cp "$ck" "$tmp/first.ckpt"
"$dlx" --count --node-limit 20000 --resume "$ck" "$tmp/q12" > /dev/null 2>&1
check "same limit status" 4 $?
cmp -s "$ck" "$tmp/first.ckpt"
check "same limit, same bytes" 0 $?

# A fresh count does not overwrite a checkpoint.
"$dlx" --count --checkpoint "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "existing file status" 2 $?
cmp -s "$ck" "$tmp/first.ckpt"
check "existing file untouched" 0 $?

# Refused: another problem, a flipped byte.  Exit 2, the file as it was, nothing on stdout.
"$dlx" --count --resume "$ck" "$tmp/q8" > "$tmp/out" 2> "$tmp/err"
check "other problem status" 2 $?
check "other problem message" "dlx: $ck: checkpoint of another problem, or of other options that shape the search (seed, propagation, forced options)" "$(cat "$tmp/err")"
check "other problem stdout" "" "$(cat "$tmp/out")"
cmp -s "$ck" "$tmp/first.ckpt"
check "other problem untouched" 0 $?
cp "$ck" "$tmp/bad.ckpt"
printf '\377' | dd of="$tmp/bad.ckpt" bs=1 seek=50 conv=notrunc 2>/dev/null
"$dlx" --count --resume "$tmp/bad.ckpt" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "corrupted status" 2 $?
check "corrupted message" "dlx: $tmp/bad.ckpt: corrupted checkpoint (checksum mismatch)" "$(cat "$tmp/err")"

# A time limit, then each signal: the documented status, the state saved each time.
"$dlx" --count --time-limit 0.2 --resume "$ck" "$tmp/q12" > /dev/null 2>&1
status=$?
# A fast machine may finish q12 within the limit: then the count is out and the file gone.
if [ $status -eq 4 ]; then
	check "time limit saved" yes "$([ -e "$ck" ] && echo yes)"
else
	check "time limit finished" 0 $status
	"$dlx" --count --node-limit 20000 --checkpoint "$ck" "$tmp/q12" > /dev/null 2>&1
fi
for sig in TERM INT HUP; do
	case $sig in TERM) want=143 ;; INT) want=130 ;; HUP) want=129 ;; esac
	cp "$ck" "$tmp/before.ckpt"
	# q16 takes a minute: the signal always comes first.
	"$dlx" --count --stats --checkpoint "$tmp/q16.$sig" "$tmp/q16" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	# The first poll saves: wait for the file, then signal.
	for _ in $(seq 100); do [ -e "$tmp/q16.$sig" ] && break; sleep 0.05; done
	kill -$sig "$pid"
	wait "$pid"
	check "SIG$sig status" $want $?
	pid=''
	check "SIG$sig partial count" 1 "$(grep -c "^count >= [0-9]* (interrupted by SIG$sig)\$" "$tmp/out")"
	check "SIG$sig saved" 1 "$(grep -c "^dlx: checkpoint saved in $tmp/q16.$sig" "$tmp/err")"
	stopped=$(totals "$tmp/err" | cut -d' ' -f2)
	cp "$tmp/err" "$tmp/stopped.err"
	# In two threads each worker counts its nodes at its polls, 4,096 nodes apart: the one that sees
	# the limit passed may be 4,096 past it, the other as far past its last poll.  (The resumed job's
	# subtrees once each counted their polls from their own start: 10,917 over.)  A resume that
	# ignored the limit would fail too: q16 has millions of nodes left.
	"$dlx" --count --stats --threads 2 --node-limit $((stopped + 1000)) --resume "$tmp/q16.$sig" "$tmp/q16" \
		> /dev/null 2> "$tmp/err"
	nodes=$(totals "$tmp/err" | cut -d' ' -f2)
	check "SIG$sig resumed to its node limit" yes \
		"$([ "$nodes" -ge $((stopped + 1000)) ] && [ "$nodes" -lt $((stopped + 1000 + 2 * 4096)) ] && echo yes)"
	[ -n "$nodes" ] && [ "$nodes" -ge $((stopped + 1000)) ] && [ "$nodes" -lt $((stopped + 1000 + 2 * 4096)) ] || {
		echo "stopped at $stopped nodes, resumed to $nodes"
		echo "stopped run's stderr:"; cat "$tmp/stopped.err"; echo "resumed run's stderr:"; cat "$tmp/err"; }
done

# The rest of q12, and the file is gone.
"$dlx" --count --stats --resume "$ck" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "final status" 0 $?
check "final count" "$(echo "$whole" | cut -d' ' -f1)" "$(cat "$tmp/out")"
check "final totals" "$whole" "$(totals "$tmp/err")"
check "finished checkpoint removed" no "$([ -e "$ck" ] && echo yes || echo no)"
check "no temporary file left" "" "$(cd "$tmp" && ls | grep '\.ckpt\.' || true)"
"$dlx" --count --resume "$ck" "$tmp/q12" > /dev/null 2> "$tmp/err"
check "finished checkpoint resumed" 2 $?

# With --seed and --propagate: the same tree again after a stop.
"$dlx" --count --stats --threads 1 --seed 9 --propagate "$tmp/q12" > /dev/null 2> "$tmp/err"
want=$(totals "$tmp/err")
"$dlx" --count --seed 9 --propagate --node-limit 3000 --checkpoint "$tmp/sp.ckpt" "$tmp/q12" > /dev/null 2>&1
"$dlx" --count --seed 9 --resume "$tmp/sp.ckpt" "$tmp/q12" > /dev/null 2>&1
check "seed without propagate refused" 2 $?
"$dlx" --count --stats --seed 9 --propagate --resume "$tmp/sp.ckpt" "$tmp/q12" > /dev/null 2> "$tmp/err"
check "seed and propagate totals" "$want" "$(totals "$tmp/err")"

# A directory that is not there: the count goes on, warned; at a stop the state is lost: exit 3.
# (A count of 150,000 nodes: some 70 ms, past the first poll of the calling thread, which saves.)
"$dlx" --count --node-limit 150000 --checkpoint "$tmp/none/q.ckpt" "$tmp/q12" > "$tmp/out" 2> "$tmp/err"
check "unwritable status" 3 $?
check "unwritable said" yes "$(grep -q "^dlx: $tmp/none/q.ckpt: cannot save the checkpoint (cannot create a temporary file: No such file or directory)\$" "$tmp/err" && echo yes)"
check "unwritable warned once" 1 "$(grep -c 'warning: the search goes on without checkpoints' "$tmp/err")"
check "unwritable partial count" 1 "$(grep -c '^count >= ' "$tmp/out")"

# --all --output: stops and resumes list each solution once, in the search's order.
"$queens" 11 > "$tmp/q11"
"$dlx" --all --threads 1 "$tmp/q11" > "$tmp/all.whole"
"$dlx" --all --node-limit 8000 --checkpoint "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null
check "--all stop status" 4 $?
cp "$tmp/all.out" "$tmp/all.saved"
# Another problem's resume is refused, and the listing is left as it was.
"$dlx" --all --resume "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q8" > /dev/null 2>&1
check "--all refused status" 2 $?
cmp -s "$tmp/all.out" "$tmp/all.saved"
check "--all refused leaves the listing" 0 $?
# What a killed run printed after the last save is cut off on resume.
printf 'half a solution\n' >> "$tmp/all.out"
"$dlx" --all --node-limit 16000 --resume "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null
check "--all second stop status" 4 $?
"$dlx" --all --resume "$tmp/all.ckpt" --output "$tmp/all.out" "$tmp/q11" 2> /dev/null
check "--all final status" 0 $?
cmp -s "$tmp/all.out" "$tmp/all.whole"
check "--all listing as one run's" 0 $?
# A listing shorter than its checkpoint's is not this count's.
"$dlx" --all --node-limit 8000 --checkpoint "$tmp/all2.ckpt" --output "$tmp/all2.out" "$tmp/q11" 2> /dev/null
: > "$tmp/all2.out"
"$dlx" --all --resume "$tmp/all2.ckpt" --output "$tmp/all2.out" "$tmp/q11" > /dev/null 2> "$tmp/err"
check "--all short listing status" 2 $?
check "--all short listing said" 1 "$(grep -c "^dlx: $tmp/all2.out: not the output of the count in $tmp/all2.ckpt" "$tmp/err")"
check "--all short listing kept" yes "$([ -e "$tmp/all2.ckpt" ] && echo yes)"

# Items with bounds (Algorithm M): a count stopped every 60,000 nodes and resumed has one run's
# totals, in one thread and in threads in turn; --all lists each solution once, in threads too; parts
# the same; a listing's one-thread checkpoint stays in one thread.  Items a1..a8 each
# covered once or twice by pairs and some triples, which also color s: 310,611 solutions.
awk 'BEGIN { n = 8; s = ""
	for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") "1:2|a" i
	print s " | s"
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
		print "a" i " a" j
		for (k = j + 1; k <= n; k++) if ((i + j + k) % 3 == 0) print "a" i " a" j " a" k " s:" (i % 2)
	} }' > "$tmp/bounded"
"$dlx" --count --stats --threads 1 "$tmp/bounded" > "$tmp/b.whole" 2> "$tmp/b.whole.err"
bwhole=$(totals "$tmp/b.whole.err")
check "bounded count" "310611" "$(cat "$tmp/b.whole")"
bck=$tmp/b.ckpt
limit=60000 stops=0
"$dlx" --count --stats --node-limit $limit --checkpoint "$bck" "$tmp/bounded" > /dev/null 2> "$tmp/err"
status=$?
while [ $status -eq 4 ] && [ $stops -lt 40 ]; do
	stops=$((stops + 1)) limit=$((limit + 60000))
	# One thread, then two, then three...: the count's claims of the leaves of Algorithm M's cut.
	"$dlx" --count --stats --threads $((stops % 3 + 1)) --node-limit $limit --resume "$bck" "$tmp/bounded" \
		> "$tmp/out" 2> "$tmp/err"
	status=$?
done
check "bounded resumed status" 0 $status
check "bounded stops" yes "$([ $stops -ge 10 ] && echo yes)"
check "bounded resumed totals" "$bwhole" "$(totals "$tmp/err")"
check "bounded resumed count" "310611" "$(cat "$tmp/out")"
check "bounded checkpoint removed" no "$([ -e "$bck" ] && echo yes || echo no)"
"$dlx" --all --threads 1 "$tmp/bounded" > "$tmp/b.all.whole"
"$dlx" --all --node-limit 100000 --checkpoint "$bck" --output "$tmp/b.all" "$tmp/bounded" 2> /dev/null
check "bounded --all stop status" 4 $?
printf 'half a solution\n' >> "$tmp/b.all"
"$dlx" --all --node-limit 400000 --resume "$bck" --output "$tmp/b.all" "$tmp/bounded" 2> /dev/null
check "bounded --all second stop status" 4 $?
"$dlx" --all --resume "$bck" --output "$tmp/b.all" "$tmp/bounded" 2> /dev/null
check "bounded --all final status" 0 $?
cmp -s "$tmp/b.all" "$tmp/b.all.whole"
check "bounded --all listing as one run's" 0 $?
# Other bounds are another search: refused, the file kept.
"$dlx" --count --node-limit 60000 --checkpoint "$bck" "$tmp/bounded" > /dev/null 2>&1
sed '1s/1:2|a1 /0:2|a1 /' "$tmp/bounded" > "$tmp/bounded2"
"$dlx" --count --resume "$bck" "$tmp/bounded2" > /dev/null 2> "$tmp/err"
check "other bounds status" 2 $?
check "other bounds message" "dlx: $bck: checkpoint of another problem, or of other options that shape the search (seed, propagation, forced options)" "$(cat "$tmp/err")"
# A listing's checkpoint of one thread (one search's path) resumes in one thread only.
"$dlx" --all --node-limit 100000 --checkpoint "$tmp/b1.ckpt" --output "$tmp/b1.all" "$tmp/bounded" 2> /dev/null
"$dlx" --count --threads 2 --resume "$tmp/b1.ckpt" "$tmp/bounded" > /dev/null 2> "$tmp/err"
check "bounded one-thread listing in threads status" 2 $?
check "bounded one-thread listing in threads message" "dlx: $tmp/b1.ckpt: checkpoint of a one-thread search of a problem with bounds: it resumes in one thread (--threads 1)" "$(cat "$tmp/err")"
# --all in threads: each solution once.
blocks() { awk 'BEGIN { RS = "" } { gsub(/\n/, " | "); print }' "$1" | LC_ALL=C sort; }
"$dlx" --all --threads 2 --node-limit 150000 --checkpoint "$tmp/bt.ckpt" --output "$tmp/bt.all" "$tmp/bounded" 2> /dev/null
check "bounded --all in threads stop status" 4 $?
printf 'half a solution\n' >> "$tmp/bt.all"
"$dlx" --all --threads 3 --node-limit 400000 --resume "$tmp/bt.ckpt" --output "$tmp/bt.all" "$tmp/bounded" 2> /dev/null
check "bounded --all in threads second stop status" 4 $?
"$dlx" --all --threads 1 --resume "$tmp/bt.ckpt" --output "$tmp/bt.all" "$tmp/bounded" 2> /dev/null
check "bounded --all in threads final status" 0 $?
check "bounded --all in threads: each solution once" "$(blocks "$tmp/b.all.whole")" "$(blocks "$tmp/bt.all")"
# A part of it (Algorithm M's cut): stopped every 30,000 of the part's nodes, resumed to one run's totals.
"$dlx" --count --stats --threads 1 --part 2/3 "$tmp/bounded" > "$tmp/bp.whole" 2> "$tmp/bp.whole.err"
pwhole=$(totals "$tmp/bp.whole.err")
limit=30000 stops=0
"$dlx" --count --stats --part 2/3 --node-limit $limit --checkpoint "$tmp/bp.ckpt" "$tmp/bounded" > /dev/null 2>&1
status=$?
while [ $status -eq 4 ] && [ $stops -lt 40 ]; do
	stops=$((stops + 1)) limit=$((limit + 30000))
	# One thread first (a run that keeps all the part's leaves), then 2, 3, 1, ...: its checkpoint goes on in threads.
	"$dlx" --count --stats --threads $((stops % 3 + 1 + (stops < 3))) --part 2/3 --node-limit $limit \
		--resume "$tmp/bp.ckpt" "$tmp/bounded" > "$tmp/out" 2> "$tmp/err"
	status=$?
done
check "bounded part resumed status" 0 $status
check "bounded part stops" yes "$([ $stops -ge 5 ] && echo yes)"
check "bounded part resumed totals" "$pwhole" "$(totals "$tmp/err")"
check "bounded part resumed count" "$(cat "$tmp/bp.whole")" "$(cat "$tmp/out")"
# Another part's checkpoint, or the whole search's, is refused.
"$dlx" --count --part 2/3 --node-limit 30000 --checkpoint "$tmp/bp.ckpt" "$tmp/bounded" > /dev/null 2>&1
"$dlx" --count --part 1/3 --resume "$tmp/bp.ckpt" "$tmp/bounded" > /dev/null 2> "$tmp/err"
check "bounded other part status" 2 $?
check "bounded other part message" "dlx: $tmp/bp.ckpt: checkpoint of part 2/3 of the search, not of part 1/3" "$(cat "$tmp/err")"
"$dlx" --count --resume "$tmp/bp.ckpt" "$tmp/bounded" > /dev/null 2> "$tmp/err"
check "bounded part for the whole status" 2 $?

# --memo: a memoized count (domino tilings of 16 x 16, past 2^64) stopped every 200,000 nodes and resumed in one
# thread ends with the figures of one uninterrupted --checkpoint run (its tables saved and read back as they were,
# --stats' memo line too); in threads, with its count; SIGTERM saves it too; a corrupted one is left as it was.
domino=$(dirname "$0")/data/domino16.dlx
memo() { "$dlx" --count --memo --order first --stats "$@" "$domino"; }
memo --threads 1 --checkpoint "$tmp/mw.ckpt" > "$tmp/mw.out" 2> "$tmp/mw.err"
check "memo uninterrupted status" 0 $?
check "memo uninterrupted count" 2444888770250892795802079170816 "$(cat "$tmp/mw.out")"
mwhole="$(totals "$tmp/mw.err") $(grep '^memo:' "$tmp/mw.err")"
for threads in 1 mixed; do
	limit=200000 stops=0
	memo --threads 1 --node-limit $limit --checkpoint "$tmp/m.ckpt" > /dev/null 2>&1
	status=$?
	while [ $status -eq 4 ] && [ $stops -lt 60 ]; do
		stops=$((stops + 1)) limit=$((limit + 200000))
		t=1
		if [ $threads = mixed ]; then t=$((stops % 3 + 1)); fi
		memo --threads $t --node-limit $limit --resume "$tmp/m.ckpt" > "$tmp/out" 2> "$tmp/err"
		status=$?
	done
	check "memo resumed ($threads) status" 0 $status
	check "memo resumed ($threads) stops" yes "$([ $stops -ge 5 ] && echo yes)"
	check "memo resumed ($threads) count" "$(cat "$tmp/mw.out")" "$(cat "$tmp/out")"
	check "memo resumed ($threads): the checkpoint is removed" no "$([ -e "$tmp/m.ckpt" ] && echo yes || echo no)"
	if [ $threads = 1 ]; then
		check "memo resumed in one thread: every figure" "$mwhole" \
			"$(totals "$tmp/err") $(grep '^memo:' "$tmp/err")"
	fi
done
# dlx itself in the background (a function would be a subshell, which the signal would stop instead).
"$dlx" --count --memo --order first --threads 2 --checkpoint "$tmp/mt.ckpt" --checkpoint-every 0.05 "$domino" \
	> /dev/null 2>&1 &
pid=$!
# The first poll saves: wait for the file, then a little more (a table to save), then signal.
for _ in $(seq 100); do [ -e "$tmp/mt.ckpt" ] && break; sleep 0.05; done
sleep 0.1
kill -TERM $pid
wait $pid
check "memo SIGTERM status" 143 $?
pid=""
cp "$tmp/mt.ckpt" "$tmp/mt.copy"
printf 'x' | dd of="$tmp/mt.ckpt" bs=1 seek=200 conv=notrunc 2> /dev/null
memo --resume "$tmp/mt.ckpt" > /dev/null 2> "$tmp/err"
check "memo corrupted status" 2 $?
check "memo corrupted message" "dlx: $tmp/mt.ckpt: corrupted checkpoint (checksum mismatch)" "$(grep -v '^solutions\|^memo' "$tmp/err")"
cp "$tmp/mt.copy" "$tmp/mt.ckpt"
memo --threads 1 --resume "$tmp/mt.ckpt" > "$tmp/out" 2> /dev/null
check "memo SIGTERM resumed status" 0 $?
check "memo SIGTERM resumed count" "$(cat "$tmp/mw.out")" "$(cat "$tmp/out")"

echo "checkpoint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
