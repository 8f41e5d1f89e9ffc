# check_lib.sh - what the scripted tests of the quiver command share (cli_test.sh,
# variant_test.sh): a fresh temporary directory to run in, and checks that count failures
# rather than stop at the first. Sourced after Q (the binary) is set; the script ends with
# `finish NAME`.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_rc WANT CMD...: runs CMD (stdin from /dev/null unless redirected by the caller),
# keeping stdout in out.txt and stderr in err.txt, and checks the exit status.
expect_rc() {
	local want=$1
	shift
	"$@" >out.txt 2>err.txt </dev/null
	local rc=$?
	[ "$rc" -eq "$want" ] || fail "'$*' exited $rc, expected $want; stderr: $(head -c 400 err.txt)"
}

# contains FILE TEXT: FILE has the fixed string TEXT.
contains() {
	grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(head -c 600 "$1")"
}

# finish NAME: the exit status and last line of a script: 1 and the count of failed checks, or
# 0 and "NAME: all passed".
finish() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "$1: all passed"
}
