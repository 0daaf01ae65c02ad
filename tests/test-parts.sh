#!/bin/sh
# The parts of `dlx --count --part K/M`, added by dlx-sum-parts, give the
# whole count, for several instances and M (one with bounds: Algorithm M's
# tree is cut its own way); a missing part is an error.
# Usage: test-parts.sh DLX SUM_PARTS GEN_QUEENS GEN_LANGFORD GEN_PENTOMINOES GEN_TROMINOES
set -u
dlx=$1 sum=$2 queens=$3 langford=$4 pento=$5 trominoes=$6
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want $2, got $3"; fi
}
"$queens" 9 > "$tmp/queens9"
"$langford" 8 > "$tmp/langford8"
"$pento" 3x20 > "$tmp/pento"
"$trominoes" 5 6 6 > "$tmp/trominoes"
for inst in queens9 langford8 pento trominoes; do
	whole=$("$dlx" --count --threads 1 "$tmp/$inst")
	for m in 1 2 3 7 64; do
		k=1
		: > "$tmp/out"
		while [ $k -le $m ]; do
			"$dlx" --count --threads $((k % 2 + 1)) --part $k/$m "$tmp/$inst" >> "$tmp/out"
			k=$((k + 1))
		done
		got=$("$sum" "$tmp/out")
		check "$inst M=$m" "$whole" "$got"
	done
done
# Pieces of parts: part 2/5 of each instance replaced by its 4 pieces, and piece 3/4 by its 3
# pieces, still add up to the whole; a part counted whole and in pieces, or a missing piece, is refused.
for inst in queens9 langford8 pento trominoes; do
	whole=$("$dlx" --count --threads 1 "$tmp/$inst")
	: > "$tmp/out"
	for k in 1 3 4 5; do "$dlx" --count --threads 1 --part $k/5 "$tmp/$inst" >> "$tmp/out"; done
	for j in 1 2 4; do "$dlx" --count --threads 2 --part 2/5.$j/4 "$tmp/$inst" >> "$tmp/out"; done
	for i in 1 2 3; do "$dlx" --count --threads 1 --part 2/5.3/4.$i/3 "$tmp/$inst" >> "$tmp/out"; done
	check "$inst nested pieces" "$whole" "$("$sum" "$tmp/out")"
	"$dlx" --count --part 2/5 "$tmp/$inst" >> "$tmp/out"
	"$sum" "$tmp/out" > /dev/null 2> "$tmp/err"
	check "$inst whole and pieces refused" 1 $?
	check "$inst whole and pieces named" "dlx-sum-parts: part 2/5 is counted whole and also in pieces" "$(cat "$tmp/err")"
	grep -v '^part 2/5\.3/4\.2/3:' "$tmp/out" | grep -v '^part 2/5:' > "$tmp/out2"
	"$sum" "$tmp/out2" > /dev/null 2> "$tmp/err"
	check "$inst missing piece named" "dlx-sum-parts: part 2/5.3/4.2/3 is missing" "$(cat "$tmp/err")"
done
printf 'part 1/2: 5\npart 2/2.1/2: 3\npart 2/2.2/3: 4\n' > "$tmp/mixed"
"$sum" "$tmp/mixed" > /dev/null 2> "$tmp/err"
check "pieces disagreeing on N refused" 1 $?
check "pieces disagreeing on N named" "dlx-sum-parts: $tmp/mixed:3: piece of part 2/2 into 3, others cut it into 2" "$(head -n 1 "$tmp/err")"
# --memo counts the same parts, memoized: each part's line is the plain one's, on one thread or two.
for inst in queens9 pento; do
	for m in 3 7; do
		k=1
		: > "$tmp/plain"
		: > "$tmp/memo"
		while [ $k -le $m ]; do
			"$dlx" --count --threads 1 --part $k/$m "$tmp/$inst" >> "$tmp/plain"
			"$dlx" --count --memo --threads $((k % 2 + 1)) --part $k/$m "$tmp/$inst" >> "$tmp/memo"
			k=$((k + 1))
		done
		check "$inst M=$m --memo parts" "$(cat "$tmp/plain")" "$(cat "$tmp/memo")"
	done
done
# A part with no solution is an answer: exit 0 (Langford 7's 64 parts include empty ones).
"$langford" 7 > "$tmp/langford7"
bad=0 empty=0 k=1
while [ $k -le 64 ]; do
	out=$("$dlx" --count --threads 1 --part $k/64 "$tmp/langford7") || bad=$((bad + 1))
	case $out in *": 0") empty=$((empty + 1)) ;; esac
	k=$((k + 1))
done
check "empty parts exit 0" 0 $bad
[ $empty -gt 0 ] || echo "note: no empty part of Langford 7 in 64 this time"
# Every part must report: dropping one is an error, not a smaller total.
"$dlx" --count --part 1/3 "$tmp/queens9" > "$tmp/some"
"$sum" "$tmp/some" > /dev/null 2>&1
check "missing parts detected" 1 $?
# dlx-sum-parts on its own: CRLF files, parts out of range, unreadable files, sums past 2^64.
printf 'part 1/2: 5\r\npart 2/2: 7\r\n' > "$tmp/crlf"
check "CRLF part file" 12 "$("$sum" "$tmp/crlf" 2>&1)"
printf 'part 1/2: 5\npart 3/2: 7\npart 0/2: 1\npart 2/2: 1\n' > "$tmp/range"
"$sum" "$tmp/range" > /dev/null 2> "$tmp/err"
check "parts out of range refused" 1 $?
check "parts out of range named" "dlx-sum-parts: $tmp/range:2: part 3/2 is not one of the 2 parts" "$(head -n 1 "$tmp/err")"
"$sum" "$tmp/missing-file" > /dev/null 2> "$tmp/err"
check "missing file status" 2 $?
check "missing file named" "dlx-sum-parts: $tmp/missing-file: No such file or directory" "$(cat "$tmp/err")"
"$sum" "$tmp" > /dev/null 2>&1
check "directory refused" 2 $?
printf 'part 2/2: 18446744073709551615\npart 1/2: 18446744073709551615\n' > "$tmp/big"
check "exact sum past 2^64" 36893488147419103230 "$("$sum" "$tmp/big")"
printf 'part 1/2: 5 apples\npart 2/2: 1\n' > "$tmp/junk"
"$sum" "$tmp/junk" > /dev/null 2>&1
check "malformed part line refused" 1 $?
# Leading zeros: "01/2" was a label of its own, its count lost or counted twice.
printf 'part 1/2: 5\npart 01/2: 7\npart 2/2: 3\n' > "$tmp/zeros"
"$sum" "$tmp/zeros" > /dev/null 2> "$tmp/err"
check "leading zeros refused" 1 $?
check "leading zeros named" "dlx-sum-parts: $tmp/zeros:2: not a part count: part 01/2: 7" "$(cat "$tmp/err")"
# A line may claim any M: more than dlx makes is refused at its line, and what is missing of a
# large M is named in a few lines, found without counting the pieces out (it took minutes and
# printed a line per missing part: 10 million for "part 1/10000000").
printf 'part 1/10000000: 5\n' > "$tmp/huge"
"$sum" "$tmp/huge" > /dev/null 2> "$tmp/err"
check "M past 65536 refused" 1 $?
check "M past 65536 named" "dlx-sum-parts: $tmp/huge:1: part 1/10000000: 10000000 parts, dlx makes at most 65536" "$(cat "$tmp/err")"
printf 'part 1/2.1/9.1/9.1/9.1/9.1/9.1/9.1/9.1/9: 1\n' > "$tmp/deep"
"$sum" "$tmp/deep" > /dev/null 2> "$tmp/err"
check "nine levels named" "dlx-sum-parts: $tmp/deep:1: part 1/2.1/9.1/9.1/9.1/9.1/9.1/9.1/9.1/9 has 9 levels, dlx makes at most 8" "$(cat "$tmp/err")"
printf 'part 2/65536: 5\npart 1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536: 3\n' > "$tmp/sparse"
"$sum" "$tmp/sparse" > /dev/null 2> "$tmp/err"
check "sparse parts refused" 1 $?
check "sparse parts: the first missing named, the rest counted" "dlx-sum-parts: part 1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.2/65536 is missing
dlx-sum-parts: part 1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.3/65536 is missing
dlx-sum-parts: part 1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.4/65536 is missing
dlx-sum-parts: and 65532 more parts of part 1/65536.1/65536.1/65536.1/65536.1/65536.1/65536.1/65536 are missing" "$(head -n 4 "$tmp/err")"
check "sparse parts: four lines for each of the 8 parents" 32 "$(wc -l < "$tmp/err")"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
