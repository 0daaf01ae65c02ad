#!/usr/bin/env bash
# Times dlx against other exact-cover solvers built from their public
# sources, on the instances of issue 20's table: counting every solution of
# queens 13 and 14, Langford pairs 12, and the pentominoes on the 5x12,
# 6x10 and 8x8-less-its-centre boards.  Whole processes, one thread, CPU
# time (user + system), the programs taking turns so that a machine's drift
# falls on all of them alike; prints the median of each and dlx's time over
# each peer's (below 1: dlx is faster).  Every run's count is checked
# against the known one, and a wrong count stops the script.
#
# usage: tools/bench-peers.sh [--runs N] [--only NAME] [--reduce] PEERDIR [BUILD]
#   PEERDIR holds the peers' sources, fetched once by hand (this script
#   never downloads; the machine running it may be offline):
#     Knuth's programs, from https://cs.stanford.edu/~knuth/programs.html:
#       dlx1.w and ssxcc.w, and from the Stanford GraphBase
#       (https://cs.stanford.edu/~knuth/sgb.html) gb_flip.w, the random
#       numbers they include, and boilerplate.w, which gb_flip.w includes;
#     miniexact, a clone of https://github.com/miniexact/miniexact in
#       PEERDIR/miniexact.
#   Knuth's programs are tangled with ctangle (Debian's texlive-binaries)
#   and built with cc -O3; miniexact with cmake, Release.  A peer whose
#   sources are missing is left out.  BUILD is dlx's build directory
#   (default: build); the peers' binaries and the instances are written to
#   PEERDIR.
#   --only NAME  one instance: queens13 queens14 langford12 pentominoes5x12
#                pentominoes6x10 pentominoes8x8h
#   --reduce     every program gets the instances without the options that
#                can be in no solution (`dlx --reduce`, Knuth's DLX-PRE's
#                first rule), as Knuth runs his solvers after DLX-PRE
set -euo pipefail

runs=5 only= reduce=0
while [ $# -gt 0 ]; do
	case $1 in
	--reduce) reduce=1; shift ;;
	--runs) runs=$2; shift 2 ;;
	--only) only=$2; shift 2 ;;
	-*) echo "bench-peers: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: tools/bench-peers.sh [--runs N] [--only NAME] [--reduce] PEERDIR [BUILD]" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "bench-peers: --runs needs a positive number" >&2; exit 2; }
peers=$(cd "$1" && pwd) build=${2:-build}
dlx=$build/src/cli/dlx
[ -x "$dlx" ] || { echo "bench-peers: no $dlx (build dlx first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-peers: needs /usr/bin/time (Debian's time)" >&2; exit 2; }

programs=(dlx)
if [ -f "$peers/gb_flip.w" ] && [ -f "$peers/boilerplate.w" ] && command -v ctangle > /dev/null; then
	for k in dlx1 ssxcc; do
		[ -f "$peers/$k.w" ] || continue
		(cd "$peers" && ctangle gb_flip.w > /dev/null && ctangle $k.w > /dev/null &&
			cc -O3 -o $k $k.c gb_flip.c 2> /dev/null) || { echo "bench-peers: $k did not build" >&2; exit 1; }
		programs+=("$k")
	done
else
	echo "bench-peers: no gb_flip.w or boilerplate.w in $peers, or no ctangle: Knuth's programs left out" >&2
fi
if [ -f "$peers/miniexact/CMakeLists.txt" ]; then
	cmake -S "$peers/miniexact" -B "$peers/miniexact/build" -DCMAKE_BUILD_TYPE=Release > "$peers/cmake.log" 2>&1
	cmake --build "$peers/miniexact/build" --target miniexactsolve >> "$peers/cmake.log" 2>&1
	programs+=(miniexact)
else
	echo "bench-peers: no $peers/miniexact: miniexact left out" >&2
fi

# The instances, in Knuth's format and in miniexact's ("< primary > [ secondary ]", options ending in ";").
instances=(queens13 queens14 langford12 pentominoes5x12 pentominoes6x10 pentominoes8x8h)
declare -A want=([queens13]=73712 [queens14]=365596 [langford12]=216288 [pentominoes5x12]=4040
	[pentominoes6x10]=9356 [pentominoes8x8h]=520)
if [ -n "$only" ]; then
	[ -n "${want[$only]:-}" ] || { echo "bench-peers: no instance $only" >&2; exit 2; }
	instances=("$only")
fi
for n in "${instances[@]}"; do
	[[ $n =~ ^([a-z]+)(.*)$ ]]
	"$build/tools/dlx-gen-${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" > "$peers/$n.dlx"
	if [ $reduce = 1 ]; then
		"$dlx" --reduce "$peers/$n.dlx" > "$peers/$n.reduced"
		mv "$peers/$n.reduced" "$peers/$n.dlx"
	fi
	awk '/^[ \t]*\|/ { next }
	!seen { seen = 1; s = "< "
		for (i = 1; i <= NF; i++) if ($i == "|") { s = s "> [ "; sec = 1 } else s = s $i " "
		print s (sec ? "]" : ">"); next }
	{ print $0 " ;" }' "$peers/$n.dlx" > "$peers/$n.mx"
done

# run PROGRAM INSTANCE: prints the CPU seconds; exits if the count is wrong.
run() {
	local out=$peers/out.txt err=$peers/err.txt got
	case $1 in
	dlx) /usr/bin/time -f '%U %S' -o "$peers/time.txt" "$dlx" --count --threads 1 "$peers/$2.dlx" > "$out" 2> "$err"
		got=$(cat "$out") ;;
	dlx1 | ssxcc) /usr/bin/time -f '%U %S' -o "$peers/time.txt" "$peers/$1" < "$peers/$2.dlx" > "$out" 2> "$err"
		# DLX1 says "Altogether N solutions" on stderr; SSXCC prints N alone on stdout.
		got=$(sed -n 's/^Altogether \([0-9]*\) solutions.*/\1/p' "$err"; grep -x '[0-9]*' "$out" || true) ;;
	# miniexact exits as SAT solvers do (10 or 20 when it has answered); the count decides.
	miniexact) /usr/bin/time -f '%U %S' -o "$peers/time.txt" "$peers/miniexact/build/miniexact" -x -e "$peers/$2.mx" > "$out" 2> "$err" || true
		got=$(sed -n 's/^Found \([0-9]*\) solutions.*/\1/p' "$out" "$err") ;;
	esac
	[ "$got" = "${want[$2]}" ] || { echo "bench-peers: $1 counted '$got' on $2, want ${want[$2]}" >&2; exit 1; }
	tail -n 1 "$peers/time.txt" | awk '{ printf "%.3f\n", $1 + $2 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A times
for ((r = 0; r < runs; r++)); do
	for n in "${instances[@]}"; do
		for p in "${programs[@]}"; do
			times[$n.$p]+="$(run "$p" "$n") "
		done
	done
done
printf '| instance |'
for p in "${programs[@]}"; do printf ' %s (s) |' "$p"; done
for p in "${programs[@]:1}"; do printf ' dlx / %s |' "$p"; done
printf '\n|---|'
for ((k = 1; k < 2 * ${#programs[@]}; k++)); do printf -- '---:|'; done
printf '\n'
for n in "${instances[@]}"; do
	declare -A med=()
	for p in "${programs[@]}"; do med[$p]=$(tr ' ' '\n' <<< "${times[$n.$p]}" | grep . | median); done
	printf '| %s |' "$n"
	for p in "${programs[@]}"; do printf ' %s |' "${med[$p]}"; done
	for p in "${programs[@]:1}"; do awk -v a="${med[dlx]}" -v b="${med[$p]}" 'BEGIN { printf " %.2f |", (b > 0 ? a / b : 0) }'; done
	printf '\n'
done
echo "(medians of $runs alternating runs, CPU seconds of whole processes, one thread$([ $reduce = 1 ] && echo ', every instance reduced by dlx --reduce'); $(uname -m), $(nproc) cores, $(cc --version | head -n 1))"
