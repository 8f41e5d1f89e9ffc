#!/usr/bin/env bash
# commit_msg_test.sh HOOK - the commit-msg hook (scripts/git-hooks/commit-msg) on messages that
# follow the house rule and on messages that break it, one way each.
set -u
HOOK=${1:?usage: commit_msg_test.sh HOOK}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failed=0

# accept NAME MESSAGE / refuse NAME WANTED MESSAGE: runs the hook on MESSAGE; refuse also
# requires WANTED in what the hook says.
accept() {
	printf '%s' "$2" >"$WORK/msg"
	if ! sh "$HOOK" "$WORK/msg" 2>"$WORK/err"; then
		echo "FAIL: refused $1: $(cat "$WORK/err")"
		failed=1
	fi
}
refuse() {
	printf '%s' "$3" >"$WORK/msg"
	if sh "$HOOK" "$WORK/msg" 2>"$WORK/err"; then
		echo "FAIL: accepted $1"
		failed=1
	elif ! grep -qF -- "$2" "$WORK/err"; then
		echo "FAIL: $1: the hook did not say '$2': $(cat "$WORK/err")"
		failed=1
	fi
}

s72=$(printf 'docs: %066d' 0)
s73=$(printf 'docs: %067d' 0)
accept "a plain message" $'server: sweep expired tables\n\nA page left open waited.\n'
accept "an area of two parts" $'server, web: cite docs/server.md\n\nThe file was missing.\n'
accept "a path as the area" $'tests/cli/links: fail on a broken link\n\nWhy.\n'
accept "72 characters" "$s72"$'\n\nWhy.\n'
accept "git's comments" $'ai: fewer nodes\n\n# Please enter the commit message\nSaves memory.\n# On branch x\n'
accept "a scissors line" $'ai: fewer nodes\n\nSaves memory.\n# ------------------------ >8 ------------------------\ndiff --git a b\n'
accept "a merge" $'Merge branch \'h/docs\'\n'
accept "a revert" $'Revert "ai: fewer nodes"\n\nThis reverts commit 0123.\n'
refuse "73 characters" "73 characters; at most 72" "$s73"$'\n\nWhy.\n'
refuse "no area" "'area: change'" $'Fix the thing\n\nWhy.\n'
refuse "no space after the colon" "'area: change'" $'docs:fix\n\nWhy.\n'
refuse "an empty change" "'area: change'" $'docs: \n\nWhy.\n'
refuse "no body" "no body" $'docs: fix a link\n'
refuse "a body of comments only" "no body" $'docs: fix a link\n\n# Please enter\n'
refuse "no blank second line" "second line should be blank" $'docs: fix a link\nbecause it was broken\n'
refuse "an empty message" "'area: change'" ''

[ $failed -eq 0 ] && echo "commit-msg: every case as expected"
exit $failed
