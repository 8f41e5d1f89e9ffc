#!/bin/sh
# scripts/with-test-tmpdir.sh - runs a command (a test run) with TMPDIR set to a folder of its
# own on a memory file system, and removes the folder after.
#
# Why: the tests make thousands of small SQLite databases, journals, PostgreSQL clusters and
# browser profiles. On a disk, one test's fsync waits for every other running test's writes, so
# under `ctest -j` a test that is 22 s of processor time alone (faults/table) took 700 s. On
# /dev/shm nothing waits for the disk; what the tests check (a server killed and restarted, a
# store that refuses) is the same, since the files outlive the processes either way.
#
# Falls back to the caller's TMPDIR (or /tmp) when /dev/shm is not a writable tmpfs with at
# least 4 GiB free, and when QV_TEST_TMPDIR=disk. Nested calls (make test runs make
# test-release) share the outer folder. The C tests take their folders through
# tests/support/tmpdir.h; Node's os.tmpdir(), Python's tempfile, mktemp(1) and
# tests/cluster/pg_run.sh (its clusters, and the one they are copied from) read TMPDIR themselves.
# When the command fails, what is left in the folder (the files a failed test keeps and names
# in its output: a server's logs, a database) is copied to a folder on the caller's TMPDIR,
# whose name is printed: a failed CI run's logs are there to read after it.
# Usage: with-test-tmpdir.sh COMMAND [ARG...]; exits with the command's status.
set -u
if [ $# -eq 0 ]; then
	echo "usage: $0 COMMAND [ARG...]" >&2
	exit 2
fi
if [ -n "${QV_TEST_TMPDIR_OWNED:-}" ] || [ "${QV_TEST_TMPDIR:-}" = disk ]; then
	exec "$@"
fi
tmp=
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
	free_kib=$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')
	if [ "${free_kib:-0}" -ge 4194304 ]; then
		tmp=$(mktemp -d /dev/shm/qvt.XXXXXX) || tmp=
	fi
fi
if [ -z "$tmp" ]; then
	exec "$@"
fi
# As /tmp: tests run some programs as other users (PostgreSQL's, a server as nobody).
chmod 1777 "$tmp"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
disk=${TMPDIR:-/tmp}
TMPDIR=$tmp
QV_TEST_TMPDIR_OWNED=1
export TMPDIR QV_TEST_TMPDIR_OWNED
"$@"
rc=$?
if [ "$rc" -ne 0 ] && [ -n "$(ls -A "$tmp")" ]; then
	kept=$(mktemp -d "$disk/qvt-kept.XXXXXX") && cp -a "$tmp/." "$kept" &&
		echo "with-test-tmpdir: the run failed; the files its tests left under $tmp are kept in $kept" >&2
fi
exit "$rc"
