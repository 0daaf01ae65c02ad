#!/usr/bin/env bash
# dlx-sudoku --count --checkpoint / --resume end to end, on a lone 9x9 puzzle
# of 15 clues (599,442 solutions): a count stopped by --node-limit, by
# --time-limit and by SIGTERM, SIGINT and SIGHUP, resumed each time, ends with
# the count, nodes, updates and branches of one uninterrupted count; the
# stop's status is the documented one; refused checkpoints (another puzzle,
# another board, --propagate, corrupted) say why, exit 2 and are left as they
# were; the file is removed once the count is out; the messages that name
# files (the golden cases in tests/data/cli/dlx-sudoku/checkpoint cannot hold
# their absolute paths).
# Then runs of puzzle files (the run's place saved, answers in --output-file):
# killed with SIGKILL and SIGTERM and resumed (one thread with grid answers,
# two with line answers), they end with the answers and --stats totals of one
# uninterrupted run; another input or other options are refused.
# Usage: test-sudoku-checkpoint.sh DLX_SUDOKU SUDOKU17_SAMPLE
set -u
sud=$1 sample=$2
tmp=$(mktemp -d) || exit 1
pid=''
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want '$2', got '$3'"; fi
}
# The totals of --stats' line: solved/stopped aside, nodes, updates and branches.
totals() { sed -n 's/.*nodes: \([0-9]*\), updates: \([0-9]*\), branches: \([0-9]*\),.*/\1 \2 \3/p' "$1"; }

p15=..........8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
p14=............4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
echo "$p15" > "$tmp/p15"
echo "$p14" > "$tmp/p14"
# The same puzzle as a 9-row grid: the same givens, so the same problem.
echo "$p15" | fold -w 9 > "$tmp/p15.grid"
"$sud" --count --stats --threads 1 "$tmp/p15" > "$tmp/whole.out" 2> "$tmp/whole.err"
check "whole count" 599442 "$(cat "$tmp/whole.out")"
whole=$(totals "$tmp/whole.err")
ck=$tmp/p15.ckpt

# A node limit stops it; resumed with the same limit it stops at once and saves the same bytes.
"$sud" --count --stats --node-limit 200000 --checkpoint "$ck" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "node limit status" 4 $?
check "node limit partial count" 1 "$(grep -c '^count >= [0-9]* (stopped at node limit)$' "$tmp/out")"
check "node limit stop said" 1 "$(grep -c "^dlx-sudoku: checkpoint saved in $ck (go on with --resume $ck)\$" "$tmp/err")"
check "node limit nodes" 200000 "$(totals "$tmp/err" | cut -d' ' -f1)"
cp "$ck" "$tmp/first.ckpt"
"$sud" --count --node-limit 200000 --resume "$ck" "$tmp/p15" > /dev/null 2>&1
check "same limit status" 4 $?
cmp -s "$ck" "$tmp/first.ckpt"
check "same limit, same bytes" 0 $?

# A fresh count does not overwrite it.
"$sud" --count --checkpoint "$ck" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "existing file status" 2 $?
check "existing file message" "dlx-sudoku: $ck exists: go on with --resume $ck, or remove it to start afresh" "$(cat "$tmp/err")"
cmp -s "$ck" "$tmp/first.ckpt"
check "existing file untouched" 0 $?

# Refused: another puzzle, the same givens on another board (X), --propagate, a flipped byte.
refused="dlx-sudoku: $ck: checkpoint of another problem, or of other options that shape the search (seed, propagation, forced options)"
for what in "other puzzle:$tmp/p14" "x variant:--variant x $tmp/p15" "propagate:--propagate $tmp/p15"; do
	name=${what%%:*}
	# shellcheck disable=SC2086
	"$sud" --count --resume "$ck" ${what#*:} > "$tmp/out" 2> "$tmp/err"
	check "$name status" 2 $?
	check "$name message" "$refused" "$(cat "$tmp/err")"
	check "$name stdout" "" "$(cat "$tmp/out")"
	cmp -s "$ck" "$tmp/first.ckpt"
	check "$name untouched" 0 $?
done
cp "$ck" "$tmp/bad.ckpt"
printf '\377' | dd of="$tmp/bad.ckpt" bs=1 seek=50 conv=notrunc 2>/dev/null
"$sud" --count --resume "$tmp/bad.ckpt" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "corrupted status" 2 $?
check "corrupted message" "dlx-sudoku: $tmp/bad.ckpt: corrupted checkpoint (checksum mismatch)" "$(cat "$tmp/err")"
cp "$tmp/p15" "$tmp/notck"
"$sud" --count --resume "$tmp/notck" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "not a checkpoint status" 2 $?
check "not a checkpoint message" "dlx-sudoku: $tmp/notck: not a dlx checkpoint (no DLXCKPT header)" "$(cat "$tmp/err")"
# The input itself as the checkpoint: saves would overwrite it.
"$sud" --count --resume "$tmp/p15" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "input as checkpoint status" 2 $?
check "input as checkpoint message" "dlx-sudoku: --checkpoint $tmp/p15 is also the input $tmp/p15: one file cannot be both" "$(cat "$tmp/err")"
"$sud" --count --resume "$tmp/none.ckpt" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "missing status" 2 $?
check "missing message" "dlx-sudoku: $tmp/none.ckpt: No such file or directory" "$(cat "$tmp/err")"
printf '%s\n%s\n' "$p15" "$p14" > "$tmp/two"
# Two puzzles are a run, whose answers need a file; a count's checkpoint is for one puzzle.
"$sud" --count --checkpoint "$tmp/two.ckpt" "$tmp/two" > "$tmp/out" 2> "$tmp/err"
check "two puzzles status" 2 $?
check "two puzzles message" "dlx-sudoku: --checkpoint and --resume with a file of puzzles need --output-file FILE (which a resume cuts back to the answers saved), or --quiet" "$(cat "$tmp/err")"
check "two puzzles no file" no "$([ -e "$tmp/two.ckpt" ] && echo yes || echo no)"
"$sud" --count --resume "$ck" "$tmp/two" > "$tmp/out" 2> "$tmp/err"
check "count checkpoint, two puzzles status" 2 $?
check "count checkpoint, two puzzles message" "dlx-sudoku: $tmp/two:2: --checkpoint and --resume count one puzzle, and this is a second" "$(cat "$tmp/err")"
cmp -s "$ck" "$tmp/first.ckpt"
check "count checkpoint, two puzzles untouched" 0 $?
"$sud" --count --threads 2 --resume "$ck" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "count checkpoint, two threads status" 2 $?
check "count checkpoint, two threads message" "dlx-sudoku: the count of a lone puzzle with --checkpoint or --resume searches in one thread: --threads must be 1" "$(cat "$tmp/err")"

# The same givens in another layout are the same puzzle: the grid resumes the line's checkpoint.
"$sud" --count --stats --node-limit 400000 --resume "$ck" "$tmp/p15.grid" > /dev/null 2> "$tmp/err"
check "grid layout resumed" 400000 "$(totals "$tmp/err" | cut -d' ' -f1)"

# A time limit, then each signal (on the 14-clue puzzle, which takes seconds, for the signals).
"$sud" --count --time-limit 0.05 --resume "$ck" "$tmp/p15" > /dev/null 2>&1
status=$?
# A fast machine may finish the count within the limit: then the count is out and the file gone.
if [ $status -eq 4 ]; then
	check "time limit saved" yes "$([ -e "$ck" ] && echo yes)"
else
	check "time limit finished" 0 $status
	"$sud" --count --node-limit 200000 --checkpoint "$ck" "$tmp/p15" > /dev/null 2>&1
fi
for sig in TERM INT HUP; do
	case $sig in TERM) want=143 ;; INT) want=130 ;; HUP) want=129 ;; esac
	"$sud" --count --stats --checkpoint "$tmp/p14.$sig" "$tmp/p14" > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	# The first poll saves: wait for the file, then signal.
	for _ in $(seq 200); do [ -e "$tmp/p14.$sig" ] && break; sleep 0.05; done
	kill -$sig "$pid"
	wait "$pid"
	check "SIG$sig status" $want $?
	pid=''
	check "SIG$sig partial count" 1 "$(grep -c '^count >= [0-9]* (interrupted by SIG'$sig')$' "$tmp/out")"
	check "SIG$sig saved" 1 "$(grep -c "^dlx-sudoku: checkpoint saved in $tmp/p14.$sig" "$tmp/err")"
	stopped=$(totals "$tmp/err" | cut -d' ' -f1)
	"$sud" --count --stats --node-limit $((stopped + 1000)) --resume "$tmp/p14.$sig" "$tmp/p14" > /dev/null 2> "$tmp/err"
	check "SIG$sig resumed to its node limit" "$((stopped + 1000))" "$(totals "$tmp/err" | cut -d' ' -f1)"
done

# The rest of p15, and the file is gone.
"$sud" --count --stats --resume "$ck" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "final status" 0 $?
check "final count" 599442 "$(cat "$tmp/out")"
check "final totals" "$whole" "$(totals "$tmp/err")"
check "finished checkpoint removed" no "$([ -e "$ck" ] && echo yes || echo no)"
check "no temporary file left" "" "$(cd "$tmp" && ls | grep '\.ckpt\.' || true)"

# With --propagate: the same tree again after stops.
"$sud" --count --stats --threads 1 --propagate "$tmp/p15" > /dev/null 2> "$tmp/err"
want=$(totals "$tmp/err")
"$sud" --count --propagate --node-limit 20000 --checkpoint "$tmp/pp.ckpt" "$tmp/p15" > /dev/null 2>&1
"$sud" --count --propagate --node-limit 50000 --resume "$tmp/pp.ckpt" "$tmp/p15" > /dev/null 2>&1
"$sud" --count --stats --propagate --resume "$tmp/pp.ckpt" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "propagate count" 599442 "$(cat "$tmp/out")"
check "propagate totals" "$want" "$(totals "$tmp/err")"

# A directory that is not there: the count goes on, warned; at a stop the state is lost: exit 3.
"$sud" --count --node-limit 200000 --checkpoint "$tmp/none/p.ckpt" "$tmp/p15" > "$tmp/out" 2> "$tmp/err"
check "unwritable status" 3 $?
check "unwritable said" yes "$(grep -q "^dlx-sudoku: $tmp/none/p.ckpt: cannot save the checkpoint (cannot create a temporary file: No such file or directory)\$" "$tmp/err" && echo yes)"
check "unwritable partial count" 1 "$(grep -c '^count >= ' "$tmp/out")"

# Givens in conflict: refused before any search (exit 1, as without --checkpoint); no file.
echo "11..............................................................................." > "$tmp/bad"
"$sud" --count --checkpoint "$tmp/bad.ck" "$tmp/bad" > "$tmp/out" 2> "$tmp/err"
check "conflict status" 1 $?
check "conflict no file" no "$([ -e "$tmp/bad.ck" ] && echo yes || echo no)"
# No solution, found by the search: the count 0 is an answer (exit 1); the file goes.
printf '%s\n' "12345678.........9$(printf '%63s' '' | tr ' ' .)" > "$tmp/zero"
"$sud" --count --checkpoint "$tmp/zero.ck" "$tmp/zero" > "$tmp/out" 2> "$tmp/err"
check "no solution status" 1 $?
check "no solution count" 0 "$(cat "$tmp/out")"
check "no solution file gone" no "$([ -e "$tmp/zero.ck" ] && echo yes || echo no)"
# A count's --output-file: a refused resume leaves it as it was, a taken one holds the new answer alone.
"$sud" --count --node-limit 100000 --checkpoint "$tmp/o.ck" --output-file "$tmp/o.txt" "$tmp/p15" 2> /dev/null
check "count output file stopped" 1 "$(grep -c '^count >= [0-9]* (stopped at node limit)$' "$tmp/o.txt")"
cp "$tmp/o.txt" "$tmp/o.before"
"$sud" --count --resume "$tmp/o.ck" --output-file "$tmp/o.txt" "$tmp/p14" 2> /dev/null
check "count output file refused" 2 $?
cmp -s "$tmp/o.txt" "$tmp/o.before"
check "count output file kept" 0 $?
"$sud" --count --resume "$tmp/o.ck" --output-file "$tmp/o.txt" "$tmp/p15" 2> /dev/null
check "count output file resumed" 599442 "$(cat "$tmp/o.txt")"

# --- runs of puzzle files ---
# 20 puzzles with a clue taken from each: counts of 34 to 473,874, a few seconds in all.
head -20 "$sample" | sed -E 's/[1-9]/./' > "$tmp/run"
stats() { sed -n 's/^\(puzzles: .*branches: [0-9]*\),.*/\1/p' "$1"; }
# Two of the four combinations: each runs the whole set three times over (CI's time).
for combo in "1 grid" "2 line"; do
	for layout in ${combo#* }; do
		threads=${combo% *}
		name="threads $threads $layout"
		"$sud" --count --stats --threads "$threads" -o "$layout" "$tmp/run" > "$tmp/run.whole" 2> "$tmp/err"
		want_stats=$(stats "$tmp/err")
		rck=$tmp/run.$threads.$layout.ck out=$tmp/run.$threads.$layout.out
		# Killed twice (a kill -9 loses what followed the last save), stopped once by SIGTERM.
		first=(--checkpoint "$rck")
		for sig in KILL TERM KILL; do
			"$sud" --count --threads "$threads" -o "$layout" --checkpoint-every 0.01 "${first[@]}" \
				--output-file "$out" "$tmp/run" 2> "$tmp/err" &
			pid=$!
			# The first save comes with an answer; a slow build (sanitizers, valgrind) may take seconds.
			for _ in $(seq 1500); do { [ -e "$rck" ] || ! kill -0 "$pid" 2>/dev/null; } && break; sleep 0.02; done
			sleep 0.3
			kill -$sig "$pid" 2>/dev/null
			wait "$pid"
			status=$?
			pid=''
			first=(--resume "$rck")
			[ $status -eq 0 ] && break # a fast machine may finish first: then the file is gone
			case $status in 137 | 143) ;; *) echo "$name SIG$sig: exit $status:"; cat "$tmp/err" ;; esac
			if [ $sig = TERM ]; then
				check "$name SIGTERM status" 143 $status
				check "$name SIGTERM saved" 1 "$(grep -c "^dlx-sudoku: checkpoint saved in $rck after [0-9]* puzzles (go on with --resume $rck)\$" "$tmp/err")"
			fi
		done
		if [ -e "$rck" ]; then
			"$sud" --count --stats --threads "$threads" -o "$layout" --resume "$rck" --output-file "$out" \
				"$tmp/run" 2> "$tmp/err"
			check "$name resumed status" 0 $?
			check "$name stats" "$want_stats" "$(stats "$tmp/err")"
		fi
		cmp -s "$out" "$tmp/run.whole"
		check "$name answers" 0 $?
		check "$name file gone" no "$([ -e "$rck" ] && echo yes || echo no)"
	done
done

# Refusals, each leaving the checkpoint and the answers as they were.
rck=$tmp/ref.ck out=$tmp/ref.out
"$sud" --count --threads 1 --checkpoint "$rck" --checkpoint-every 0.01 --output-file "$out" "$tmp/run" 2> /dev/null &
pid=$!
# Two answers out at least, so that a shorter output can be made.
for _ in $(seq 500); do [ -e "$out" ] && [ "$(wc -l < "$out")" -ge 2 ] && break; sleep 0.02; done
kill -TERM "$pid"
wait "$pid"
pid=''
cp "$rck" "$tmp/ref.before"
cp "$out" "$tmp/ref.out.before"
unchanged() { cmp -s "$rck" "$tmp/ref.before" && cmp -s "$out" "$tmp/ref.out.before" && echo yes; }
sed '1s/^./4/' "$tmp/run" > "$tmp/other"
"$sud" --count --threads 1 --resume "$rck" --output-file "$out" "$tmp/other" > /dev/null 2> "$tmp/err"
check "other input status" 2 $?
check "other input message" "dlx-sudoku: $tmp/other: not the input of the run in $rck (its first puzzles differ)" "$(cat "$tmp/err")"
check "other input untouched" yes "$(unchanged)"
"$sud" --count --threads 1 -o grid --resume "$rck" --output-file "$out" "$tmp/run" > /dev/null 2> "$tmp/err"
check "other layout status" 2 $?
check "other layout message" yes "$(grep -q "^dlx-sudoku: $rck: run checkpoint of other options" "$tmp/err" && echo yes)"
check "other layout untouched" yes "$(unchanged)"
# A node limit decides which puzzles are answered "unknown": another one would mix two runs' answers.
"$sud" --count --threads 1 --node-limit 10 --resume "$rck" --output-file "$out" "$tmp/run" > /dev/null 2> "$tmp/err"
check "other node limit status" 2 $?
check "other node limit message" yes "$(grep -q "^dlx-sudoku: $rck: run checkpoint of other options" "$tmp/err" && echo yes)"
check "other node limit untouched" yes "$(unchanged)"
head -1 "$out" > "$tmp/short.out"
"$sud" --count --threads 1 --resume "$rck" --output-file "$tmp/short.out" "$tmp/run" > /dev/null 2> "$tmp/err"
check "short output status" 2 $?
check "short output message" yes "$(grep -q "^dlx-sudoku: $tmp/short.out: not the answers of the run in $rck" "$tmp/err" && echo yes)"
"$sud" --count --threads 1 --resume "$rck" "$tmp/run" > /dev/null 2> "$tmp/err"
check "no output file status" 2 $?
check "no output file message" "dlx-sudoku: --checkpoint and --resume with a file of puzzles need --output-file FILE (which a resume cuts back to the answers saved), or --quiet" "$(cat "$tmp/err")"
check "refusals untouched" yes "$(unchanged)"
# A run's checkpoint is no count's, nor the other way round.
"$sud" --count --threads 1 --resume "$rck" "$tmp/p15" > /dev/null 2> "$tmp/err"
check "run checkpoint for a count status" 2 $?
"$sud" --count --node-limit 1000 --checkpoint "$tmp/s.ck" "$tmp/p15" > /dev/null 2>&1
"$sud" --threads 1 --resume "$tmp/s.ck" --output-file "$tmp/s.out" "$tmp/run" > /dev/null 2> "$tmp/err"
check "count checkpoint for a run status" 2 $?
check "count checkpoint for a run message" "dlx-sudoku: $tmp/s.ck: not a dlx-sudoku run checkpoint" "$(cat "$tmp/err")"
# The rest of the run, with --quiet's --stats alone: the same totals as one run.
"$sud" --count --stats --threads 2 --resume "$rck" --output-file "$out" "$tmp/run" 2> "$tmp/err"
"$sud" --count --stats --threads 1 "$tmp/run" > "$tmp/run.whole" 2> "$tmp/err2"
check "refusals then resumed" "$(stats "$tmp/err2")" "$(stats "$tmp/err")"
cmp -s "$out" "$tmp/run.whole"
check "refusals then resumed answers" 0 $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
