#!/usr/bin/env bash
# version_test.sh QUIVER SOURCE-DIR PROJECT-VERSION - the version a build says it is (`quiver
# --version`; the build-info metric says the same, tests/server/test_metrics.c), written by
# cmake/build_version.cmake at every build:
# - built from a git clone: git describe's name, or without tags the project's version with
#   the count of commits and the commit (0.1.0-1550-gabc1234), never the project's version
#   alone (before: 0.1.0 for every build);
# - from a tarball git archive made (no .git): the project's version and the archive's commit;
# - from a copy of the files alone: the project's version; and such a tree configures and
#   writes its version without git.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$2 BASE=$3
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
said=$("$Q" --version) || fail "quiver --version failed"
case $said in "quiver "*) ;; *) fail "quiver --version said '$said'" ;; esac
v=${said#quiver }
if command -v git >/dev/null && git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
	[ "$v" != "$BASE" ] || fail "a build from a git clone says only $BASE"
	echo "$v" | grep -Eq -- '-g[0-9a-f]{7,}(-dirty)?$' ||
		fail "a build from a git clone says '$v', not git describe's form"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# a tarball of the last commit, as git archive makes it (no .git)
	git -C "$SRC" archive --format=tar HEAD | tar -x -C "$tmp"
	[ ! -d "$tmp/.git" ] || fail "git archive made a .git"
	cmake -DSRC="$tmp" -DOUT="$tmp/v.c" -DBASE="$BASE" -P "$SRC/cmake/build_version.cmake" ||
		fail "build_version.cmake failed on a tarball"
	head=$(git -C "$SRC" rev-parse --short HEAD)
	described=$(git -C "$SRC" describe --tags HEAD 2>/dev/null || true)
	want=${described#v}
	[ -n "$want" ] || want="$BASE-g$head"
	grep -q "qv__build_version\[\] = \"$want\";" "$tmp/v.c" ||
		fail "a tarball's version: $(tail -1 "$tmp/v.c"), expected $want"
	# a copy of the files alone: the project's version, configured without git
	rm "$tmp/cmake/tarball_version.txt" "$tmp/v.c"
	cmake -S "$tmp" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release >"$tmp/cfg.log" 2>&1 ||
		fail "a copy without .git does not configure: $(tail -5 "$tmp/cfg.log")"
	cmake --build "$tmp/build" --target build_version >"$tmp/build.log" 2>&1 ||
		fail "a copy without .git does not build its version: $(tail -5 "$tmp/build.log")"
	grep -q "qv__build_version\[\] = \"$BASE\";" "$tmp/build/generated/build_version.c" ||
		fail "a copy's version: $(tail -1 "$tmp/build/generated/build_version.c")"
else
	echo "no git clone at $SRC: only the version's form checked"
	echo "$v" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+' || fail "quiver --version said '$said'"
fi
echo "ok: quiver --version says $v"
