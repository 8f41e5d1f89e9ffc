#!/usr/bin/env bash
# cli_test.sh QUIVER - drives the quiver binary through its subcommands with scripted input and
# checks exit codes, messages and saved files. Runs in a fresh temporary directory.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
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

# ---- help, version, usage errors ----
expect_rc 0 "$Q" --version
contains out.txt "quiver 0."
expect_rc 0 "$Q" --help
contains out.txt "usage: quiver"
for cmd in play engine replay perft bench rules; do
	expect_rc 0 "$Q" "$cmd" --help
	contains out.txt "usage: quiver $cmd"
done
expect_rc 2 "$Q"
expect_rc 2 "$Q" bogus
contains err.txt "unknown command 'bogus'"
expect_rc 2 "$Q" play three-arrows --bogus
contains err.txt "unknown option '--bogus'"
contains err.txt "--players LIST"
expect_rc 2 "$Q" play no-such-game
contains err.txt "three-arrows"
expect_rc 2 "$Q" play three-arrows --players human,nobody
contains err.txt "unknown agent 'nobody'"
contains err.txt "greedy"
expect_rc 2 "$Q" play three-arrows --players human,greedy:depth=2
contains err.txt "depth"
expect_rc 2 "$Q" play three-arrows --seed soon
contains err.txt "--seed"
expect_rc 2 "$Q" play three-arrows --param size=9
contains err.txt "size"
expect_rc 2 "$Q" perft three-arrows 0
expect_rc 2 "$Q" bench three-arrows --runs many
expect_rc 2 "$Q" replay
expect_rc 2 "$Q" rules no-such-game

# ---- rules ----
expect_rc 0 "$Q" rules
contains out.txt "three-arrows"
expect_rc 0 "$Q" rules three-arrows
contains out.txt "THREE ARROWS"
contains out.txt "players"
contains out.txt "default"

# ---- play: a mistyped action is explained, quit saves ----
printf 'plac Y c1 N\nlegal\nplace Y c1 N\nundo\nquit\n' |
	"$Q" play three-arrows --players human,random --seed 3 --record game.json >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "play exited $rc: $(cat err.txt)"
contains out.txt "'plac Y c1 N' was not played"
contains out.txt "Nearest legal action"
contains out.txt "  place Y c1 N"
contains out.txt "legal actions"
contains out.txt "p2 (random): "
contains out.txt "Not undone"
contains out.txt "Game saved to game.json"
contains out.txt "quiver play --load game.json"
[ -s game.json ] || fail "game.json was not saved"
contains game.json '"place Y c1 N"'

# ---- end of input quits and saves too; the default record goes to records/ ----
expect_rc 0 "$Q" play three-arrows --seed 7
contains out.txt "Game saved to records/three-arrows-"
ls records/three-arrows-*-7.json >/dev/null 2>&1 || fail "no record in records/"

# ---- resume ----
printf 'quit\n' | "$Q" play --load game.json --seed 1 >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "play --load exited $rc: $(cat err.txt)"
contains out.txt "Resumed game.json after"
contains out.txt "p1 human (you), p2 random"

# ---- hot-seat: the keyboard is passed, hidden pieces stay hidden ----
printf '\nplace Y c1 N covered\n\nquit\n' |
	"$Q" play three-arrows --players human,human --seed 4 --record hot.json --no-color >out.txt 2>err.txt
contains out.txt "Pass the keyboard to p1 and press Enter"
contains out.txt "Pass the keyboard to p2 and press Enter"
contains out.txt "p1 (human): place ? c1 ? covered"

# ---- a die roll is public even when every outcome ends alike: attack 2 against defence 0
# captures whatever the die says, and the roll is still announced ----
cat >capture.json <<'JSON'
{"game": "three-arrows", "params": {"players": 2}, "seed": 1, "state": {"board": [
  {"sq": "c1", "owner": "p1", "piece": "D", "facing": "N"},
  {"sq": "e1", "owner": "p1", "piece": "X", "facing": "N"},
  {"sq": "c2", "owner": "p2", "piece": "A", "facing": "N"},
  {"sq": "c6", "owner": "p2", "piece": "T", "facing": "S"}],
 "players": [{"home": "S"}, {"home": "N"}], "turn": "p1", "phase": "start", "turns": 4}}
JSON
printf 'attack c1 c2\nstay\nquit\n' |
	"$Q" play --load capture.json --players human,greedy --seed 2 --record cap.json >out.txt 2>err.txt
contains out.txt "chance: die "
grep -qF "chance: die ?" out.txt && fail "the die roll was hidden: $(grep chance out.txt)"

# ---- a whole game between agents, then its replay ----
expect_rc 0 "$Q" play three-arrows --players greedy,random --seed 5 --record auto.json --no-color
contains out.txt "Game over."
contains out.txt "rank  player"
contains out.txt "Record saved to auto.json"
expect_rc 0 "$Q" replay auto.json
contains out.txt "   1. p1 (greedy): "
contains out.txt "Result:"
expect_rc 0 "$Q" replay auto.json --view p2 --boards
contains out.txt "Seen by p2."
expect_rc 0 "$Q" replay game.json
contains out.txt "   1. p1 (human): place Y c1 N"
contains out.txt "The game is not over"

# ---- replay errors: missing, broken, truncated ----
expect_rc 1 "$Q" replay missing.json
contains err.txt "missing.json"
echo 'not json' >broken.json
expect_rc 1 "$Q" replay broken.json
head -c 60 auto.json >truncated.json
expect_rc 1 "$Q" replay truncated.json
expect_rc 2 "$Q" replay auto.json --view p9

# ---- perft, bench, engine ----
expect_rc 0 "$Q" perft three-arrows 2
contains out.txt "depth  count"
contains out.txt "nodes/s"
# By hand: p1 has 16 non-corner edge squares x 84 placements (A T Y D R: 4 facings, X: 1;
# plain, covered, shielded, both); p2 then has the 12 squares of the three other sides.
contains out.txt "1      1344"
contains out.txt "2      1354752"
# Tactical: no covers, so 42 placements per square.
expect_rc 0 "$Q" perft three-arrows 2 --param mode=tactical
contains out.txt "1      672"
contains out.txt "2      338688"
expect_rc 0 "$Q" perft three-arrows 1 --divide --param size=7
contains out.txt "place Y b1 N: 1"
expect_rc 0 "$Q" bench three-arrows --seconds 0.05 --runs 2
contains out.txt "median:"
contains out.txt "machine:"
contains out.txt "command: "
expect_rc 0 "$Q" bench three-arrows --seconds 0.05 --runs 1 --json
contains out.txt '"playouts_per_second"'
printf 'name\nquit\n' | "$Q" engine --seed 1 >out.txt 2>err.txt || fail "engine failed"
contains out.txt "="

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all cli checks passed"
