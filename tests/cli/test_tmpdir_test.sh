#!/usr/bin/env bash
# test_tmpdir_test.sh - scripts/with-test-tmpdir.sh (ctest style/test-tmpdir): the command runs
# with TMPDIR a folder of its own, removed after a run that passed; after a run that failed,
# the files its tests left there are copied to the caller's TMPDIR and the copy named (CI's
# clean clone of 149ceec lost the logs `cluster/failover` said it kept: the folder was removed).
# Usage: test_tmpdir_test.sh SOURCE_DIR
set -uo pipefail
wrap=$1/scripts/with-test-tmpdir.sh
# the wrapper as a fresh run calls it, not nested in this run's own (make test's)
unset QV_TEST_TMPDIR_OWNED QV_TEST_TMPDIR
disk=$(mktemp -d)
trap 'rm -rf "$disk"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
# a run that passes: its folder is gone, nothing kept
inner=$(TMPDIR=$disk sh "$wrap" sh -c 'echo log >"$TMPDIR/left"; echo "$TMPDIR"') ||
	fail "a passing command's status was not 0"
if [ "$inner" = "$disk" ]; then
	echo "skipped: /dev/shm is no tmpfs with 4 GiB free here, so the wrapper keeps TMPDIR"
	exit 77
fi
[ ! -e "$inner" ] || fail "the folder of a passing run is still there: $inner"
[ -z "$(ls -A "$disk")" ] || fail "a passing run kept files: $(ls "$disk")"
# a run that fails: its status, and its files copied and named
TMPDIR=$disk sh "$wrap" sh -c 'mkdir "$TMPDIR/p1"; echo "the log" >"$TMPDIR/p1/stderr.log"; exit 3' \
	2>"$disk.err"
rc=$?
err=$(cat "$disk.err")
rm -f "$disk.err"
[ "$rc" = 3 ] || fail "a failing command's status became $rc"
kept=$(ls -d "$disk"/qvt-kept.* 2>/dev/null)
[ -n "$kept" ] || fail "nothing kept after a failed run; said: $err"
[ "$(cat "$kept/p1/stderr.log")" = "the log" ] || fail "the kept log differs"
case $err in
*"kept in $kept"*) ;;
*) fail "the kept folder is not named: $err" ;;
esac
echo "ok: a passing run's folder removed, a failed run's files kept in the caller's TMPDIR"
