#!/usr/bin/env bash
# lab_adaptive_test.sh - `quiver lab run --adaptive` through the command (docs/lab.md,
# "Adaptive whole-set studies"): a study played round by round on one machine; the same with
# another thread count; stopped by Ctrl-C in its second round and by kill -9, then resumed;
# played round by round in shards, each round merged into the study's folder; all give the same
# bytes. It spends no more than its budget, says its rounds and how sure each list's first
# place is, and the options that cannot go with it are refused naming the problem.
# Usage: lab_adaptive_test.sh QUIVER
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

# Six ConCardia cards by a small search (a study of a second or two, so that it can be stopped
# in a later round): 24 component games per component and arm are the
# budget (432 games in all; 8 an arm, rounded to whole pairs of rotations, in a first round of
# 6), then rounds where the lists are unsettled.
# The search's iterations make its rounds last long enough for a Ctrl-C to land in the second
# (about two seconds of one thread in the release build; the sanitizer build, ten times slower,
# sets QV_LAB_ADAPTIVE_ITERATIONS lower: tests/cli/CMakeLists.txt).
iterations=${QV_LAB_ADAPTIVE_ITERATIONS:-60}
study=(concardia --agents mcts:iterations=$iterations --games 24 --component-games 24 --adaptive
	--components striker-r,lancer-s,scout-r,flanker-p,guard-s,star-r --ladder-games 0
	--luck-games 0 --seed 68 --progress 0)
expect_rc 0 "$Q" lab run "${study[@]}" --threads 2 --out one
cp out.txt one.txt
contains one.txt "adaptive, a budget of 432 component games (24 a component and arm), first round 6"
contains one.txt "round 2: "
contains one.txt "round 2 played"
contains one.txt "% sure)"
contains one/report.html "of the posterior draws"
python3 - one/report.json >check.txt 2>&1 <<'EOF' || fail "one/report.json: $(cat check.txt)"
import json, sys
r = json.load(open(sys.argv[1]))
used = sum(a["games"] for a in r["plan"]["arms"] if a["arm"] in ("control", "ablate", "restrict"))
assert used <= 432, "%d component games, over the budget of 432" % used
assert used > 6 * 3 * 8, "no round after the first: %d component games" % used
races = r["sections"][0]["races"]
for name in ("unbalancing", "strongest"):
    race = races[name]
    assert race["first"] == r["sections"][0][name][0], name
    assert 0 <= race["sure"] <= 1, race
EOF

# The thread count changes nothing.
expect_rc 0 "$Q" lab run "${study[@]}" --threads 1 --out single
for f in games.lab report.html report.json games.csv; do
	cmp -s "one/$f" "single/$f" || fail "single/$f differs from the study on two threads"
done

# Stopped in its second round (Ctrl-C) and resumed; killed outright and resumed.
wait_text() {
	for _ in $(seq 600); do
		grep -qF -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}
# The study runs at the lowest priority and writes into a FIFO the test reads as it comes, so
# that on a loaded machine the Ctrl-C follows its "round 2" line at once, not after the rest of
# the study (a poll of a file every 0.1 s, at the study's priority, once came too late).
mkfifo cut.fifo
nice -n 19 "$Q" lab run "${study[@]}" --threads 1 --out cut >cut.fifo 2>cut.err </dev/null &
pid=$!
exec 8<cut.fifo
reached=false
while IFS= read -r -t 120 -u 8 line; do
	printf '%s\n' "$line" >>cut.out
	case $line in *"round 2: "*) reached=true && break ;; esac
done
$reached || fail "the study never reached its second round: $(cat cut.out)"
kill -INT $pid
cat <&8 >>cut.out # the rest of its output, to its end
exec 8<&-
wait $pid
rc=$?
[ "$rc" -eq 130 ] || fail "a study stopped by Ctrl-C in its second round exited $rc, expected 130"
[ ! -e cut/report.json ] || fail "the study ended before its Ctrl-C: stop it sooner"
expect_rc 0 "$Q" lab run --resume cut --threads 2
for f in games.lab report.html report.json games.csv; do
	cmp -s "one/$f" "cut/$f" || fail "the resumed cut/$f differs from an uninterrupted run's"
done
nice -n 19 "$Q" lab run "${study[@]}" --threads 2 --out killed >/dev/null 2>&1 </dev/null &
pid=$!
wait_text killed/games.lab '"rounds":[{' || fail "the killed study never reached a round"
kill -9 $pid
wait $pid 2>/dev/null
[ ! -e killed/report.json ] || fail "the study ended before its kill -9: kill it sooner"
expect_rc 0 "$Q" lab run --resume killed
for f in games.lab report.html report.json games.csv; do
	cmp -s "one/$f" "killed/$f" || fail "killed/$f, resumed, differs from an uninterrupted run's"
done

# Round by round in shards: the first round's three slices merged into a folder, which then
# holds the study with its next round decided; each next round's slices (--resume DIR
# --shard k/K) merged into it, until the report.
for k in 0 1 2; do
	expect_rc 0 "$Q" lab run "${study[@]}" --shard "$k/3" --out round1
done
expect_rc 0 "$Q" lab merge round1/shard-0-of-3.lab round1/shard-1-of-3.lab \
	round1/shard-2-of-3.lab --out merged
contains out.txt "the next round is to play: quiver lab run --resume merged"
rounds=1
while [ ! -f merged/report.json ] && [ $rounds -lt 40 ]; do
	rounds=$((rounds + 1))
	for k in 0 1; do
		expect_rc 0 "$Q" lab run --resume merged --shard "$k/2" --out "round$rounds"
	done
	expect_rc 0 "$Q" lab merge "round$rounds/shard-0-of-2.lab" "round$rounds/shard-1-of-2.lab" \
		--out merged
	contains out.txt "merged into merged/games.lab"
done
[ $rounds -gt 1 ] || fail "the sharded study had no round after its first"
for f in games.lab report.html report.json games.csv; do
	cmp -s "one/$f" "merged/$f" || fail "merged/$f differs from one machine's run"
done

# What cannot go with it.
expect_rc 2 "$Q" lab run concardia --adaptive --until-settled 0.2 --out x
contains err.txt "--adaptive and --until-settled both decide"
expect_rc 2 "$Q" lab run concardia --adaptive --component-games 0 --out x
contains err.txt "--adaptive with --component-games 0"
expect_rc 2 "$Q" lab run concardia --first-round 10 --out x
contains err.txt "--first-round is the first round of an --adaptive study"
expect_rc 2 "$Q" lab run concardia --adaptive --component-games 20 --first-round 30 --out x
contains err.txt "--first-round 30 is over the budget of --component-games 20"
expect_rc 2 "$Q" lab sweep concardia --vary cards.scout-r.strength=1..2 --adaptive --out x
contains err.txt "--adaptive is for quiver lab run"
expect_rc 2 "$Q" lab run --resume one --shard 0/2
contains err.txt "--shard but no --out"

finish cli/lab-adaptive
