#!/bin/sh
# A shared library defines exactly the dynamic symbols of its checked-in
# list (tests/symbols/*.sym, sorted): no internal function leaks out of it
# (the libraries are built with hidden visibility and export what their
# headers mark DLX_API, see include/dlx-export.h), and no listed function
# has gone missing.  So a change to the ABI shows up here, and its list
# changes in the same commit.
# Usage: test-symbols.sh NM LIBRARY LIST [LIBRARY LIST ...]
set -u
nm=$1
shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
while [ $# -ge 2 ]; do
	lib=$1 list=$2
	shift 2
	name=$(basename "$lib")
	if ! LC_ALL=C sort -c "$list"; then
		echo "FAIL $name: $list is not sorted (LC_ALL=C sort)"
		status=1
		continue
	fi
	if ! "$nm" -D --defined-only "$lib" > "$tmp/nm"; then
		echo "FAIL $name: $nm cannot read it"
		status=1
		continue
	fi
	# Lines are "value type name"; the name is the last field.
	awk 'NF >= 2 { print $NF }' "$tmp/nm" | LC_ALL=C sort > "$tmp/defined"
	if diff -u "$list" "$tmp/defined" > "$tmp/diff"; then
		echo "ok $name: $(wc -l < "$tmp/defined") symbols, as listed"
	else
		echo "FAIL $name: its dynamic symbols differ from $list"
		echo "  (+ defined but not listed: a leak, or a new function to add to the list;"
		echo "   - listed but not defined: a function lost, or a stale line)"
		tail -n +3 "$tmp/diff"
		status=1
	fi
done
if [ $# -ne 0 ]; then
	echo "usage: test-symbols.sh NM LIBRARY LIST [LIBRARY LIST ...]"
	exit 2
fi
exit $status
