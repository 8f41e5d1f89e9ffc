#!/usr/bin/env bash
# test_costs_check.sh - the ctest style/test-costs: scripts/test_costs.sh --check BUILD (the cost
# files name every test of BUILD and no other), and the check leaves BUILD's Testing/ folder as it
# found it. Its ctest -N once ran in BUILD, where even -N writes Testing/Temporary/LastTest.log:
# it replaced the log of the very run it was a test of, in both builds of `make test`.
# Usage: test_costs_check.sh SOURCE_DIR BUILD
set -euo pipefail
src=$1 build=$2
files() { find "$build/Testing" -type f -printf '%i %p\n' 2>/dev/null | sort; }
before=$(files)
bash "$src/scripts/test_costs.sh" --check "$build"
after=$(files)
if [ "$before" != "$after" ]; then
	echo "test_costs.sh --check changed $build/Testing (the running ctest's log):" >&2
	diff <(echo "$before") <(echo "$after") >&2 || :
	exit 1
fi
