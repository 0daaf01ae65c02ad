#!/bin/sh
# The SAT engine's module (src/core/dlx-sat-module.h): found by the build
# tree's programs, loaded only by the runs that use it, and refused with a
# reason when it is of another ABI.
# usage: test-sat-module.sh DLX DLX-SUDOKU FAKE-MODULE-DIR
dlx=$1 sudoku=$2 fake=$3
# meson puts the fake module's directory on LD_LIBRARY_PATH, ahead of the programs' run path.
unset LD_LIBRARY_PATH
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

# Four rooks on a 4x4 board (a rook per row and per column): 4! = 24 solutions.
printf 'r0 r1 r2 r3 c0 c1 c2 c3\n' > "$tmp/rooks4.dlx"
for r in 0 1 2 3; do for c in 0 1 2 3; do printf 'r%d c%d\n' $r $c; done; done >> "$tmp/rooks4.dlx"
if ! "$dlx" --engine sat --count "$tmp/rooks4.dlx" > "$tmp/out" 2> "$tmp/err"; then
	grep -q 'built without CaDiCaL' "$tmp/err" && { echo "skip: built without CaDiCaL"; exit 77; }
	fail "dlx --engine sat: $(cat "$tmp/err")"
fi
[ "$(cat "$tmp/out")" = 24 ] || fail "dlx --engine sat --count: '$(cat "$tmp/out")', not 24"

# Runs that do not use the engine do not load it (its C++ start-up is what the module saves them).
LD_DEBUG=files "$dlx" --count "$tmp/rooks4.dlx" > /dev/null 2> "$tmp/ld"
grep -q 'dlx-cadical' "$tmp/ld" && fail "dlx --count loaded the SAT engine's module"
LD_DEBUG=files "$dlx" --engine sat --count "$tmp/rooks4.dlx" > /dev/null 2> "$tmp/ld"
grep -q 'file=.*dlx-cadical.so' "$tmp/ld" || fail "LD_DEBUG shows no load of the module by --engine sat"
printf '%81s\n' '' | tr ' ' . > "$tmp/9.txt"
LD_DEBUG=files "$sudoku" "$tmp/9.txt" > /dev/null 2> "$tmp/ld"
grep -q 'dlx-cadical' "$tmp/ld" && fail "dlx-sudoku on a 9x9 board (auto engine) loaded the SAT engine's module"

# A module of another ABI, first on the search path: refused, said why; the
# installed module (if any) is tried next and may answer.
for prog in "$dlx" "$sudoku"; do
	case $prog in
	"$dlx") in=$tmp/rooks4.dlx ;;
	*) in=$tmp/9.txt ;;
	esac
	if LD_LIBRARY_PATH=$fake "$prog" --engine sat "$in" > "$tmp/out" 2> "$tmp/err"; then
		: # answered by an installed module
	else
		rc=$?
		[ $rc = 2 ] || fail "$prog with a module of another ABI: exit $rc, not 2"
		grep -q "engine sat: cannot load the SAT engine's module (.*dlx-cadical.so: a SAT engine's module of another version of dlx" "$tmp/err" ||
			fail "$prog with a module of another ABI says: $(cat "$tmp/err")"
	fi
done
[ $status = 0 ] && echo "ok"
exit $status
