#!/usr/bin/env bash
# cli_test.sh QUIVER - drives the quiver binary through its subcommands with scripted input and
# checks exit codes, messages and saved files. Runs in a fresh temporary directory.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
DOCS=$(cd "$(dirname "$0")/../../docs/rules" && pwd) # the rules pages quiver embeds
. "$(dirname "$0")/check_lib.sh"

# ---- help, version, usage errors ----
expect_rc 0 "$Q" --version
contains out.txt "quiver 0."
expect_rc 0 "$Q" --help
contains out.txt "usage: quiver"
for cmd in play engine replay perft arena bench rules; do
	expect_rc 0 "$Q" "$cmd" --help
	contains out.txt "usage: quiver $cmd"
done
# the levels' strength in every game (bench/ladder.py's figures in the descriptors): a row per
# game, a figure for every level (or "?" where too few games were played to settle it)
expect_rc 0 "$Q" play --help
contains out.txt "The levels' strength, Elo against beginner"
contains out.txt "    random  beginner    greedy      easy    medium      hard"
for g in three-arrows concardia evons arrow-party; do
	grep -qE "^  $g +-[0-9]+ +0( +([-+][0-9]+|\?)){4}$" out.txt || fail "play --help: no whole row for $g"
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
grep -qE "^  evons +Evons +2 players$" out.txt || fail "rules: no 'evons Evons 2 players' line"
grep -qE "^  arrow-party +Arrow Party +3-5 players$" out.txt || fail "rules: no arrow-party line"
expect_rc 0 "$Q" rules three-arrows
contains out.txt "THREE ARROWS"
contains out.txt "players"
contains out.txt "default"
# The levels in words, from the real budgets, each with its search spec on a second line.
grep -qE "^  hard +the strongest: thinks up to 1.6 s a move on 2 cores" out.txt ||
	fail "rules: hard is not described in words: $(grep -A1 '^  hard' out.txt)"
grep -qE "^ +search: ismcts:iterations=30000,threads=2,time=1.6$" out.txt || fail "rules: no shared hard level"
grep -qE "^  easy +once the rules are known: answers at once \(100 lines of play a move\)$" out.txt ||
	fail "rules: easy is not described in words: $(grep -A1 '^  easy' out.txt)"
grep -qE "^  beginner +for a first game \(the default opponent\): " out.txt || fail "rules: no beginner level: $(grep -A2 '^  beginner' out.txt)"
grep -qE "^ +greedy with mistakes: mistakes=0.7,wild=0.2$" out.txt || fail "rules: no shared beginner level"
contains out.txt "quiver rules three-arrows --full"
expect_rc 0 "$Q" rules arrow-party
grep -qE "^ +greedy with mistakes: mistakes=1,wild=0.3$" out.txt || fail "rules: no Arrow Party beginner level"
grep -qE "^  easy +once the rules are known: plays a random move about 1 time in 4 on purpose" out.txt ||
	fail "rules: Arrow Party's easy blunders are not said: $(grep -A2 '^  easy' out.txt)"
grep -qE "^ +search: ismcts:iterations=100,blunder=0.25$" out.txt || fail "rules: no Arrow Party easy level"

# ---- rules --full: the complete rules page, embedded at build time, as docs/rules has it
# (without the ``` lines); an unknown game or a missing game is refused naming the form ----
for game in three-arrows concardia evons arrow-party; do
	expect_rc 0 "$Q" rules "$game" --full
	grep -v '^```' "$DOCS/$game.md" >want.txt
	cmp -s want.txt out.txt || fail "rules $game --full differs from docs/rules/$game.md: $(diff want.txt out.txt | head -5)"
	contains out.txt "## Reference"
	grep -q '^```' out.txt && fail "rules $game --full prints the \`\`\` lines"
	[ -s err.txt ] && fail "rules $game --full wrote to stderr: $(head -c 300 err.txt)"
done
expect_rc 0 "$Q" rules --full evons
head -1 out.txt | grep -qx "# Evons" || fail "rules --full evons: the page does not start with its title"
expect_rc 2 "$Q" rules no-such-game --full
contains err.txt "unknown game 'no-such-game'"
contains err.txt "three-arrows, concardia, evons, arrow-party"
[ -s out.txt ] && fail "rules no-such-game --full printed something: $(head -c 200 out.txt)"
expect_rc 2 "$Q" rules --full
contains err.txt "--full needs a game: quiver rules <game> --full"
expect_rc 2 "$Q" rules evons --full=yes
expect_rc 2 "$Q" rules evons concardia --full
contains err.txt "expected quiver rules [<game> [--full]]"

# ---- play: a mistyped action is explained, quit saves ----
printf 'plac Y c1 N\nlegal\nplace Y c1 N\nundo\nplace Y c1 N\nquit\n' |
	"$Q" play three-arrows --players human,random --seed 3 --record game.json >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "play exited $rc: $(cat err.txt)"
contains out.txt "'plac Y c1 N' was not played"
contains out.txt "Nearest legal action"
contains out.txt "  place Y c1 N"
contains out.txt "legal actions"
contains out.txt "p2 (random): "
contains out.txt "Took back your move 'place Y c1 N' and the 1 move after it."
contains out.txt "Game saved to game.json"
contains out.txt "Resume with: $Q play --load game.json"
[ -s game.json ] || fail "game.json was not saved"
contains game.json '"place Y c1 N"'

# ---- play: undo never crosses a reveal: p2's start choice turned both start cards up ----
printf 'start striker-r\nundo\nhelp\nquit\n' |
	"$Q" play concardia --players human,random --seed 3 --record undo.json >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "play exited $rc: $(cat err.txt)"
contains out.txt "Not undone: p2's 'start ?' after your 'start striker-r' showed you something that was hidden, and no undo crosses a reveal."
contains out.txt "take back your last move and the computer's answers, unless a"
contains out.txt "die was rolled or something hidden was shown since"

# ---- play: resign asks first; a two-player game then ends with the other player first, and
# the record keeps who left and why ----
printf 'resign\nn\nresign\nyes\n' |
	"$Q" play three-arrows --players human,random --seed 3 --record resign.json --no-color \
	>out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "play exited $rc: $(cat err.txt)"
contains out.txt "Resign? The other player wins. [y/N]"
contains out.txt "Not resigned."
contains out.txt "p1 resigns."
grep -qE '^  2 +p1 +human +0  \(resigned\)$' out.txt || fail "p1 is not ranked last as resigned: $(cat out.txt | tail -8)"
grep -q '"reason": *"resigned"' resign.json || fail "the record does not say p1 resigned"
expect_rc 0 "$Q" replay resign.json
contains out.txt "resigned"

# ---- end of input quits and saves too; the default record goes to records/, named without
# the seed, which nothing shows before the end of a game with hidden information or dice ----
expect_rc 0 "$Q" play three-arrows --seed 7246813
contains out.txt "Game saved to records/three-arrows-"
ls records/three-arrows-2*.json >/dev/null 2>&1 || fail "no record in records/"
ls records/ | grep -q 7246813 && fail "the seed is in the record's name: $(ls records)"
grep -q 7246813 out.txt err.txt && fail "the seed was shown before the end: $(grep 7246813 out.txt)"
expect_rc 0 "$Q" play three-arrows --seed 7246813
[ "$(ls records | wc -l)" -eq 2 ] || fail "a second game in the same second overwrote the first: $(ls records)"

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

# screens FILE SEAT TEXT: no screen of FILE that was handed to SEAT (between "Pass the
# keyboard to SEAT" and the next hand-over) shows TEXT.
screens_lack() {
	awk -v seat="$2" -v text="$3" '
		/Pass the keyboard to p[0-9]/ { on = index($0, "to " seat " ") > 0 }
		on && index($0, text) { print "line " NR ": " $0; bad = 1 }
		END { exit bad }' "$1" >leak.txt ||
		fail "$1: a screen of $2 shows '$3': $(head -c 300 leak.txt)"
}

# ---- the default opponent is the gentlest level, as the lobby's and make run's ----
printf 'quit\n' | "$Q" play three-arrows --seed 3 --record def.json --no-color >out.txt 2>err.txt
contains out.txt "Seats: p1 human (you), p2 beginner"

# ---- Evons: human against hard, hot-seat, a whole game between agents ----
printf 'legal\nkeep\nquit\n' | "$Q" play evons --level hard --seed 3 --record ev.json --no-color >out.txt 2>err.txt
contains out.txt "Seats: p1 human (you), p2 hard"
contains out.txt "  mulligan cinder-pup reef-guard storm-coil block-fire block-water — 5 back into the deck, 5 new drawn"
contains out.txt "  hand: cinder-pup reef-guard storm-coil block-fire block-water"
contains out.txt "p2 (hard): "
contains out.txt "Game saved to ev.json"
grep -qF "mountain-titan" out.txt && fail "p2's hand card was shown to p1"
printf '\nkeep\n\nkeep\nquit\n' |
	"$Q" play evons --players human,human --seed 3 --record evh.json --no-color >out.txt 2>err.txt
contains out.txt "Pass the keyboard to p2 and press Enter"
contains out.txt "  p1 (human): keep"
contains out.txt "  hand: mountain-titan briar-stag lich-queen sentry block-darkness"
screens_lack out.txt p2 "cinder-pup reef-guard storm-coil"
screens_lack out.txt p1 "mountain-titan briar-stag"
expect_rc 0 "$Q" play evons --players greedy,random --seed 5 --record eva.json --no-color
contains out.txt "Game over."
contains out.txt "rank  player"
expect_rc 0 "$Q" replay eva.json
contains out.txt "Result:"

# ---- Arrow Party: hot-seat with an agent, five seats, a whole game between agents ----
# p1 uses two items and throws 1c; p2 must see only that p1 is ready and has thrown, and the
# random p3's item uses (secret, and so is their number) are not announced before the reveal.
printf '\nuse x2\nuse draw\nready\n\nready\n\nthrow 1c\nquit\n' |
	"$Q" play arrow-party --players human,human,random --seed 3 --record ap.json --no-color \
	>out.txt 2>err.txt
contains out.txt "Pass the keyboard to p2 and press Enter"
contains out.txt "  p1 (human): ready"
contains out.txt "  p1 (human): throw ?"
contains out.txt "    arrows: 1f(N) 2a(N S) 3b(W N E)"
contains out.txt "Game saved to ap.json"
screens_lack out.txt p2 "use x2"
screens_lack out.txt p2 "use draw"
screens_lack out.txt p2 "throw 1c"
screens_lack out.txt p2 "1c(N) 2e(N NE)"
screens_lack out.txt p1 "1f(N) 2a(N S)"
grep -qE "\((human|random)\): use" out.txt && fail "an item use was announced before the reveal"
contains ap.json '"use x2"'
printf 'ready\nlegal\nquit\n' |
	"$Q" play arrow-party --players human,random,greedy,easy,random --seed 2 --no-color \
	--record ap5.json >out.txt 2>err.txt
contains out.txt "Seats: p1 human (you), p2 random, p3 greedy, p4 easy, p5 random"
contains out.txt "  p5 (random): ready"
contains out.txt "legal actions"
contains out.txt "throw "
expect_rc 0 "$Q" play arrow-party --players greedy,random,easy,random,random --seed 5 \
	--record ap5a.json --no-color
contains out.txt "Game over."
contains out.txt "  rank  player  seat    score"
expect_rc 0 "$Q" replay ap5a.json --view p2
contains out.txt "Seen by p2."

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

# ---- a person's forced move is shown with the board before it is played ----
cat >forced.json <<'JSON'
{"game": "three-arrows", "params": {"players": 2, "size": 6}, "state": {"board": [
  {"sq": "c1", "owner": "p1", "piece": "D", "facing": "S", "covered": true},
  {"sq": "c6", "owner": "p2", "piece": "X", "facing": "N"}],
 "players": [{"covers": 2}], "turn": "p2"}}
JSON
printf 'legal\n\nquit\n' | "$Q" play --load forced.json --players human,random --seed 2 \
	--record forced-rec.json --no-color >out.txt 2>err.txt
contains out.txt "Your only move is 'uncover c1'; press Enter to play it."
awk '/Your only move/ { if (!board) bad = 1 } /p1 to move/ { board = 1 } END { exit bad }' out.txt ||
	fail "the forced move was announced before the board: $(head -c 600 out.txt)"
grep -q "^  uncover c1$" out.txt || fail "legal does not list the only move: $(grep -A2 'legal action' out.txt)"
contains forced-rec.json '"uncover c1"'
printf 'place Y c1 N\nquit\n' | "$Q" play --load forced.json --players human,random --seed 2 \
	--record forced-rec2.json --no-color >out.txt 2>err.txt
contains out.txt "Your only move is 'uncover c1': press Enter to play it"

# ---- a whole game between agents, then its replay ----
expect_rc 0 "$Q" play three-arrows --players greedy,random --seed 5 --record auto.json --no-color
contains out.txt "Game over."
contains out.txt "rank  player"
contains out.txt "Record saved to auto.json"
# The seed comes with the result, and only there.
contains out.txt "Seed: 5"
awk '/Game over\./ { over = 1 } /[Ss]eed/ && !over { bad = 1 } END { exit bad }' out.txt ||
	fail "the seed was shown before the end: $(grep -n -i seed out.txt | head -3)"
expect_rc 0 "$Q" replay auto.json
contains out.txt "   1. p1 (greedy): "
contains out.txt "Result:"

# The default seed: 64 random bits (two games without --seed both fitting in 32 bits, or
# equal, has a chance of 2^-64).
for k in 1 2; do
	"$Q" play three-arrows --players random,random --record "rs$k.json" --no-color </dev/null |
		sed -n 's/^Seed: //p' >"seed$k.txt"
done
s1=$(cat seed1.txt) s2=$(cat seed2.txt)
[ -n "$s1" ] && [ "$s1" != "$s2" ] || fail "default seeds '$s1' and '$s2'"
[ "${#s1}" -gt 10 ] || [ "${#s2}" -gt 10 ] || fail "default seeds $s1 and $s2 look like 32 bits"

# ---- --load of a finished game shows it and writes no new record ----
mkdir -p again && cd again || exit 1
expect_rc 0 "$Q" play --load ../auto.json
contains out.txt "holds a finished game of THREE ARROWS"
contains out.txt "no new record is written"
contains out.txt "Result:"
[ -e records ] && fail "--load of a finished game wrote a record: $(ls -R records)"
cd .. || exit 1

# ---- --load seats only people and the levels from a file; other agents need --players ----
tr -d '\n' <game.json | sed 's/"players": *\[[^]]*\]/"players": ["human", "mcts:iterations=7"]/' >mcts.json
grep -q 'mcts:iterations=7' mcts.json || fail "could not make mcts.json from game.json"
expect_rc 2 "$Q" play --load mcts.json
contains err.txt "seats p2 as the agent 'mcts:iterations=7'"
contains err.txt "--players human,mcts:iterations=7"
printf 'quit\n' | "$Q" play --load mcts.json --players human,mcts:iterations=7 --record m2.json \
	>out.txt 2>err.txt || fail "--load with --players failed: $(cat err.txt)"
contains out.txt "p2 mcts:iterations=7"
tr -d '\n' <game.json | sed 's/"players": *\[[^]]*\]/"players": ["human", "greedy:seed=4"]/' >greedy.json
printf 'quit\n' | "$Q" play --load greedy.json --record g2.json >out.txt 2>err.txt ||
	fail "--load of a record seating greedy failed: $(cat err.txt)"
contains out.txt "Seats: p1 human (you), p2 greedy:seed=4"

# ---- limits: a parameter given twice, an agent too large, a bad layout ----
expect_rc 2 "$Q" play three-arrows --param size=7 --param size=8
contains err.txt "parameter 'size' is given twice (size=7 and size=8)"
expect_rc 2 "$Q" play three-arrows --players human,random:seed=1,seed=2
contains err.txt "'seed' is given twice"
expect_rc 2 "$Q" play three-arrows --players human,mcts:nodes=67108864,threads=64
contains err.txt "bad value '67108864' for nodes"
contains err.txt "at most nodes="
expect_rc 2 "$Q" play three-arrows --players human,ismcts:time=86400
contains err.txt "a number 0-300"
expect_rc 2 "$Q" play three-arrows --layout tiny
contains err.txt "bad value 'tiny' for --layout: expected compact, full or auto"
head -c 5000000 /dev/zero | tr '\0' ' ' >huge.json
expect_rc 1 "$Q" play --load huge.json
contains err.txt "huge.json"
contains err.txt "4 MiB"

# ---- a pasted page of junk is quoted shortened ----
long=$(printf 'x%.0s' $(seq 1 400))
printf '%s\nquit\n' "$long" | "$Q" play three-arrows --players human,random --seed 3 \
	--record long.json --no-color >out.txt 2>err.txt
contains out.txt "' was not played: "
contains out.txt "xxxxxxxxxx…' was not played"
[ "$(awk '/was not played/ { print length($0) }' out.txt)" -lt 300 ] ||
	fail "the long input was echoed whole: $(grep 'was not played' out.txt | head -c 300)"

# ---- what things are: card/piece/item/what at the prompt ----
# The names come from the game's own reference (ConCardia's cards), the first one is looked up,
# a misspelt one gets the nearest names, and every word is the same command.
printf 'what\nquit\n' | "$Q" play concardia --players human,random --seed 3 --record what.json \
	--no-color >out.txt 2>err.txt
contains out.txt "usage: what <name>"
name=$(awk '/ knows:$/ { getline; print $1; exit }' out.txt)
[ -n "$name" ] || fail "'what' listed no names: $(grep -A3 'knows:' out.txt)"
printf 'card %s\npiece %s\nitem %sq\nquit\n' "$name" "$name" "$name" |
	"$Q" play concardia --players human,random --seed 3 --record what.json --no-color \
	>out.txt 2>err.txt
[ "$(grep -c "^$name" out.txt)" -eq 2 ] || fail "card/piece $name did not print its entry twice"
contains out.txt "has nothing called '${name}q'; nearest: $name"
# `what <action>` says what one of the mover's actions would do (the text `legal` gives).
printf 'what place A a2 N\nquit\n' | "$Q" play three-arrows --players human,random --seed 3 \
	--record what.json --no-color >out.txt 2>err.txt
contains out.txt "place A a2 N: points at b2 and a3."
# `legal` at the opening: the placements that would leave p1 skipped, with the same warning,
# share their lines; the other hundreds of placements, grouped, leave their notes to `what`.
printf 'legal\nquit\n' | "$Q" play three-arrows --players human,random --seed 3 \
	--record what.json --no-color >out.txt 2>err.txt
contains out.txt "'what <action>' says what one would do"
contains out.txt "  place D/R a2/a3/a4/a5 W [shielded] — points off the board (W); no square left"
[ "$(grep -c 'you would be skipped' out.txt)" -eq 4 ] ||
	fail "legal did not group the warnings: $(grep -c 'skipped' out.txt) lines"
# A game without a reference says so (the test game has one; no registered game lacks it once
# every game is merged, so this is only checked when one does).
for g in three-arrows evons arrow-party; do
	printf 'what\nquit\n' | "$Q" play "$g" --players human,random$([ $g = arrow-party ] && echo ,random) \
		--seed 3 --record what.json --no-color >out.txt 2>err.txt
	grep -qF "has no reference of its pieces, cards or items yet" out.txt ||
		grep -qF "usage: what <name>" out.txt || fail "$g: 'what' gave neither names nor why not"
done
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

# ---- JSON nested deeper than 64 levels: refused before it is parsed (a record of 65 levels,
# and of 100,000 never closed), while 64 are read and refused for what they hold ----
levels() { head -c "$1" /dev/zero | tr '\0' "$2"; }
printf '{"game": "three-arrows", "actions": %s%s}' "$(levels 64 '[')" "$(levels 64 ']')" >deep.json
expect_rc 1 "$Q" replay deep.json
contains err.txt "deep.json: broken JSON at line 1, column 100: nested deeper than 64 levels"
{
	printf '{"game": "three-arrows", "actions": '
	levels 100000 '['
} >deeper.json
expect_rc 1 "$Q" replay deeper.json
contains err.txt "nested deeper than 64 levels"
printf '{"game": "three-arrows", "actions": %s%s}' "$(levels 63 '[')" "$(levels 63 ']')" >deep64.json
expect_rc 1 "$Q" replay deep64.json
grep -qF "nested" err.txt && fail "64 levels refused for their depth: $(head -c 300 err.txt)"

# ---- arena: a few games with --json and --records, the schema checked by its keys ----
expect_rc 0 "$Q" arena three-arrows --agents greedy random --games 3 --seed 3 --threads 2 \
	--json arena.json --records recs
contains out.txt "arena three-arrows (players=2"
contains out.txt "4 games (--games 3 rounded up to a multiple of the 2 agents)"
contains out.txt "every agent played every seat 2 times"
contains out.txt "#1 greedy"
contains out.txt "#2 random"
contains out.txt "first seat (p1)"
contains out.txt "branching"
contains out.txt "capped"
[ -s err.txt ] && fail "arena wrote to stderr although it is not a terminal: $(head -c 400 err.txt)"
for key in '"game": "three-arrows"' '"params": {' '"seed": "3"' '"games": 4' '"games_requested": 3' \
	'"threads": 2' '"agents": [' '"spec": "greedy"' '"spec": "random"' '"position": 2' \
	'"wins": ' '"draws": ' '"losses": ' '"mean_utility": ' '"utility_ci": [' '"win_rate": ' \
	'"win_rate_wilson": [' '"score": ' '"elo": ' '"elo_ci": [' '"seat_games": [' \
	'"seats": [' '"seat": "p2"' '"first_seat": {' '"length": {' '"mean": ' '"sd": ' \
	'"branching": ' '"draw_rate": ' '"draw_rate_wilson": [' '"capped": ' '"records": "recs"'; do
	contains arena.json "$key"
done
[ "$(grep -c '"spec"' arena.json)" -eq 2 ] || fail "arena.json should hold 2 agents"
# the parameters typed as records type them (qv_params_to_json): a boolean, text, an integer
expect_rc 0 "$Q" arena evons --agents random random --games 2 --seed 1 --threads 1 --json arena-ev.json
contains arena-ev.json '"shuffle": true'
contains arena-ev.json '"deck1": "blaze"'
contains arena-ev.json '"max_turns": 200'
[ "$(grep -c '"seat": "p' arena.json)" -eq 2 ] || fail "arena.json should hold 2 seats"
for i in 1 2 3 4; do
	[ -s "recs/game-00000$i.json" ] || fail "no record recs/game-00000$i.json"
done
[ -e recs/game-000005.json ] && fail "a fifth record was written"
expect_rc 0 "$Q" replay recs/game-000002.json
contains out.txt "Result:"
# The same run on one thread gives the same report, but for the timing and the thread count.
expect_rc 0 "$Q" arena three-arrows --agents greedy random --games 3 --seed 3 --threads 1 \
	--json arena1.json --records recs1
grep -v -e '"seconds"' -e '"threads"' -e '"command"' -e '"records"' arena.json >a2.txt
grep -v -e '"seconds"' -e '"threads"' -e '"command"' -e '"records"' arena1.json >a1.txt
cmp -s a1.txt a2.txt || fail "arena results differ between 1 and 2 threads: $(diff a1.txt a2.txt | head -20)"
# Three agents, a repeated spec, comma-separated; with a small turn limit.
expect_rc 0 "$Q" arena three-arrows --agents random,random random --games 3 --seed 1 \
	--param max_turns=50 --json arena3.json
contains out.txt "#3 random"
contains out.txt "Elo: against the field"
contains out.txt "max_turns=50"
contains arena3.json '"elo_basis": "field"'
contains arena3.json '"players": 3'
# Bad input: each a clear message naming the accepted form.
expect_rc 2 "$Q" arena three-arrows --agents greedy nobody
contains err.txt "unknown agent 'nobody'"
contains err.txt "name[:key=value,...]"
expect_rc 2 "$Q" arena three-arrows --agents greedy random:depth=2
contains err.txt "depth"
contains err.txt "seed"
expect_rc 2 "$Q" arena three-arrows --agents greedy random --param bogus=1
contains err.txt "unknown parameter 'bogus'"
contains err.txt "max_turns"
expect_rc 2 "$Q" arena three-arrows --agents greedy random --param size=99
contains err.txt "6, 7 or 8"
expect_rc 2 "$Q" arena three-arrows --agents greedy random --param players=3
contains err.txt "3 players but 2 agents"
for bad in 0 -4 lots; do
	expect_rc 2 "$Q" arena three-arrows --agents greedy random --games "$bad"
	contains err.txt "bad value '$bad' for --games: expected a whole number 1-1000000"
done
expect_rc 2 "$Q" arena three-arrows --agents greedy random --threads 0
contains err.txt "--threads: expected a whole number 1-256"
expect_rc 2 "$Q" arena three-arrows --agents greedy
contains err.txt "2-5 agents"
expect_rc 2 "$Q" arena three-arrows --agents random random random random random
contains err.txt "2-4 players"
expect_rc 2 "$Q" arena three-arrows
contains err.txt "--agents A B"
expect_rc 2 "$Q" arena --agents greedy random three-arrows
contains err.txt "give the game first"
expect_rc 2 "$Q" arena no-such-game --agents greedy random
contains err.txt "unknown game 'no-such-game'"
expect_rc 1 "$Q" arena three-arrows --agents greedy random --json no-such-dir/out.json
contains err.txt "no-such-dir/out.json"
contains err.txt "expected --json FILE"
[ -s out.txt ] && fail "arena played although --json cannot be written"
touch plainfile
expect_rc 1 "$Q" arena three-arrows --agents greedy random --records plainfile/games
contains err.txt "plainfile/games"
contains err.txt "expected --records DIR"
# A failed run leaves an earlier --json file as it was, and creates none.
echo keep >kept.json
expect_rc 1 "$Q" arena three-arrows --agents greedy random --json kept.json --records plainfile/games
contains kept.json "keep"
expect_rc 1 "$Q" arena three-arrows --agents greedy random --json new.json --records plainfile/games
[ -e new.json ] && fail "a failed arena run left new.json behind"

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
# --print-positions: the opening then the mid-game position, each a state JSON that the engine
# loads (bench/instructions.sh searches them in other builds), the mid-game one with pieces.
for g in three-arrows concardia evons arrow-party; do
	expect_rc 0 "$Q" bench "$g" --print-positions
	[ "$(cut -d' ' -f1 out.txt | paste -sd,)" = opening,mid-game ] ||
		fail "bench $g --print-positions: expected the lines opening, mid-game: $(cut -c1-80 out.txt)"
	for where in opening mid-game; do
		state=$(sed -n "s/^$where //p" out.txt)
		printf 'load %s\nto_move\nquit\n' "$state" | "$Q" engine >load.txt 2>&1
		grep -q '^= p[1-5]$' load.txt ||
			fail "bench $g: the $where position does not load into the engine: $(head -c 300 load.txt)"
	done
done
expect_rc 0 "$Q" bench three-arrows --param mode=tactical --position mid-game --print-positions
grep -q '^mid-game {"game":"three-arrows","params":{[^}]*"mode":"tactical"' out.txt ||
	fail "bench --position mid-game --print-positions: $(head -c 200 out.txt)"
grep -q '"board":\[{' out.txt || fail "the mid-game position has no piece on the board"
[ "$(wc -l <out.txt)" -eq 1 ] || fail "--position mid-game printed more than the mid-game position"
printf 'name\nquit\n' | "$Q" engine --seed 1 >out.txt 2>err.txt || fail "engine failed"
contains out.txt "="

finish cli_test
