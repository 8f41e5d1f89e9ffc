#!/usr/bin/env bash
# match_test.sh - bench/match.py and bench/ladder.py on tiny matches of cheap agents: pairs of
# games on one seed with the seats swapped, shards that share a match, a match that goes on
# after a crash cut its last line, folders of another match and rebuilt builds refused,
# fishtest's LLR and the SPRT's verdicts, seatings of three players, and the ladder's fit.
# Usage: match_test.sh QUIVER SOURCE_DIR
Q=$(realpath "$1")
SRC=$(realpath "$2")
. "$(dirname "$0")/check_lib.sh"
T=$WORK
match() { python3 "$SRC/bench/match.py" "$@"; }
ladder() { python3 "$SRC/bench/ladder.py" "$@"; }
# The pair records of a folder without the CPU figures, which vary: one line per pair, in order.
pairs() { cat "$1"/pairs-*.jsonl | python3 -c '
import json, sys
ps = sorted((json.loads(l) for l in sys.stdin), key=lambda p: p["pair"])
for p in ps:
    for g in p["games"]:
        del g["cpu"]
    print(json.dumps(p, sort_keys=True))'; }

# Two shards of one match, one after the other: each plays its pairs, the report has them all.
args=(three-arrows --a greedy --b random --build-a "$Q" --build-b "$Q" --pairs 3)
match play "$T/gr" "${args[@]}" --shard 1/2 >"$T/s1"
contains "$T/s1" "shard 1/2: 2 pairs to play (0 of 3 in the folder)"
match play "$T/gr" "${args[@]}" --shard 2/2 >"$T/s2"
contains "$T/s2" "shard 2/2: 1 pairs to play (2 of 3 in the folder)"
[ "$(wc -l <"$T/gr/pairs-1-of-2.jsonl")" = 2 ] && [ "$(wc -l <"$T/gr/pairs-2-of-2.jsonl")" = 1 ] ||
	fail "shard files: $(wc -l "$T"/gr/*.jsonl)"
match report "$T/gr" >"$T/r"
contains "$T/r" "3 of 3 pairs played (6 games)"
contains "$T/r" "A: greedy  ($Q)"
contains "$T/r" "pairs scoring 0, 1/2, 1, 3/2, 2 of 2:"
# Each pair: seed 1 + i, A in p1 then in p2, both games finished with ranks.
pairs "$T/gr" >"$T/p"
python3 - "$T/p" <<'EOF' || fail "pair records: $(cat "$T/p")"
import json, sys
for i, line in enumerate(open(sys.argv[1])):
    p = json.loads(line)
    assert p["pair"] == i and p["seed"] == 1 + i, p
    assert [g["seating"] for g in p["games"]] == ["AB", "BA"], p
    assert all(sorted(g["ranks"]) in ([1, 2], [1, 1]) and g["decisions"] > 0 for g in p["games"]), p
EOF

# A game's record loads to its ranks.
python3 - "$SRC/bench" "$Q" "$T/p" <<'EOF' || fail "a game's record does not load to its ranks"
import json, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from match import Engine
g = json.loads(open(sys.argv[3]).readline())["games"][1]
e = Engine(sys.argv[2], 1)
e.ask("load " + json.dumps(g["record"]))
assert [int(l.split()[1]) for l in e.ask("result")] == g["ranks"] and g["record"]["actions"], g
e.close()
EOF

# A crash cut the last line: the shard goes on, drops the cut line, plays that pair again (the
# same games: everything is seeded) and the folder holds each pair once.
cp "$T/p" "$T/before"
head -c 30 "$T/gr/pairs-2-of-2.jsonl" >"$T/cut" && mv "$T/cut" "$T/gr/pairs-2-of-2.jsonl"
match play "$T/gr" "${args[@]}" --shard 2/2 >"$T/s2"
contains "$T/s2" "shard 2/2: 1 pairs to play (2 of 3 in the folder)"
pairs "$T/gr" >"$T/p"
cmp -s "$T/p" "$T/before" || fail "the pair played again differs: $(diff "$T/before" "$T/p")"
match play "$T/gr" "${args[@]}" --shard 1/1 >"$T/s"
contains "$T/s" "shard 1/1: 0 pairs to play (3 of 3 in the folder)"
# More pairs: the same match, longer.
match play "$T/gr" three-arrows --a greedy --b random --build-a "$Q" --build-b "$Q" --pairs 4 >"$T/s"
contains "$T/s" "shard 1/1: 1 pairs to play (3 of 4 in the folder)"

# A folder of another match, a build changed since the match started: refused, saying why.
expect_rc 1 match play "$T/gr" three-arrows --a greedy --b greedy --build-a "$Q" --build-b "$Q" --pairs 3
contains err.txt "holds another match: its b is"
cp "$Q" "$T/q"
match play "$T/rb" three-arrows --a random --build-a "$T/q" --build-b "$Q" --pairs 1 >/dev/null
printf x >>"$T/q"
expect_rc 1 match play "$T/rb" three-arrows --a random --build-a "$T/q" --build-b "$Q" --pairs 1
contains err.txt "rebuilt since the match started"
expect_rc 1 match play "$T/sd" three-arrows --a random:seed=3 --pairs 1 --build-b "$Q" --build-a "$Q"
contains err.txt "give no seed="

# The same agent on both sides of one build: the two games of a pair are one game with the
# sides' names swapped, so every pair scores exactly one half.
match play "$T/same" evons --a ismcts:iterations=20 --build-a "$Q" --build-b "$Q" --pairs 2 >/dev/null
match report "$T/same" >"$T/r"
contains "$T/r" "score 50.0% [50.0, 50.0]"
contains "$T/r" "pairs scoring 0, 1/2, 1, 3/2, 2 of 2: 0 0 2 0 0"

# The same choices: one build against itself chooses alike on every position (exit 0); greedy
# and random do not (exit 1, naming where).
expect_rc 0 match same evons ismcts:iterations=30 --build-a "$Q" --build-b "$Q" --positions 5
contains out.txt "evons ismcts:iterations=30,seed=5: 5 of 5 choices the same"
expect_rc 1 match same three-arrows greedy --spec-b random --build-a "$Q" --build-b "$Q" --positions 5
contains out.txt "position 0: A "

# fishtest's generalized LLR: its own example (pentanomial counts, elo0 -3, elo1 1, logistic),
# 2.1311, where the Brownian approximation (s1 - s0)(2s - s0 - s1) / 2var gives 2.1312.
[ "$(match llr 10789,19328,33806,19402,10543 --elo0 -3 --elo1 1)" = 2.1311 ] || fail "LLR"
# Verdicts: a match that A won every pair of accepts H1, one that it lost every pair of H0.
mkdir -p "$T/won" "$T/lost"
for d in won lost; do
	sed 's/"pairs": [0-9]*/"pairs": 300/' "$T/gr/match.json" >"$T/$d/match.json"
done
for i in $(seq 0 299); do
	echo "{\"pair\":$i,\"seed\":$((i + 1)),\"games\":[{\"seating\":\"AB\",\"ranks\":[1,2],\"decisions\":9,\"cpu\":{\"AB\":0}},{\"seating\":\"BA\",\"ranks\":[2,1],\"decisions\":9,\"cpu\":{\"AB\":0}}],\"score\":1.0}"
done >"$T/won/pairs-1-of-1.jsonl"
sed 's/\[1,2\]/[9,1]/; s/\[2,1\]/[1,2]/; s/\[9,1\]/[2,1]/; s/"score":1.0/"score":0.0/' \
	"$T/won/pairs-1-of-1.jsonl" >"$T/lost/pairs-1-of-1.jsonl"
match report "$T/won" >"$T/r"
contains "$T/r" "H1 accepted: A is not weaker than B by 20 Elo"
match report "$T/lost" >"$T/r"
contains "$T/r" "H0 accepted (Elo -20 rather than +0)"
# --sprt-stop: greedy wins nearly every game against random, so an SPRT of 0 against +400 Elo
# ends long before the 40 pairs.
match play "$T/stop" three-arrows --a greedy --b random --build-a "$Q" --build-b "$Q" --pairs 40 \
	--elo0 0 --elo1 400 --sprt-stop >"$T/s"
contains "$T/s" "SPRT H1 at LLR"
[ "$(wc -l <"$T/stop/pairs-1-of-1.jsonl")" -lt 40 ] || fail "--sprt-stop played every pair"

# A game's score: A's share of its (A seat, B seat) comparisons won by rank, a tie half.
python3 - "$SRC/bench" <<'EOF' || fail "game scores"
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from match import game_score
assert game_score("AB", [1, 2]) == 1 and game_score("BA", [1, 2]) == 0 and game_score("AB", [1, 1]) == 0.5
assert game_score("ABB", [2, 1, 2]) == 0.25 and game_score("AAB", [1, 3, 2]) == 0.5
assert game_score("ABAB", [1, 1, 3, 4]) == 0.625
EOF

# Three seats: pair i takes the i-th seating that starts with A, then every seat swapped.
match play "$T/p3" arrow-party --param players=3 --a beginner --b random --build-a "$Q" \
	--build-b "$Q" --pairs 3 >/dev/null
[ "$(pairs "$T/p3" | python3 -c '
import json, sys
print(" ".join(g["seating"] for l in sys.stdin for g in json.loads(l)["games"]))')" = \
	"AAB BBA ABA BAB ABB BAA" ] || fail "seatings of three: $(pairs "$T/p3")"
match report "$T/p3" >"$T/r"
contains "$T/r" "arrow-party players=3, 3 seats"

# The ladder: every two levels a match, the fit anchored at beginner; hard's spec on one thread.
ladder specs --build "$Q" >"$T/specs"
contains "$T/specs" "hard=ismcts:iterations=30000,threads=1,time=0"
ladder play "$T/lad" --game three-arrows --levels random,beginner,easy --pairs 2 --far-pairs 1 \
	--build "$Q" >/dev/null
for m in random-beginner random-easy beginner-easy; do
	[ -f "$T/lad/three-arrows/$m/match.json" ] || fail "no ladder match $m"
done
ladder report "$T/lad" >"$T/r"
contains "$T/r" "three-arrows: random"
contains "$T/r" "beginner 0  easy +"
contains "$T/r" "beginner against easy: 4 games"
ladder report "$T/lad" --c >"$T/r"
contains "$T/r" 'static const qv_level_elo ta_ladder[] = {'
contains "$T/r" '    {"beginner", 0, 0, 0},'
finish bench/match
