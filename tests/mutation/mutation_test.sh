#!/bin/bash
# The quick check of scripts/mutation.py (ctest mutation/quick, a few seconds; the run itself,
# `make mutation`, is too long for `make test`; docs/testing.md):
# 1. the generator: every mutant of the fixture sample.c is the list sample.expected holds (no
#    mutant in its comment, its string or its #define), and seed 1 draws the same four mutants
#    again;
# 2. one known mutant is killed: check_place's per-kind cover bit read one bit too high (the
#    bug of #43) is compiled against this build's objects into a scenario runner of its own;
#    scenario 29-covers-by-kind must fail with it, and 08-covers, which it does not reach,
#    must still pass.
# usage: mutation_test.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
script=$src/scripts/mutation.py
fail() { echo "mutation_test: $*" >&2; exit 1; }
cd "$src" || fail "no source tree $src"

got=$(python3 "$script" --list tests/mutation/sample.c --n 0) || fail "--list failed"
diff <(echo "$got") tests/mutation/sample.expected || fail "sample.c: the mutants above differ"
drawn=$(python3 "$script" --list tests/mutation/sample.c --n 4 --seed 1) || fail "--list --n 4"
expected="tests/mutation/sample.c:9:8: operator: < -> >
tests/mutation/sample.c:9:6: condition forced: a < b && v[0] != 2 -> 1
tests/mutation/sample.c:9:23: constant: 2 -> 1
tests/mutation/sample.c:9:8: operator: < -> <="
[ "$drawn" = "$expected" ] || fail "seed 1 drew, not the four expected:
$drawn"

file=src/games/three_arrows/legal.c
line=$(grep -n 'if (!(T->coverable >> k & 1))' $file | cut -d: -f1)
[ "$(echo "$line" | wc -w)" = 1 ] || fail "$file: not one line of the cover check: $line"
out=$(python3 "$script" --kill "$build" $file "$line" 1 2 \
	tests/scenarios/three-arrows/29-covers-by-kind.txt tests/scenarios/three-arrows/08-covers.txt)
rc=$?
echo "$out"
[ $rc = 0 ] || fail "the mutant $file:$line (& 1 -> & 2) was not killed"
echo "$out" | grep -q "29-covers-by-kind.txt: fails" || fail "29-covers-by-kind did not fail"
echo "$out" | grep -q "08-covers.txt: passes" || fail "08-covers fails on a mutant it never reaches"
echo "mutation_test: the generator's list and draw as expected; the known mutant killed"
