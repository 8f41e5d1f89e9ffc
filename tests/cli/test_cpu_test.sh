#!/usr/bin/env bash
# test_cpu_test.sh - bench/test_cpu.sh (ctest style/test-cpu). Its tables took their first rows
# with `head`, which left `sort` a closed pipe under pipefail once a log's rows were more than a
# pipe holds: after a release run whose 528 tests all passed it exited with 141, before its
# second table. Checked here: the tables of a log of 2,000 tests (`--tables`, some 150 KB of
# rows) end with status 0 and both tables of TOP rows; and, where this user may make cgroups
# (root), a run of three tests that pass has status 0, both tables, and the build's test file
# put back, and one whose test fails has that status.
# Usage: test_cpu_test.sh SOURCE_DIR
set -uo pipefail
script=$1/bench/test_cpu.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
# the rows of a table: lines that start with "| " and are no heading or rule
rows() { printf '%s\n' "$1" | grep '^| ' | grep -v -e '^| test |' -e '^| ---'; }

long=$(printf 'a-long-name-%.0s' $(seq 5))
for i in $(seq 1000 2999); do
	printf 'family/%s%s %d.%02d %d.5 0\n' "$long" "$i" $((i % 97)) $((i % 100)) $((i % 89 + 10))
done >"$dir/log"
out=$(TOP=4 bash "$script" --tables "$dir/log")
rc=$?
[ "$rc" = 0 ] || fail "--tables of a 2,000-test log: status $rc"
[ "$(rows "$out" | wc -l)" = 8 ] || fail "--tables: not 4 rows in each table: $out"
case $out in
*"The tests that wait most"*) ;;
*) fail "--tables: no second table: $out" ;;
esac
bash "$script" --tables "$dir/none" 2>/dev/null
[ $? = 2 ] || fail "--tables of a missing log: not the usage's status 2"

# a real run, in cgroups: status, tables and the test file put back
cat >"$dir/CTestTestfile.cmake" <<'CMAKE'
add_test(t/one "/bin/true")
add_test(t/two "/bin/sh" "-c" "exit 0")
add_test(t/three "/bin/true")
CMAKE
cp "$dir/CTestTestfile.cmake" "$dir/before"
out=$(TOP=2 bash "$script" "$dir" -j2 2>&1)
rc=$?
case $out in
*"no control group this user may make"*)
	echo "ok: --tables; the run itself skipped: $out"
	exit 0
	;;
esac
[ "$rc" = 0 ] || fail "a run of three tests that pass: status $rc; said: $out"
printf '%s\n' "$out" | grep -q '^3 tests: ' || fail "no summary line: $out"
[ "$(rows "$out" | grep -c '^| t/')" = 2 ] || fail "not 2 rows in the first table: $out"
case $out in
*"The tests that wait most"*) ;;
*) fail "a run of three tests: no second table: $out" ;;
esac
cmp -s "$dir/before" "$dir/CTestTestfile.cmake" || fail "the build's test file was not put back"
sed -i 's|add_test(t/two "/bin/sh" "-c" "exit 0")|add_test(t/two "/bin/sh" "-c" "exit 3")|' \
	"$dir/CTestTestfile.cmake"
TOP=2 bash "$script" "$dir" -j2 >/dev/null 2>&1
rc=$?
[ "$rc" != 0 ] || fail "a run with a failing test: status 0"
echo "ok: --tables of 2,000 tests, and runs that pass (status 0) and fail (status $rc)"
