#!/usr/bin/env bash
# The browser page's test: builds the page (web/, -Dweb=true with the
# emscripten cross file) and runs tests/test-web.py, which drives Debian's
# headless chromium through Selenium and compares the page's answers with
# the programs'.
#
#   tools/test-web.sh [--build DIR] [--web-build DIR] [--data DIR] [--screenshot PNG]
#
#   --build DIR       a native build with dlx and dlx-sudoku (default: build; made if missing)
#   --web-build DIR   the WebAssembly build (default: build-web; set up if missing)
#   --data DIR        the shared puzzle collections (default: ../shared/data; their
#                     checks are skipped where it is missing)
#   --screenshot PNG  also keep the page's screenshot there (README's web/screenshot.png)
#
# Exit status: 0 passed, 1 failed, 77 skipped (no emcc, chromium,
# chromedriver or python3-selenium: apt-get install emscripten chromium
# chromium-driver python3-selenium).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build web_build=build-web data=../shared/data screenshot=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--web-build) web_build=$2; shift 2 ;;
	--data) data=$2; shift 2 ;;
	--screenshot) screenshot=$2; shift 2 ;;
	*) echo "test-web.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
done

# Debian's own Python, where python3-selenium is (not another python3 on PATH).
py=/usr/bin/python3
for tool in emcc chromium chromedriver; do
	if ! command -v "$tool" >/dev/null; then
		echo "test-web.sh: skipped: no $tool" >&2
		exit 77
	fi
done
if ! "$py" -c 'import selenium' 2>/dev/null; then
	echo "test-web.sh: skipped: no python3-selenium for $py" >&2
	exit 77
fi
# emcc runs its JavaScript tools with the first node on PATH; one that is
# not Debian's finds Debian's modules (acorn and the like) here.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

if [ ! -x "$build/src/cli/dlx-sudoku" ]; then
	[ -d "$build" ] || meson setup "$build" >/dev/null
	ninja -C "$build" -j2 src/cli/dlx src/cli/dlx-sudoku >/dev/null
fi
if [ ! -f "$web_build/build.ninja" ]; then
	meson setup "$web_build" --cross-file web/emscripten-cross.ini -Dweb=true >/dev/null
fi
ninja -C "$web_build" -j2 >/dev/null

exec "$py" tests/test-web.py --page "$web_build/web/dlx.html" --cli "$build/src/cli" --data "$data" \
	${screenshot:+--screenshot "$screenshot"}
