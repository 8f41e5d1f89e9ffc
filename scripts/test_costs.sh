#!/usr/bin/env bash
# test_costs.sh - keeps tests/costs/release.txt and tests/costs/sanitize.txt (the times a fresh
# build's ctest starts from, longest first: tests/CMakeLists.txt) current and complete.
#
# Usage: scripts/test_costs.sh BUILD           refresh from BUILD's measured times, then check
#        scripts/test_costs.sh --check BUILD   check only (the ctest style/test-costs)
# BUILD is a build folder; its file is costs/sanitize.txt when it was configured with
# QV_SANITIZE=ON, else costs/release.txt.
#
# Refresh: every test that BUILD's ctest has timed (its Testing/Temporary/CTestCostData.txt,
# which ctest keeps up to date after each run, starting from the copied file) gets that line;
# the others keep theirs. So a whole `make test` (or `make test-asan`) followed by this script
# brings the file up to the last run, and a run of a few new tests adds them.
# Check: every test of BUILD (ctest -N) has a line and every line names a test of BUILD;
# otherwise it names them and exits 1. In a sanitizer build the tests `make test-asan` never
# runs (the Makefile's ASAN_SKIP: the cluster's servers) need no line and may have none.
set -euo pipefail
export LC_ALL=C
check_only=0
if [ "${1:-}" = --check ]; then
	check_only=1
	shift
fi
build=${1:?usage: scripts/test_costs.sh [--check] BUILD}
cd "$(dirname "$0")/.."
[ -f "$build/CMakeCache.txt" ] || {
	echo "test_costs.sh: $build is not a configured build folder" >&2
	exit 2
}
kind=release
grep -q '^QV_SANITIZE:BOOL=ON$' "$build/CMakeCache.txt" && kind=sanitize
file=tests/costs/$kind.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The tests of BUILD, listed by a ctest -N in a copy of its CTestTestfile.cmake files: even -N
# writes Testing/Temporary/LastTest.log where it runs, and in BUILD it would take the place of
# the log of the run this check is a test of (style/test-costs).
(cd "$build" && find . -name CTestTestfile.cmake) | while read -r f; do
	mkdir -p "$tmp/list/$(dirname "$f")"
	cp "$build/$f" "$tmp/list/$f"
done
ctest --test-dir "$tmp/list" -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort >"$tmp/tests"
if [ "$kind" = sanitize ]; then
	skip=$(sed -n 's/^ASAN_SKIP *:= *//p' Makefile | sed 's/\$\$/$/g')
	[ -n "$skip" ] || {
		echo "test_costs.sh: the Makefile has no ASAN_SKIP line" >&2
		exit 2
	}
	grep -vE -- "$skip" "$tmp/tests" >"$tmp/run" || :
	mv "$tmp/run" "$tmp/tests"
fi
if [ "$check_only" = 0 ]; then
	data=$build/Testing/Temporary/CTestCostData.txt
	[ -f "$data" ] || {
		echo "test_costs.sh: $build has no $data: run its tests first" >&2
		exit 2
	}
	# The measured lines (before ctest's "---", which lists the last failures), then the file's
	# for tests not measured; only tests the build has, in name order.
	sed '/^---$/,$d' "$data" >"$tmp/measured"
	awk 'NR == FNR { have[$1] = 1; next } !($1 in have)' "$tmp/measured" "$file" |
		cat "$tmp/measured" - |
		awk 'NR == FNR { want[$1] = 1; next } ($1 in want) && !seen[$1]++' "$tmp/tests" - |
		sort -k1,1 >"$tmp/new"
	cp "$tmp/new" "$file"
fi
awk '{ print $1 }' "$file" | sort >"$tmp/listed"
missing=$(comm -23 "$tmp/tests" "$tmp/listed")
stale=$(comm -13 "$tmp/tests" "$tmp/listed")
[ -z "$missing" ] && [ -z "$stale" ] && exit 0
[ -n "$missing" ] && printf '%s: no time for these tests (run them, then scripts/test_costs.sh %s):\n%s\n' \
	"$file" "$build" "$missing" >&2
[ -n "$stale" ] && printf '%s: lines for tests %s does not have:\n%s\n' "$file" "$build" "$stale" >&2
exit 1
