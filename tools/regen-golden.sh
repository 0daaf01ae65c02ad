#!/usr/bin/env bash
# Rewrites the expected results of golden CLI cases (tests/data/cli, see its
# README.md) from what the built programs do now, after a change that is
# meant to alter them.  Each case runs as tests/test-cli.c runs it: the same
# argument words, stdin, working directory (the build directory, where
# `meson test` runs) and test environment, taken from the build's own test
# definition.  Prints each file it changed; review them with git diff.
#
# usage: tools/regen-golden.sh [--build DIR] [--create] [CASE...]
#   CASE    all (the default), a program (dlx), a topic folder (dlx/limits),
#           a case (dlx/limits/node-limit-all), a case's bare NAME (every case
#           so named), or the path of any of these or of a case's file
#   --build DIR   the build directory (default: build in the repository)
#   --create      also write NAME.out, NAME.err and NAME.status where they are
#                 missing (a new case); without it an absent file stays absent
#                 (its stream is not checked), and only present ones are rewritten
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cli=$root/tests/data/cli
build=$root/build
create=0

usage() {
	sed -n '/^# usage:/,/^set /{ /^#/ s/^# \{0,1\}//p; }' "${BASH_SOURCE[0]}"
	exit "$1"
}
die() {
	echo "regen-golden: $*" >&2
	exit 2
}

selectors=()
while [ $# -gt 0 ]; do
	case $1 in
	--build) [ $# -ge 2 ] || die "--build needs a directory"; build=$2; shift 2 ;;
	--build=*) build=${1#--build=}; shift ;;
	--create) create=1; shift ;;
	-h | --help) usage 0 ;;
	--) shift; selectors+=("$@"); break ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) selectors+=("$1"); shift ;;
	esac
done
[ ${#selectors[@]} -gt 0 ] || selectors=(all)

[ -d "$build" ] || die "$build is not a build directory (meson setup $build)"
build=$(cd "$build" && pwd -P)
tests_json=$build/meson-info/intro-tests.json
[ -r "$tests_json" ] || die "$tests_json is missing: is $build a meson build directory?"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# What `meson test` would run: rebuild first, so no case runs a stale program.
ninja -C "$build" > "$tmp/ninja.log" 2>&1 || { cat "$tmp/ninja.log" >&2; die "ninja -C $build failed"; }

# The environment meson gives the cli test (tests/meson.build).
mapfile -t test_env < <(python3 - "$tests_json" <<'EOF'
import json, sys
for test in json.load(open(sys.argv[1])):
    if test["name"] == "cli":
        for var in ("DLX_BIN", "DLX_SUDOKU_BIN", "DLX_DATA", "DLX_TEST_DATA"):
            print(var + "=" + test["env"][var])
        break
EOF
)
[ ${#test_env[@]} -eq 4 ] || die "$build defines no cli test with the usual environment"
for kv in "${test_env[@]}"; do
	export "${kv?}"
done
[ "$(cd "$DLX_TEST_DATA/cli" && pwd -P)" = "$cli" ] ||
	die "$build tests the cases in $DLX_TEST_DATA/cli, not $cli"
for bin in "$DLX_BIN" "$DLX_SUDOKU_BIN"; do
	[ -x "$bin" ] || die "$bin is not built"
done

# Every case under folder $1 of $cli, as PROGRAM/TOPIC.../NAME: a base name
# with one of the case extensions, like test-cli.c's discovery.
cases_under() {
	(cd "$cli" && find "$1" -type f \( -name '*.cmd' -o -name '*.in' -o -name '*.out' -o -name '*.err' \
		-o -name '*.status' \) ! -path '*/.*' | sed -E 's/\.(cmd|in|out|err|status)$//; s#^\./##')
}

# The cases a selector names, one a line.
select_cases() {
	local sel=$1 real
	[ "$sel" = all ] && { cases_under .; return; }
	# A path on disk: made relative to $cli.
	if [ -e "$sel" ] && real=$(realpath -e -- "$sel") && [[ $real == "$cli"/* ]]; then
		sel=${real#"$cli"/}
	fi
	sel=${sel%/}
	if [[ -f $cli/$sel && $sel =~ \.(cmd|in|out|err|status)$ ]]; then
		sel=${sel%.*}
	fi
	if [ -d "$cli/$sel" ]; then
		cases_under "$sel"
	elif [ -e "$cli/$sel.cmd" ]; then
		echo "$sel"
	elif [[ $sel != */* ]] && [ -n "$(cd "$cli" && find . -name "$sel.cmd" -print -quit)" ]; then
		(cd "$cli" && find . -name "$sel.cmd") | sed 's#^\./##; s#\.cmd$##'
	else
		die "no case or folder '$1' under $cli"
	fi
}

# In this shell, not a pipeline's, so that die() ends the script.
: > "$tmp/ids"
for sel in "${selectors[@]}"; do
	select_cases "$sel" >> "$tmp/ids"
done
mapfile -t ids < <(sort -u "$tmp/ids")
[ ${#ids[@]} -gt 0 ] || die "no cases selected"
for id in "${ids[@]}"; do
	[ -e "$cli/$id.cmd" ] || die "$cli/$id.cmd is missing: a stray case file"
done

# Writes $2 to the case file $1 when its content differs, or when it is
# absent and --create was given; prints what it did.
update() {
	local file=$1 new=$2 rel=${1#"$root"/}
	if [ -e "$file" ]; then
		if ! cmp -s "$new" "$file"; then
			cat "$new" > "$file"
			echo "changed $rel"
			changed=$((changed + 1))
		fi
	elif [ $create = 1 ]; then
		cat "$new" > "$file"
		echo "created $rel"
		changed=$((changed + 1))
	elif [[ $file == *.status ]]; then
		echo "regen-golden: $rel is missing (the test requires it; --create writes it)" >&2
	fi
}

changed=0
for id in "${ids[@]}"; do
	prog=${id%%/*}
	case $prog in
	dlx) bin=$DLX_BIN ;;
	dlx-sudoku) bin=$DLX_SUDOKU_BIN ;;
	*) die "$id: no program named '$prog'" ;;
	esac
	base=$cli/$id
	# @DATA@ is the case's folder below the program's real path, as test-cli.c builds it.
	folder=$(dirname "$id")
	data=$(cd "$cli/$prog" && pwd -P)${folder#"$prog"}

	# The first line of .cmd up to any CR, split on blanks and tabs.
	line=
	IFS= read -r line < "$base.cmd" || true
	line=${line%%$'\r'*}
	words=()
	IFS=$' \t' read -r -a words <<< "$line" || true
	args=()
	for w in ${words[@]+"${words[@]}"}; do
		w=${w//@DATA@/"$data"}
		w=${w//@TOPDATA@/"$DLX_DATA"}
		args+=("$w")
	done
	stdin=/dev/null
	[ ! -e "$base.in" ] || stdin=$base.in

	status=0
	(cd "$build" && exec "$bin" ${args[@]+"${args[@]}"}) < "$stdin" > "$tmp/out" 2> "$tmp/err" || status=$?
	printf '%d\n' "$status" > "$tmp/status"
	for ext in out err status; do
		update "$base.$ext" "$tmp/$ext"
	done
done

if [ $changed = 0 ]; then
	echo "regen-golden: ran ${#ids[@]} cases, no file changed"
else
	echo "regen-golden: ran ${#ids[@]} cases, files changed: $changed; review them with git diff -- tests/data/cli"
fi
