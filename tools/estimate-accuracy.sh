#!/usr/bin/env bash
# How far `dlx --estimate` is from the true size of search trees: for each
# instance, the true nodes and solutions (a one-thread count with --stats),
# then --estimate=N with seeds 1..S, each estimate divided by the truth.
# Prints a Markdown table: the median, smallest and largest ratio of nodes
# and of solutions, and how often the truth lay within 2 standard errors of
# the estimate.  BENCHMARKS.md has its latest output.
#
# usage: tools/estimate-accuracy.sh [--build DIR] [--probes N] [--seeds S]
set -euo pipefail

build=build probes=1000 seeds=20
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--probes) probes=$2; shift 2 ;;
	--seeds) seeds=$2; shift 2 ;;
	*) echo "usage: tools/estimate-accuracy.sh [--build DIR] [--probes N] [--seeds S]" >&2; exit 2 ;;
	esac
done
[[ $probes =~ ^[1-9][0-9]*$ && $seeds =~ ^[1-9][0-9]*$ ]] || { echo "estimate-accuracy: --probes and --seeds need positive numbers" >&2; exit 2; }
dlx=$build/src/cli/dlx
for b in "$dlx" "$build/tools/dlx-gen-queens" "$build/tools/dlx-gen-langford" "$build/tools/dlx-gen-pentominoes"; do
	[ -x "$b" ] || { echo "estimate-accuracy: $b is missing: build first (ninja -C $build)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$build/tools/dlx-gen-queens" 12 > "$tmp/queens12"
"$build/tools/dlx-gen-queens" 14 > "$tmp/queens14"
"$build/tools/dlx-gen-langford" 12 > "$tmp/langford12"
"$build/tools/dlx-gen-pentominoes" 6x10 > "$tmp/pentominoes6x10"
"$build/tools/dlx-gen-pentominoes" 3x20 > "$tmp/pentominoes3x20"

printf '| instance | true nodes | true solutions | nodes: median ratio (min-max) | within 2 s.e. | solutions: median ratio (min-max) | within 2 s.e. | seconds per estimate |\n'
printf '|---|---:|---:|---|---:|---|---:|---:|\n'
# instance [--part K/M]
measure() {
	local name=$1; shift
	local truth nodes sols
	truth=$("$dlx" --count --threads 1 --stats "$@" "$tmp/$name" 2>&1 >/dev/null)
	nodes=$(sed -n 's/.*nodes: \([0-9]*\).*/\1/p' <<< "$truth")
	sols=$(sed -n 's/^solutions: \([0-9]*\).*/\1/p' <<< "$truth")
	: > "$tmp/runs"
	for ((s = 1; s <= seeds; s++)); do
		# The seed shuffles the options too: the truth is that of the same shuffled tree.
		local t
		t=$("$dlx" --count --threads 1 --stats --seed "$s" "$@" "$tmp/$name" 2>&1 >/dev/null)
		local e
		e=$("$dlx" --estimate="$probes" --seed "$s" --stats "$@" "$tmp/$name" 2>&1)
		printf '%s\n%s\n' "$t" "$e" | awk '
			/^solutions:/ { for (i = 1; i <= NF; i++) { if ($i == "solutions:") ts = $(i+1) + 0; if ($i == "nodes:") tn = $(i+1) + 0 } }
			/estimate:/ { for (i = 1; i <= NF; i++) { if ($i == "nodes") { en = $(i+1); ne = $(i+3) } if ($i == "solutions") { es = $(i+1); se = $(i+3) } } }
			/^probes:/ { sub(/.*time: /, ""); secs = $1 }
			END { gsub(/[%,]/, "", ne); gsub(/[%,]/, "", se); gsub(/,/, "", en); gsub(/,/, "", es)
				dn = en - tn; if (dn < 0) dn = -dn; ds = es - ts; if (ds < 0) ds = -ds
				print en / tn, (dn <= 2 * en * ne / 100) ? 1 : 0, (ts ? es / ts : 1), (ds <= 2 * es * se / 100) ? 1 : 0, secs }' >> "$tmp/runs"
	done
	local label=$name
	[ $# -gt 0 ] && label="$name $*"
	awk -v label="$label" -v nodes="$nodes" -v sols="$sols" -v probes="$probes" '
		function med(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t } return a[int((n + 1) / 2)] }
		{ n++; rn[n] = $1; wn += $2; rs[n] = $3; ws += $4; secs[n] = $5 }
		END {
			mn = med(rn, n); lo = rn[1]; hi = rn[n]; ms = med(rs, n); los = rs[1]; his = rs[n]; mt = med(secs, n)
			printf "| %s | %d | %d | %.2f (%.2f-%.2f) | %d/%d | %.2f (%.2f-%.2f) | %d/%d | %.2f |\n", label, nodes, sols, mn, lo, hi, wn, n, ms, los, his, ws, n, mt
		}' "$tmp/runs"
}
measure queens12
measure queens14
measure queens14 --part 5/16
measure langford12
measure pentominoes3x20
measure pentominoes6x10
echo
echo "Estimates from $probes probes, seeds 1-$seeds (each seed shuffles the options: its truth is its own tree's)."
