#!/bin/sh
# The parts of `dlx --count --part K/M`, added by dlx-sum-parts, give the
# whole count, for several instances and M; a missing part is an error.
# Usage: test-parts.sh DLX SUM_PARTS GEN_QUEENS GEN_LANGFORD GEN_PENTOMINOES
set -u
dlx=$1 sum=$2 queens=$3 langford=$4 pento=$5
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want $2, got $3"; fi
}
"$queens" 9 > "$tmp/queens9"
"$langford" 8 > "$tmp/langford8"
"$pento" 3x20 > "$tmp/pento"
for inst in queens9 langford8 pento; do
	whole=$("$dlx" --count --threads 1 "$tmp/$inst")
	for m in 1 2 3 7 64; do
		k=1
		: > "$tmp/out"
		while [ $k -le $m ]; do
			"$dlx" --count --threads $((k % 2 + 1)) --part $k/$m "$tmp/$inst" >> "$tmp/out"
			k=$((k + 1))
		done
		if [ $m -eq 1 ]; then got=$(cat "$tmp/out"); else got=$("$sum" "$tmp/out"); fi
		check "$inst M=$m" "$whole" "$got"
	done
done
# Every part must report: dropping one is an error, not a smaller total.
"$dlx" --count --part 1/3 "$tmp/queens9" > "$tmp/some"
"$sum" "$tmp/some" > /dev/null 2>&1
check "missing parts detected" 1 $?
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
