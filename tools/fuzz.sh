#!/usr/bin/env bash
# Runs the libFuzzer harnesses (tests/fuzz/fuzz-*.c) for a while each.
#
# usage: tools/fuzz.sh [SECONDS_PER_HARNESS]   (default 60)
#
# FUZZ_JOBS harnesses run at once (default: the number of online cores), each
# on one core for its SECONDS, so the wall time is about
# SECONDS x harnesses / FUZZ_JOBS.
#
# Builds build-fuzz with clang, ASan and UBSan, fuzzes each harness from a
# copy of its seed corpus and saved regressions kept in build-fuzz (the
# corpus grows across runs; the source tree is never written), and prints
# the executions per harness.  Exit status: 0 when no harness crashed (or
# clang is missing: fuzzing is then skipped), 1 when one did, 2 on a setup
# problem.  Crash inputs are left in build-fuzz/artifacts/HARNESS/.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-60}
if ! [[ $secs =~ ^[1-9][0-9]*$ ]]; then
	echo "usage: tools/fuzz.sh [SECONDS_PER_HARNESS]" >&2
	exit 2
fi
harnesses=(ec core bounds sudoku-read sudoku-extras zdd checkpoint)
# fuzz-core reads at most 46 bytes; longer inputs would only waste mutations.
# sudoku-read needs room for a 64x64 puzzle line (4096 symbols) and a bit more.
declare -A max_len=([ec]=4096 [core]=64 [bounds]=64 [sudoku-read]=8192 [sudoku-extras]=4096 [zdd]=1024 [checkpoint]=2048)
build=build-fuzz

if ! command -v clang >/dev/null 2>&1; then
	echo "fuzz.sh: clang not found, fuzzing skipped (Debian: apt-get install clang libclang-rt-14-dev)"
	exit 0
fi

# Without the fuzzer runtime meson's error would not say what is missing.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' >"$probe/t.c"
if ! clang -fsanitize=fuzzer,address,undefined "$probe/t.c" -o "$probe/t" >"$probe/log" 2>&1; then
	cat "$probe/log" >&2
	echo "fuzz.sh: clang cannot link libFuzzer; on Debian 12 install libclang-rt-14-dev" >&2
	exit 2
fi

if [ -f "$build/build.ninja" ]; then
	# An existing directory may have been configured without the option.
	meson configure "$build" -Dfuzzing=true >/dev/null
else
	CC=clang meson setup "$build" -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false \
		-Dbuildtype=debugoptimized >/dev/null
fi
if ! ninja -C "$build" $(printf 'tests/fuzz-%s ' "${harnesses[@]}") >"$probe/ninja.log" 2>&1; then
	cat "$probe/ninja.log" >&2
	echo "fuzz.sh: building the harnesses failed" >&2
	exit 2
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then
	echo "fuzz.sh: FUZZ_JOBS must be a positive number" >&2
	exit 2
fi

# One harness: its result line goes to $build/fuzz-$h.result, its messages to
# stderr (several at once may interleave, each line whole).
fuzz_one() {
	local h=$1
	local corpus=$build/fuzz-corpus/$h artifacts=$build/artifacts/$h log=$build/fuzz-$h.log
	local result=$build/fuzz-$h.result
	mkdir -p "$corpus" "$artifacts"
	# Seeds and past crashes; the READMEs are not inputs.
	for f in tests/fuzz/corpus/"$h"/* tests/fuzz/regressions/"$h"/*; do
		case $f in *.md) continue ;; esac
		[ -f "$f" ] && cp -f "$f" "$corpus/seed-$(basename "$f")"
	done
	local stamp=$build/.fuzz-start-$h
	touch "$stamp"
	echo "=== fuzz-$h: $secs s (log: $log) ==="
	local rc=0
	"$build/tests/fuzz-$h" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-max_len="${max_len[$h]}" \
		-artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1 || rc=$?
	local execs new
	execs=$(awk '/stat::number_of_executed_units:/ { n = $2 } END { print n ? n : "unknown" }' "$log")
	new=$(find "$artifacts" -type f -newer "$stamp" | sort)
	rm -f "$stamp"
	if [ "$rc" -ne 0 ] || [ -n "$new" ]; then
		echo "fuzz-$h: $execs executions, FAILED (exit $rc)" >"$result"
		grep -E -m 20 'ERROR|SUMMARY|fuzz-'"$h"':|deadly|#[0-9]+ 0x' "$log" >&2 || tail -n 30 "$log" >&2
		if [ -n "$new" ]; then
			echo "fuzz-$h: inputs that failed:" >&2
			printf '  %s\n' $new >&2
			echo "Find the cause, then copy them to tests/fuzz/regressions/$h/ (keep the crash-* name)." >&2
		fi
	else
		echo "fuzz-$h: $execs executions, no crash" >"$result"
	fi
}

running=0
for h in "${harnesses[@]}"; do
	rm -f "$build/fuzz-$h.result"
	if [ "$running" -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	fuzz_one "$h" &
	running=$((running + 1))
done
wait

status=0
summary=()
for h in "${harnesses[@]}"; do
	if [ -f "$build/fuzz-$h.result" ]; then
		line=$(cat "$build/fuzz-$h.result")
	else
		line="fuzz-$h: no result (the harness's run was lost)"
	fi
	case $line in *"no crash") ;; *) status=1 ;; esac
	summary+=("$line")
done

echo "=== summary ==="
printf '%s\n' "${summary[@]}"
exit $status
