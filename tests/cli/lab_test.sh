#!/usr/bin/env bash
# lab_test.sh - `quiver lab` through the command: a study run on one machine and the same study
# played as four shards and merged give byte-identical report.html, report.json and games.csv;
# the merge refuses a missing, an overlapping, a truncated and a mismatched shard, naming it;
# --until-settled gives a plain study's report; bad options get a usage message naming the
# expected form.
# Usage: lab_test.sh QUIVER
Q=$(realpath "$1")
. "$(dirname "$0")/check_lib.sh"

# A small study: two player counts, ablation and restricted play of every piece kind, the luck
# floor (random against the study's random agent) but not the ladder (test_lab.c plays rungs).
study=(three-arrows --agents random --players 2,3 --games 12 --component-games 6
	--ladder-games 0 --seed 11 --threads 2)

expect_rc 0 "$Q" lab run "${study[@]}" --out one
for f in report.html report.json games.csv; do
	[ -s "one/$f" ] || fail "lab run wrote no one/$f"
done
contains out.txt "wrote one/report.html"
contains out.txt "2 players: fairness gap"
# how many components are flagged, of how many studied (seven piece kinds and an ability)
contains out.txt " of 8 components"
# flagged only beyond the practical margins, their defaults said (a merge keeps them: below)
contains out.txt "components (balance beyond 5 pp; "
contains out.txt "unsettled); beyond the margins on strength "
contains out.txt ", on length "
contains out.txt " (0.5 decisions)"
grep -A2 '"margin": {' one/report.json | tr -d ' \n' | grep -q '"score":0.05,"length":0.5' ||
	fail "report.json does not give the default margins"

for k in 0 1 2 3; do
	expect_rc 0 "$Q" lab run "${study[@]}" --shard "$k/4" --out shards
	contains out.txt "shard-$k-of-4.lab"
done
expect_rc 0 "$Q" lab merge shards/shard-2-of-4.lab shards/shard-0-of-4.lab \
	shards/shard-3-of-4.lab shards/shard-1-of-4.lab --out merged
for f in report.html report.json games.csv; do
	cmp -s "one/$f" "merged/$f" || fail "merged/$f differs from one machine's: $(cmp "one/$f" "merged/$f")"
done
# A folder that holds a report is not written over by accident: the run and the merge refuse
# it, naming the file, and leave it as it was; --force writes over it.
cp -r one again
expect_rc 1 "$Q" lab run "${study[@]}" --seed 99 --out again
contains err.txt "'again' holds a study's report already (report.json)"
contains err.txt "--force"
cmp -s one/report.json again/report.json || fail "a refused run changed again/report.json"
expect_rc 1 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab \
	shards/shard-2-of-4.lab shards/shard-3-of-4.lab --out again
contains err.txt "holds a study's report already"
expect_rc 0 "$Q" lab run "${study[@]}" --seed 99 --out again --force
cmp -s one/report.json again/report.json && fail "--force did not write the new study over the old"
expect_rc 0 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab \
	shards/shard-2-of-4.lab shards/shard-3-of-4.lab --out again --force
cmp -s one/report.json again/report.json || fail "the merge with --force did not write its report"

# The thread count changes nothing either.

expect_rc 0 "$Q" lab run three-arrows --agents random --players 2,3 --games 12 \
	--component-games 6 --ladder-games 0 --seed 11 --threads 1 --out t1
cmp -s one/games.csv t1/games.csv || fail "--threads 1 gave other games than --threads 2"

# Every game studies: its components, its board, two-player games without a players parameter.
for g in concardia evons arrow-party; do
	expect_rc 0 "$Q" lab run "$g" --agents random --games 4 --component-games 1 --ladder-games 0 \
		--seed 5 --out "study-$g"
	contains out.txt "wrote study-$g/report.html"
done
# the summary names each deck's score where the decks rotate
expect_rc 0 "$Q" lab run concardia --agents random --games 4 --component-games 0 --ladder-games 0 \
	--seed 5 --out decks-summary
grep -q '; decks: expedition [0-9.]*%.*, foundry [0-9.]*%' out.txt ||
	fail "the summary of a ConCardia study names no deck: $(cat out.txt)"
# An ablation that changes no game (a card in no deck) measures no power, and says so.
cat >ghost.json <<'EOF'
{"quiver_variant": 1, "game": "concardia", "name": "a card in no deck", "extends": "base",
 "cards": {"add": [{"id": "ghost-r", "name": "ghost", "trait": "Rock", "strength": 1,
  "defense": 1, "arrows": ["N"], "type": "Maker"}]}}
EOF
expect_rc 0 "$Q" lab run concardia --variant ghost.json --agents random --games 4 \
	--component-games 4 --components ghost-r --ladder-games 0 --luck-games 0 --seed 5 --out ghost
contains ghost/report.html "1 ablation changed no game: each replayed its control"
! grep -qF "effect of about 0.0 pp" ghost/report.html || fail "a null ablation claims 0.0 pp"
# Its gaps with and without it come from the same games (its control's and its ablation's, on
# the same seeds): equal, where the main arm's gap beside the ablation's read "0.9% -> 3.5%".
python3 - ghost/report.json >check.txt 2>&1 <<'EOF' || fail "$(cat check.txt)"
import json, sys
c = [c for c in json.load(open(sys.argv[1]))["sections"][0]["components"] if c["id"] == "ghost-r"][0]
assert c["ablate_seat"][0]["delta"] == 0, c
for k in ("gap", "side_gap"):
    assert c[k + "_with"] is not None and c[k + "_with"] == c[k + "_without"], (k, c)
EOF
# The summary names every flagged component right after their count, not only the first five
# (planted cards in both decks, no margin: all eight flagged on this seed).
big='{"strength": 12, "defense": 12, "arrows": ["N","NE","E","SE","S","SW","W","NW"]}'
planted="scout-r striker-r lancer-r courier-r sentinel-r flanker-r guard-r shover-r"
{
	printf '{"quiver_variant": 1, "game": "concardia", "name": "eight planted", "extends": '
	printf '"base", "cards": {"modify": {'
	sep=""
	for id in $planted; do
		printf '%s"%s": %s' "$sep" "$id" "$big"
		sep=", "
	done
	printf '}}}\n'
} >eight.json
expect_rc 0 "$Q" lab run concardia --variant eight.json --agents random --games 20 \
	--component-games 200 --components "${planted// /,}" --ladder-games 0 --luck-games 0 \
	--seed 2 --margin 0,0.5 --threads 2 --out eight
python3 - out.txt eight/report.json >check.txt 2>&1 <<'EOF' || fail "$(cat check.txt)"
import json, re, sys
line = open(sys.argv[1]).read()
m = re.search(r"flagged (\d+) of 8 components \([^)]*\)(: ([^;]*))?; beyond the margins", line)
assert m, "no count of the flagged in: " + line
named = m.group(3).split(", ") if m.group(3) else []
s = json.load(open(sys.argv[2]))["sections"][0]
flagged = [c["id"] for c in s["components"] if c["flagged"]]
assert int(m.group(1)) == len(flagged) > 5, "%s flagged, report.json %s" % (m.group(1), flagged)
assert sorted(named) == sorted(flagged), "the summary names %s, flagged %s" % (named, flagged)
EOF
# unbalancing shows each card's own deck's test (once the first deck's, for every card)
python3 - eight/report.html eight/report.json >check.txt 2>&1 <<'EOF' || fail "$(cat check.txt)"
import json, re, sys
html = open(sys.argv[1]).read()
comps = {c["id"]: c for c in json.load(open(sys.argv[2]))["sections"][0]["components"]}
deck = {k: "expedition" for k in ("scout-r", "striker-r", "lancer-r", "courier-r")}
deck.update({k: "foundry" for k in ("sentinel-r", "flanker-r", "guard-r", "shover-r")})
table = html[html.index("Unbalancing: what makes the seats or the decks unequal</caption>"):]
table = table[:table.index("</table>")]
rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td>[^<]*</td><td>[^<]*</td>'
                  r'<td class="t">([^<]*)</td><td>([^<]*)</td>', table)
assert len(rows) == 5, rows
assert "foundry" in {deck[r[0]] for r in rows}, "no card of the second deck in %s" % rows
for card, shown, delta in rows:
    assert shown == deck[card], "%s shows %s's test" % (card, shown)
    d = [t for t in comps[card]["ablate_sides"] if t["id"] == shown][0]["delta"]
    assert abs(float(delta.split()[0]) - 100 * d) <= 0.05 + 1e-9, (card, delta, d)
EOF
# A study against a baseline names it in the summary, and what differs beyond its interval.
cat >weaker.json <<'EOF'
{"quiver_variant": 1, "game": "concardia", "name": "weaker striker", "extends": "base",
 "cards": {"modify": {"striker-r": {"strength": 3}}}}
EOF
expect_rc 0 "$Q" lab run concardia --baseline weaker.json --agents random --games 8 \
	--component-games 0 --ladder-games 0 --luck-games 0 --seed 4 --out against
contains out.txt "; against the baseline weaker striker (weaker.json), "
contains against/report.html "Against the baseline <strong>weaker striker</strong> (<code>weaker.json</code>)"
# --component-games 0 says the components were not studied, not that the game has none
contains against/report.html "The components were not studied: this study ran no component games"
! grep -qF "no components the lab studies" against/report.html ||
	fail "a study without component games says the game has no components"
# A level that blunders may play a game's first decisions without a search value: the tension
# then starts where the first value does (it once ran past the seats looking for a leader).
expect_rc 0 "$Q" lab run arrow-party --agents easy --players 3 --games 3 --component-games 0 \
	--ladder-games 0 --luck-games 0 --seed 1 --out blunder
contains out.txt "wrote blunder/report.html"

# ConCardia's decks swap seats in every other rotation (games 2 and 3 of 4): the report says
# each deck's score, and a swapped game's own line names the decks exchanged.
contains study-concardia/report.html "Sides (swapped between the seats in every other rotation)"
contains study-concardia/report.html "--param deck1=foundry --param deck2=expedition"
grep -q '"sides": \[$' study-concardia/report.json || fail "study-concardia/report.json lists no sides"
expect_rc 0 "$Q" lab run concardia --agents random --games 4 --component-games 1 --ladder-games 0 \
	--seed 5 --fixed-sides --out fixed-concardia
! grep -qF "deck2=expedition" fixed-concardia/report.html || fail "--fixed-sides swapped the decks"
! grep -qF "Sides (swapped" fixed-concardia/report.html || fail "--fixed-sides reports sides"
# where the decks swap, the components' plot and table show the ablation's deck test (a card of
# one deck sits with each seat half the time); with fixed decks, p1's
contains study-concardia/report.html ">ablation: expedition<"
contains study-concardia/report.html "Ablation: &Delta; expedition score (pp)"
contains fixed-concardia/report.html ">ablation: p1<"
contains fixed-concardia/report.html "Ablation: &Delta; p1 score (pp)"

# A study's games go to DIR/games.lab as they finish: a Ctrl-C (SIGINT) stops it after the
# games being played, keeps them and says how to go on; --resume DIR plays the rest, and the
# report is byte for byte an uninterrupted run's. Without a terminal, a progress line comes
# every --progress seconds.
# (a study of some seconds even on an idle machine: a progress line comes after a second, and
# the Ctrl-C must come before its end, so the studies stopped play on one thread, which gives
# the same games: on two, a shard of an idle machine ended 1.1 s in, its first progress line
# at 210 of its 220 games, and the SIGTERM after it found no process; the sanitizer build, ten
# times slower, plays fewer games: QV_LAB_SLOW_GAMES, set by tests/cli/CMakeLists.txt)
slow_games=${QV_LAB_SLOW_GAMES:-200}
slow=(concardia --agents easy --games "$slow_games" --component-games $((slow_games / 5))
	--components scout-r,ability:charge --ladder-games 0 --luck-games 0 --seed 13 --threads 2)
expect_rc 0 "$Q" lab run "${slow[@]}" --out whole
# A study in the background writes its stderr into a FIFO that the test reads as it comes:
# progress_past FD N COPY reads the progress lines from fd FD, each also appended to the file
# COPY, until one says more than N games are done; false when the study ends first or a minute
# passes without a line. So the test waits on the study's own lines, not on a clock.
progress_past() {
	local line done
	while IFS= read -r -t 60 -u "$1" line; do
		printf '%s\n' "$line" >>"$3"
		done=$(sed -n 's/^lab: \([0-9]*\) of .*/\1/p' <<<"$line")
		[ -n "$done" ] && [ "$done" -gt "$2" ] && return 0
	done
	return 1
}
mkfifo cut.fifo
: >cut.err
"$Q" lab run "${slow[@]}" --threads 1 --progress 1 --out cut >cut.out 2>cut.fifo </dev/null &
pid=$!
exec 8<cut.fifo
progress_past 8 20 cut.err || fail "no progress line without a terminal, or no games: $(cat cut.err)"
contains cut.err "games/s, about"
[ "$(wc -l <cut/games.lab)" -gt 20 ] || fail "the interrupted study wrote no games as they finished"
kill -INT $pid
cat <&8 >>cut.err # the rest of its stderr, to its end
exec 8<&-
wait $pid
rc=$?
[ "$rc" -eq 130 ] || fail "a study stopped by Ctrl-C exited $rc, expected 130"
contains cut.err "stopped by Ctrl-C after"
contains cut.err "quiver lab run --resume DIR plays the rest"
[ ! -e cut/report.html ] || fail "an interrupted study wrote a report"
[ "$(wc -l <cut/games.lab)" -lt "$(wc -l <whole/games.lab)" ] ||
	fail "the study ended before it was interrupted: interrupt it sooner"
# A folder that holds a study's games is not started again by accident.
expect_rc 1 "$Q" lab run "${slow[@]}" --out cut
contains err.txt "holds the games of a study already (games.lab): quiver lab run --resume cut"
# A line cut short (the process killed while writing it) is dropped, and played again.
printf '999 n=2 a=0,0 u=1,-' >>cut/games.lab
expect_rc 0 "$Q" lab run --resume cut --threads 1
contains out.txt "resuming:"
for f in games.lab report.html report.json games.csv; do
	cmp -s "whole/$f" "cut/$f" || fail "the resumed cut/$f differs from an uninterrupted run's"
done
expect_rc 2 "$Q" lab run --resume cut --games 3
contains err.txt "--games with --resume"
expect_rc 1 "$Q" lab run --resume shards
contains err.txt "it holds no study to go on with"
# A shard stopped part way keeps its games in DIR/shard-k-of-K.lab.part, and the same shard
# run again plays only the rest.
mkfifo shard.fifo
"$Q" lab run "${slow[@]}" --threads 1 --shard 1/2 --progress 1 --out cutshards >/dev/null \
	2>shard.fifo </dev/null &
pid=$!
exec 8<shard.fifo
progress_past 8 10 shard.err || fail "the shard played no games: $(cat shard.err)"
[ "$(wc -l <cutshards/shard-1-of-2.lab.part)" -gt 10 ] || fail "the shard wrote no games as they finished"
kill -TERM $pid
cat <&8 >/dev/null
exec 8<&-
wait $pid
rc=$?
[ "$rc" -eq 143 ] || fail "a shard stopped by SIGTERM exited $rc, expected 143"
expect_rc 0 "$Q" lab run "${slow[@]}" --shard 1/2 --out cutshards
contains out.txt "resuming:"
expect_rc 0 "$Q" lab run "${slow[@]}" --shard 0/2 --out cutshards
expect_rc 0 "$Q" lab merge cutshards/shard-0-of-2.lab cutshards/shard-1-of-2.lab --out cutmerged
for f in games.lab report.html report.json games.csv; do
	cmp -s "whole/$f" "cutmerged/$f" || fail "cutmerged/$f differs from one machine's run"
done

# The sides are the study's own decks: a variant that names its decks (and removes a default
# deck, so that a game set up with the defaults could not start) swaps its own, in a study and
# in a sweep; a variant whose seats hold one deck twice has no sides to tell apart.
cat >owndecks.json <<'EOF'
{"quiver_variant": 1, "game": "concardia", "name": "own decks, foundry removed", "extends": "base",
 "params": {"deck1": "expedition", "deck2": "forge"},
 "decks": {"remove": ["foundry"], "add": [{"id": "forge", "cards": ["sentinel-r","sentinel-p",
  "sentinel-s","flanker-r","flanker-p","flanker-s","guard-r","guard-p","guard-s","shover-r",
  "shover-p","shover-s","saboteur-r","saboteur-p","saboteur-s","duelist-r","duelist-p",
  "duelist-s","banner-r","banner-p","banner-s"]}]}}
EOF
expect_rc 0 "$Q" lab run concardia --variant owndecks.json --agents random --games 8 \
	--component-games 2 --components scout-r --ladder-games 0 --luck-games 0 --seed 5 \
	--out owndecks
contains owndecks/report.json '"id": "forge"'
contains owndecks/report.html "--param deck1=forge --param deck2=expedition"
! grep -qF "=foundry" owndecks/report.html || fail "a study of owndecks.json plays foundry"
expect_rc 0 "$Q" lab sweep concardia --variant owndecks.json --vary cards.scout-r.strength=1..2 \
	--agents random --games 8 --seed 5 --out owndecks-sweep
contains owndecks-sweep/report.json '"id": "forge"'
cat >twice.json <<'EOF'
{"quiver_variant": 1, "game": "evons", "name": "bedrock twice", "extends": "base",
 "params": {"deck1": "bedrock", "deck2": "bedrock"}}
EOF
expect_rc 0 "$Q" lab run evons --variant twice.json --agents random --games 4 \
	--component-games 0 --ladder-games 0 --luck-games 0 --seed 5 --out twice
grep -q '"sides": \[\]' twice/report.json || fail "a variant of one deck twice reports sides"
! grep -qF "blaze" twice/report.html || fail "a study of bedrock twice names blaze"

# Refusals, each naming the shard or the games.
expect_rc 1 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab shards/shard-3-of-4.lab --out m1
contains err.txt "a shard is missing"
expect_rc 1 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab shards/shard-1-of-4.lab \
	shards/shard-2-of-4.lab shards/shard-3-of-4.lab --out m2
contains err.txt "overlaps"
head -n 3 shards/shard-2-of-4.lab >cut.lab
expect_rc 1 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab cut.lab shards/shard-3-of-4.lab --out m3
contains err.txt "cut.lab"
contains err.txt "truncated"
head -c 200 shards/shard-2-of-4.lab >torn.lab
expect_rc 1 "$Q" lab merge torn.lab --out m4
contains err.txt "torn.lab"
other=(three-arrows --agents random --players 2,3 --games 12 --component-games 6
	--ladder-games 0 --seed 12 --shard 3/4 --out other)
expect_rc 0 "$Q" lab run "${other[@]}"
expect_rc 1 "$Q" lab merge shards/shard-0-of-4.lab shards/shard-1-of-4.lab shards/shard-2-of-4.lab \
	other/shard-3-of-4.lab --out m5
contains err.txt "other/shard-3-of-4.lab is not of the same study"
contains err.txt '"seed"'
echo '{"quiver_lab": 1' >junk.lab
expect_rc 1 "$Q" lab merge junk.lab --out m6
contains err.txt "junk.lab"
[ ! -e m1/report.html ] || fail "a refused merge wrote a report"

# --until-settled doubles the component games until each component's intervals are narrow
# enough (or it is flagged) or the cap is reached; its report is the last round's, the same
# bytes as a plain study with those component games.
settle=(three-arrows --agents random --players 2 --games 8 --ladder-games 0 --luck-games 0
	--seed 4 --threads 2)
expect_rc 0 "$Q" lab run "${settle[@]}" --component-games 4 --until-settled 0.05 \
	--settle-cap 16 --out settled
contains out.txt "round 2, 8 component games"
contains out.txt "round 3, 16 component games"
contains out.txt "not settled at the cap of 16 component games"
expect_rc 0 "$Q" lab run "${settle[@]}" --component-games 16 --out plain16
for f in report.html report.json games.csv; do
	cmp -s "settled/$f" "plain16/$f" || fail "settled/$f differs from a plain study's"
done
expect_rc 0 "$Q" lab run "${settle[@]}" --component-games 4 --until-settled 1.9 --out wide
contains out.txt "settled: every one of"
contains out.txt "is beyond a margin or within 190.0 pp, at 8 component games"
expect_rc 2 "$Q" lab run "${settle[@]}" --until-settled 0.1 --shard 0/2 --out x
contains err.txt "cannot play one shard of it"
expect_rc 2 "$Q" lab run "${settle[@]}" --component-games 50 --until-settled 0.1 \
	--settle-cap 20 --out x
contains err.txt "over --settle-cap 20"

# A sweep: a component's number and a game parameter; three shards merged give one machine's
# bytes; every value plays on the same seed.
sweep=(concardia --vary cards.scout-r.strength=1..9:4 --agents random --games 6 --seed 8
	--threads 2)
expect_rc 0 "$Q" lab sweep "${sweep[@]}" --out sweep-one
contains out.txt "3 values"
contains out.txt "wrote sweep-one/report.html"
contains sweep-one/report.json '"values": [1, 5, 9]'
contains sweep-one/report.html "<svg"
contains sweep-one/report.html "the range the gap takes as every seat"
for k in 0 1 2; do
	expect_rc 0 "$Q" lab sweep "${sweep[@]}" --shard "$k/3" --out sweep-shards
done
expect_rc 0 "$Q" lab merge sweep-shards/shard-1-of-3.lab sweep-shards/shard-0-of-3.lab \
	sweep-shards/shard-2-of-3.lab --out sweep-merged
for f in report.html report.json games.csv; do
	cmp -s "sweep-one/$f" "sweep-merged/$f" || fail "the merged sweep's $f differs from one machine's"
done
expect_rc 1 "$Q" lab merge sweep-shards/shard-0-of-3.lab sweep-shards/shard-2-of-3.lab --out sweep-m2
contains err.txt "a shard is missing"
expect_rc 0 "$Q" lab sweep three-arrows --vary max_turns=50..150:100 --agents random --games 4 \
	--seed 2 --out sweep-param
contains sweep-param/report.json '"kind": "parameter"'
contains sweep-param/report.json '"values": [50, 150]'
# A variant of the longest name: each value's name (the base's and the value) is cut to fit.
"$Q" variant dump concardia | sed 's/"name": "base"/"name": "a designer'"'"'s own variant, with a name of sixty-three characters"/' >long.json
expect_rc 0 "$Q" lab sweep concardia --variant long.json --vary cards.scout-r.strength=1..2 \
	--agents random --games 2 --seed 3 --out sweep-long
contains out.txt "wrote sweep-long/report.html"

# Sweep refusals, each naming the problem and the expected form.
expect_rc 2 "$Q" lab sweep concardia --vary cards.nosuch.strength=1..3 --out x
contains err.txt "names nothing: no 'nosuch' in 'cards'"
expect_rc 2 "$Q" lab sweep concardia --vary cards.scout-r.id=1..3 --out x
contains err.txt "is not a number of the variant"
expect_rc 2 "$Q" lab sweep concardia --vary cards.scout-r.strength=-3..-2 --games 2 --out x
contains err.txt "strength=-3: sweep/cards/12/strength: expected an integer from 0 to 15"
expect_rc 2 "$Q" lab sweep concardia --vary cards.scout-r.strength=9..1 --out x
contains err.txt "LO <= HI"
expect_rc 2 "$Q" lab sweep concardia --vary strength --out x
contains err.txt "expected PATH=LO..HI[:STEP]"
expect_rc 2 "$Q" lab sweep three-arrows --vary max_turns=1..100 --out x
contains err.txt "a sweep takes at most 41"
expect_rc 2 "$Q" lab sweep three-arrows --vary nosuch=1..2 --out x
contains err.txt "neither a parameter of three-arrows"
expect_rc 2 "$Q" lab sweep three-arrows --vary max_turns=10..20:10 --out x
contains err.txt "max_turns"
expect_rc 2 "$Q" lab sweep three-arrows --vary max_turns=50..60:10 --component-games 4 --out x
contains err.txt "--component-games is for quiver lab run"
expect_rc 2 "$Q" lab sweep three-arrows --out x
contains err.txt "no --vary"
expect_rc 2 "$Q" lab run three-arrows --vary max_turns=50..60:10 --out x
contains err.txt "--vary is for quiver lab sweep"

# Usage errors.
expect_rc 2 "$Q" lab run three-arrows --shard 4/4 --out x
contains err.txt "expected k/K"
expect_rc 2 "$Q" lab run three-arrows --players 9 --out x
contains err.txt "--players"
expect_rc 2 "$Q" lab run three-arrows --seed abc --out x
contains err.txt "bad value 'abc' for --seed: expected a whole number"
expect_rc 2 "$Q" lab run three-arrows --games 10 --precision 0.05 --out x
contains err.txt "give one"
expect_rc 2 "$Q" lab run three-arrows
contains err.txt "--out"
expect_rc 2 "$Q" lab run three-arrows --agents nosuch --out x
contains err.txt "nosuch"
# An unknown component id: the ids nearest to it, never the word 'none' nor ids at random.
expect_rc 2 "$Q" lab run concardia --components strikr-r --games 2 --out x
contains err.txt "--components: 'strikr-r' is no component of the variant (the nearest ids: 'striker-r', "
contains err.txt "quiver variant dump concardia lists every one"
: >afile
expect_rc 1 "$Q" lab run three-arrows --games 2 --out afile
contains err.txt "'afile' is not a folder (expected --out DIR, a folder"
expect_rc 1 "$Q" lab merge shards/*.lab --out afile/sub
contains err.txt "cannot create the folder 'afile/sub'"
expect_rc 2 "$Q" lab run three-arrows --margin 0.02 --out x
contains err.txt "bad value '0.02' for --margin: expected S,L"
expect_rc 2 "$Q" lab run three-arrows --margin 0.02,-1 --out x
contains err.txt "for --margin"
expect_rc 2 "$Q" lab sweep three-arrows --vary max_turns=20..30:10 --margin 0 --out x
contains err.txt "--margin is for quiver lab run"
expect_rc 2 "$Q" lab frobnicate
contains err.txt "run, sweep or merge"
expect_rc 0 "$Q" lab --help
contains out.txt "quiver lab merge SHARD"

finish lab
