#!/usr/bin/env bash
# test_cpu.sh - the processor time each test of a ctest run takes, beside its time by the clock
# (docs/testing.md, "The time of make test"). On a busy machine a test's time by the clock says
# little: a test that waits on timers, pages or other processes takes longer when the machine is
# loaded without costing it more, and one that computes costs the same processor time
# whatever the load. Each test runs in a control group of its own (the kernel's cpuacct, or
# cgroup v2's cpu.stat), which counts every process the test starts, the browser's and the
# servers' included, even those no parent waits for (`time` misses them: it counted half of a
# browser test's). Needs root, and cgroups the machine lets it make.
#
#   bench/test_cpu.sh BUILD [CTEST-ARGUMENTS...]   e.g. bench/test_cpu.sh build -j4 -R '^browser/'
#
# It rewrites BUILD's CTestTestfile.cmake files for the run (each test's command behind this
# script) and puts them back after, runs `ctest CTEST-ARGUMENTS` in BUILD (its exit status is
# this script's), and prints: the run's processor time and how much of the machine stood idle
# (from /proc/stat), then the tests by processor time, then the ones that wait most (the clock's
# time over the processor's). Environment: TOP=N rows of each table (20), TEST_CPU_LOG=FILE
# keeps the figures (`NAME CPU-S WALL-S STATUS`, one line a test).
#
#   bench/test_cpu.sh --tables LOG   the two tables of a kept TEST_CPU_LOG again (any TOP)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# The cgroup folder under which a test's group is made, and the file that counts its time.
cgroup_root()
{
	if [ -w /sys/fs/cgroup/cpuacct ] && [ -e /sys/fs/cgroup/cpuacct/cpuacct.usage ]; then
		echo /sys/fs/cgroup/cpuacct
	elif [ -e /sys/fs/cgroup/cgroup.controllers ] && [ -w /sys/fs/cgroup ]; then
		echo /sys/fs/cgroup
	elif [ -e /sys/fs/cgroup/unified/cgroup.controllers ] && [ -w /sys/fs/cgroup/unified ]; then
		echo /sys/fs/cgroup/unified
	else
		return 1
	fi
}

# A group's processor time so far, in seconds.
cgroup_seconds()
{
	if [ -e "$1/cpuacct.usage" ]; then
		awk '{ printf "%.2f", $1 / 1e9 }' "$1/cpuacct.usage"
	else
		awk '$1 == "usage_usec" { printf "%.2f", $2 / 1e6 }' "$1/cpu.stat"
	fi
}

# The tables of a log: the tests by processor time, then the ones that wait most. awk takes the
# first TOP rows, not head: head ends before sort has written a long log's rows, and sort's
# SIGPIPE, under pipefail, made this script's status 141 after a run whose tests all passed.
tables()
{
	local top=${TOP:-20}
	printf '\n| test | processor s | clock s |\n| --- | --- | --- |\n'
	sort -k2 -g -r "$1" | awk -v top="$top" 'NR <= top { printf "| %s | %.1f | %.1f |\n", $1, $2, $3 }'
	printf '\nThe tests that wait most (clock s over processor s, at least 10 s by the clock):\n'
	printf '| test | clock s | processor s | ratio |\n| --- | --- | --- | --- |\n'
	awk '$3 >= 10 { printf "%s %.1f %.1f %.1f\n", $1, $3, $2, $3 / ($2 > 0.1 ? $2 : 0.1) }' "$1" |
		sort -k4 -g -r | awk -v top="$top" 'NR <= top { printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
}

if [ "${1:-}" = --tables ]; then
	[ $# -eq 2 ] && [ -f "$2" ] || {
		echo "usage: bench/test_cpu.sh --tables LOG   (LOG: a TEST_CPU_LOG of an earlier run)" >&2
		exit 2
	}
	tables "$2"
	exit 0
fi

# --run NAME LOG ROOT COMMAND...: one test, in a group of its own under ROOT.
if [ "${1:-}" = --run ]; then
	name=$2 log=$3 root=$4
	shift 4
	group=$root/$(printf %s "$name" | tr -c 'A-Za-z0-9._-' _)
	mkdir -p "$group"
	echo $$ >"$group/cgroup.procs"
	start=$(date +%s.%N)
	set +e
	"$@"
	status=$?
	set -e
	end=$(date +%s.%N)
	printf '%s %s %s %d\n' "$name" "$(cgroup_seconds "$group")" \
	       "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')" "$status" >>"$log"
	echo $$ >"$root/cgroup.procs"
	rmdir "$group" 2>/dev/null || true # a process the test left running keeps it
	exit "$status"
fi

if [ $# -lt 1 ] || [ ! -f "$1/CTestTestfile.cmake" ]; then
	echo "usage: bench/test_cpu.sh BUILD [CTEST-ARGUMENTS...]   (BUILD: a configured build folder)" >&2
	exit 2
fi
build=$(cd "$1" && pwd)
shift
base=$(cgroup_root) || {
	echo "test_cpu.sh: no control group this user may make (needs root and cgroups: cpuacct or v2)" >&2
	exit 2
}
files=$(cd "$build" && find . -name CTestTestfile.cmake)
if (cd "$build" && grep -l -- '" "--run" "' $files >/dev/null); then
	echo "test_cpu.sh: $build's tests are already behind a run of test_cpu.sh (one at a time a build)" >&2
	exit 2
fi
root=$base/quiver-test-cpu.$$
mkdir "$root"
log=${TEST_CPU_LOG:-$(mktemp)}
: >"$log"
saved=$(mktemp -d)
for f in $files; do
	mkdir -p "$saved/$(dirname "$f")"
	cp "$build/$f" "$saved/$f"
done
restore()
{
	for f in $files; do cp "$saved/$f" "$build/$f"; done
	rm -rf "$saved"
	for g in "$root"/*/; do [ -d "$g" ] && rmdir "$g" 2>/dev/null; done
	rmdir "$root" 2>/dev/null || true
	[ -n "${TEST_CPU_LOG:-}" ] || rm -f "$log"
}
trap restore EXIT
for f in $files; do
	sed -i -E "s|^add_test\(([^ ]+) \"|add_test(\1 \"$here\" \"--run\" \"\1\" \"$log\" \"$root\" \"|" \
	    "$build/$f"
done

# The machine's processor time (all cores, in clock ticks) and its idle part, from /proc/stat.
ticks() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $5 + $6 }' /proc/stat; }
read -r total0 idle0 < <(ticks)
start=$(date +%s)
set +e
(cd "$build" && ctest "$@")
status=$?
set -e
read -r total1 idle1 < <(ticks)
took=$(($(date +%s) - start))
hz=$(getconf CLK_TCK)
awk -v took="$took" -v ticks=$((total1 - total0)) -v idle=$((idle1 - idle0)) -v hz="$hz" \
    -v cores="$(nproc)" '
	{ cpu += $2; wall += $3; n++ }
	END {
		printf "%d tests: %.0f s of processor time, %.0f s of test time by the clock; the run %d s " \
		       "by the clock on %d cores, %.0f%% of them idle (%.0f s of %.0f)\n", n, cpu, wall, \
		       took, cores, ticks ? 100 * idle / ticks : 0, idle / hz, ticks / hz
	}' "$log"
tables "$log"
exit "$status"
