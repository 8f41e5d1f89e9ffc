#!/usr/bin/env bash
# newcomer_test.sh QUIVER MAKEFILE - a newcomer's first game in a real terminal of 80x24 (tmux),
# as `make run` starts it: against the level beginner (`make run` asks for it, and the seats
# line says so), with a pointer to `quiver learn` and, in THREE ARROWS, the key to the pieces'
# codes (A3 T3 X3 ...) on the same screen as the first board and the prompt; `legal` at the
# opening (1,344 actions) fits the screen with the prompt under it and wraps no line, counting
# the actions by piece ("place A (256)"), and `legal place A` lists those of one piece, on one
# screen too; `legal all` still lists every action. Every game's first screen says where to
# learn it.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
MAKEFILE=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
cd "$WORK" || exit 1
# shellcheck source=tests/cli/tmux_lib.sh
. "$HERE/tmux_lib.sh"
trap 'tmux_stop; rm -rf "$WORK" 2>/dev/null || { sleep 0.5; rm -rf "$WORK"; }' EXIT
command -v tmux >/dev/null || {
	echo "tmux is missing (scripts/install-deps.sh installs it)"
	exit 1
}
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# `make run` plays against beginner: the command it runs, as make prints it.
run_cmd=$(make -n -C "$(dirname "$MAKEFILE")" run BUILD=build 2>/dev/null | grep 'quiver play')
case "$run_cmd" in
*"--level beginner"*) ;;
*) fail "make run does not start against beginner: '$run_cmd'" ;;
esac

# The first screen, as make run shows it (the same command).
tmux_start 80 24 "$Q" play three-arrows --level beginner --seed 4 --record rec.json
[ "$(wait_prompt)" = "prompt p1" ] || fail "no first prompt: $(screen | tail -4)"
screen >first.txt
history | grep -qF "p2 beginner" || fail "the seats line does not say beginner: $(history | head -3)"
grep -qF "quiver learn three-arrows" first.txt || fail "no pointer to quiver learn on the first screen"
# the key to the codes, every kind of piece, on the screen with the board and the prompt
for code in "A Angle" "T Tee" "X Cross" "Y Y" "D Double" "R Triple" "Z Terminator"; do
	grep -qF "$code" first.txt || fail "the first screen does not explain '$code': $(cat first.txt)"
done
grep -qE "A3 T3 X3" first.txt || fail "the holder's codes are not on the first screen with their key"
[ "$(last_line)" = "p1>" ] || fail "the prompt is not the last line of the first screen"

# `legal` at the opening: on one screen with the prompt, no line wrapped, by piece.
type_line legal
[ "$(wait_prompt)" = "prompt p1" ] || fail "legal: no prompt after it: $(screen | tail -4)"
screen >legal.txt
grep -qxF "p1> legal" legal.txt || fail "legal: its answer did not fit the screen with the prompt: $(cat legal.txt)"
history >shown.txt
joined >whole.txt
[ "$(wc -l <shown.txt)" -eq "$(wc -l <whole.txt)" ] ||
	fail "legal: a line wrapped at 80 columns: $(grep -vxF -f shown.txt whole.txt | head -2)"
grep -qF "1344 legal actions" legal.txt || fail "legal: does not count the actions: $(cat legal.txt)"
grep -qE "place A \(256\)" legal.txt || fail "legal: not counted by piece: $(cat legal.txt)"
grep -qF "legal place A" legal.txt || fail "legal: does not say how to list one piece's"

# `legal place A`: one piece's placements, on one screen too.
type_line "legal place A"
[ "$(wait_prompt)" = "prompt p1" ] || fail "legal place A: no prompt after it: $(screen | tail -4)"
screen >one.txt
grep -qxF "p1> legal place A" one.txt || fail "legal place A: did not fit the screen: $(cat one.txt)"
grep -qF "256 legal actions" one.txt || fail "legal place A: not the 256 placements of A: $(cat one.txt)"
if sed -n '/^p1> legal place A$/,$p' one.txt | grep -E '^  [^ ]' | grep -qvE '^  place A '; then
	fail "legal place A: lists another piece's: $(cat one.txt)"
fi

# `legal all`: every action, whatever the screen (its lines counted in the whole history).
type_line "legal all"
[ "$(wait_prompt)" = "prompt p1" ] || fail "legal all: no prompt after it: $(screen | tail -4)"
# (at the opening every action is a placement with a note: one a line)
n=$(joined | sed -n '/^p1> legal all$/,$p' | grep -cE '^  place ')
[ "$n" -eq 1344 ] || fail "legal all: $n actions listed, 1344 expected"
type_line quit
[ "$(wait_prompt)" = exit ] || fail "quit did not end the game: $(screen | tail -3)"

# Every game's first screen says where to learn it.
for game in concardia evons arrow-party; do
	players=human,beginner
	[ "$game" = arrow-party ] && players=human,beginner,beginner
	printf 'quit\n' | "$Q" play "$game" --players "$players" --seed 1 --no-color --record g.json \
		>out.txt 2>&1
	grep -qF "quiver learn $game" out.txt || fail "$game: no pointer to quiver learn: $(head -8 out.txt)"
done

# --level: a bad level, and with --players, are refused in words.
"$Q" play three-arrows --level grandmaster >out.txt 2>&1
[ $? -eq 2 ] && grep -qF "expected beginner, easy, medium or hard" out.txt ||
	fail "--level grandmaster: $(cat out.txt)"
"$Q" play three-arrows --level easy --players human,hard >out.txt 2>&1
[ $? -eq 2 ] && grep -qF -- "--level sets the other seats of a new game" out.txt ||
	fail "--level with --players: $(cat out.txt)"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all newcomer checks passed"
