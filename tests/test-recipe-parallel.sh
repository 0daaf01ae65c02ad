#!/bin/sh
# README's GNU parallel recipe, run for real with Debian's GNU parallel on
# this machine: the parts of a count spread over jobs, added up by
# dlx-sum-parts, give the count of one whole search.  The recipe's ssh hosts
# become ":" (GNU parallel's name for the local machine), with the recipe's
# --transferfile kept, and 16 parts instead of 64 to keep the test short;
# everything else is the README's command.  Skipped
# (status 77) where GNU parallel is missing.
# Usage: test-recipe-parallel.sh DLX SUM_PARTS GEN_PENTOMINOES GEN_LANGFORD
set -u
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
dlx=$(abs "$1") sum=$(abs "$2") pento=$(abs "$3") langford=$(abs "$4")
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	echo "GNU parallel is not installed (Debian: apt-get install parallel): skipped"
	exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# The recipe runs `dlx` and `dlx-sum-parts` from PATH, in the problem's folder.
mkdir "$tmp/bin"
ln -s "$dlx" "$tmp/bin/dlx"
ln -s "$sum" "$tmp/bin/dlx-sum-parts"
PATH=$tmp/bin:$PATH
export PATH
cd "$tmp" || exit 1
passed=0 failed=0
check() { # name expected actual
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: want $2, got $3"; fi
}
for inst in pentominoes langford; do
	case $inst in
	pentominoes) "$pento" 3x20 > problem.dlx ;;
	langford) "$langford" 8 > problem.dlx ;;
	esac
	whole=$(dlx --count --threads 1 problem.dlx)
	case $whole in
	[1-9]*) ;;
	*) check "$inst: the whole count" "a number" "'$whole'"; continue ;;
	esac
	# GNU parallel's citation notice goes to stderr on first use; it is not part of the answer.
	seq 1 16 | parallel -S :,: --transferfile problem.dlx \
		'dlx --count --threads 1 --part {}/16 problem.dlx' > parts.txt 2> parallel.err
	check "$inst: parallel's exit status" 0 $?
	check "$inst: 16 part lines" 16 "$(grep -c '^part [0-9]*/16: [0-9]*$' parts.txt)"
	got=$(dlx-sum-parts parts.txt)
	check "$inst: sum of the parts" "$whole" "$got"
	# A part lost on the way (a failed job) must make the sum fail, not come out smaller.
	sed 1d parts.txt > some.txt
	if dlx-sum-parts some.txt > /dev/null 2>&1; then
		check "$inst: a missing part is an error" fail ok
	else
		check "$inst: a missing part is an error" 1 1
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
